"""The level ladder's machinery (``python -m bench --only bench_ladder``) on a few cheap games:
its statistics, its seating, its chunks on two processes; and the levels' settings, each level
given more than the one below. No strength is asserted here: the figures are the bench's."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from bench.ladder import (
    OPENINGS,
    ROWS,
    Estimate,
    Rung,
    Tally,
    main,
    play_rung,
    play_rung_game,
    run_rung,
    second_result,
)
from engine.players import flip4, lucky, olix, payoff, qubic, tactflix
from engine.players.base import DEFAULT_LEVEL, LEVELS
from engine.players.flix_calls import ALERTNESS
from engine.players.flix_common import MISTAKE_CHANCE


def test_tallies_add_their_placements_and_a_sweep_has_a_finite_elo() -> None:
    tally = Tally(4, 1, 2, 1, placements=80)
    tally.add(Tally(2, 2, 0, 0, placements=40))
    assert (tally.games, tally.wins, tally.placements, tally.mean_placements) == (6, 3, 120, 20)
    estimate = Estimate.of(Tally(200, 200, 0, 0))
    assert estimate.elo_low < estimate.elo == estimate.elo_high
    assert estimate.figures("ladder_x")["ladder_x_score_pct"] == 100.0


def test_rungs_name_their_seating_and_refuse_other_levels() -> None:
    assert Rung("qubic", 3, "first").name == "qubic_first_l3_vs_l2"
    assert Rung("lucky", 2).name == "lucky_l2_vs_l1"
    assert [Rung("olix", 2).higher_seat(n) for n in range(4)] == [0, 1, 0, 1]
    assert {Rung("qubic", 5, "second").higher_seat(n) for n in range(3)} == {1}
    for level in (1, 6):
        with pytest.raises(ValueError, match="rung"):
            Rung("qubic", level)
    with pytest.raises(ValueError, match="seating"):
        Rung("qubic", 2, "middle")
    assert {variant for variant, _ in ROWS} == {
        "lucky",
        "payoff",
        "tactflix",
        "qubic",
        "flip4",
        "olix",
    }


def test_the_command_plays_one_rung_when_given_its_level(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["qubic:first", "2", "2"])
    printed = dict(line.split() for line in capsys.readouterr().out.splitlines())
    assert all(name.startswith("ladder_qubic_first_l2_vs_l1_") for name in printed)
    assert printed["ladder_qubic_first_l2_vs_l1_games"] == "2"
    with pytest.raises(SystemExit, match="LEVEL"):
        main(["qubic", "2", "1"])


@pytest.mark.parametrize("variant", ["qubic", "payoff", "tactflix", "flip4", "olix", "lucky"])
def test_a_rung_plays_whole_games_and_repeats_them(variant: str) -> None:
    rung = Rung(variant, 2)
    tally = play_rung(rung, 0, 2)
    assert tally.games == tally.wins + tally.draws + tally.losses == 2
    assert tally.mean_placements >= 4  # no game ends before a line of four
    assert play_rung(rung, 0, 2) == tally


def test_a_dice_free_rung_plays_a_different_game_from_each_seed_and_replays_each() -> None:
    # Tac-T-Flix levels 4 and 3 draw nothing at random: before the openings, games 0 and 2
    # (the same seats, seeds 700,000 and 700,002) were one and the same game.
    rung = Rung("tactflix", 4)
    first, other = play_rung_game(rung, 0), play_rung_game(rung, 2)
    assert first.game_over and other.game_over
    assert first.actions != other.actions
    assert play_rung_game(rung, 0).actions == first.actions  # the same seed, the same game
    assert first.actions[:2] != other.actions[:2]  # they part at the opening


@pytest.mark.parametrize("variant", sorted(OPENINGS))
def test_each_opening_is_played_from_both_sides_and_the_same_seed_replays_it(
    variant: str,
) -> None:
    rung = Rung(variant, 3)
    starts = [rung.start(number) for number in range(4)]
    assert [rung.game_seed(number) for number in range(4)] == [700_000, 700_000, 700_001, 700_001]
    assert [game.placements for game in starts] == [2, 2, 2, 2]
    assert starts[0].actions == starts[1].actions != starts[2].actions == starts[3].actions
    assert rung.higher_seat(0) != rung.higher_seat(1)
    assert rung.start(2).actions == starts[2].actions
    assert Rung(variant, 3, "first").game_seed(3) == 700_003


def test_qubic_lucky_and_flip4_start_from_the_empty_board() -> None:
    assert OPENINGS.isdisjoint({"qubic", "lucky", "flip4"})
    for variant, seating in (("qubic", "first"), ("lucky", "alternate"), ("flip4", "alternate")):
        rung = Rung(variant, 3, seating)
        assert rung.game_seed(1) == 700_001 and rung.start(1).placements == 0


def test_seated_second_each_game_is_paired_with_the_lower_level_in_its_place() -> None:
    rung = Rung("qubic", 2, "second")
    pairs = [(play_rung_game(rung, n), play_rung_game(rung, n, stand_in=True)) for n in range(4)]
    for game, stand_in in pairs:
        assert game.actions[0] == stand_in.actions[0], "the same first player's first move"
        assert game.game_over and stand_in.game_over
    results = [(second_result(game), second_result(stand_in)) for game, stand_in in pairs]
    tally = play_rung(rung, 0, 4)
    assert tally.wins == sum(higher > lower for higher, lower in results)
    assert tally.draws == sum(higher == lower for higher, lower in results)
    assert tally.placements == sum(game.placements for game, _ in pairs)
    assert any(higher != lower for higher, lower in results), "level 1 overlooks more than level 2"


def test_the_second_player_fares_better_by_winning_then_by_lasting() -> None:
    tally = Tally()
    tally.compare((1, -30), (-1, 40))  # a win beats any loss
    tally.compare((-1, 31), (-1, 29))  # a longer loss beats a shorter one
    tally.compare((1, -20), (1, -26))  # a quicker win beats a slower one
    tally.compare((0, 0), (1, -40))  # a draw loses to a win
    tally.compare((-1, 25), (-1, 25))
    assert (tally.games, tally.wins, tally.draws, tally.losses) == (5, 3, 1, 1)


def test_chunks_on_two_processes_play_the_same_games_as_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rung = Rung("qubic", 2, "second")
    assert run_rung(rung, 4, workers=2, chunk=1) == run_rung(rung, 4, workers=1, chunk=3)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 4 + 2
    assert lines[-1].startswith("qubic_second_l2_vs_l1: 4/4 games, +")
    assert " placements, " in lines[-1] and lines[-1].endswith(" s")


def _grows(values: Sequence[float]) -> bool:
    return all(low < high for low, high in itertools.pairwise(values))


def _shrinks_to_zero(values: Sequence[float]) -> bool:
    return _grows(list(values)[::-1]) and values[-1] == 0


def test_every_game_gives_each_level_a_larger_budget_than_the_one_below() -> None:
    budgets = {
        "qubic": [qubic.LEVEL_SETTINGS[level].nodes for level in LEVELS],
        "lucky": [lucky.PLAYOUTS[1], lucky.PLAYOUTS[2]]
        + [lucky.SEARCH_NODES[n] for n in LEVELS[2:]],
        "payoff": [payoff.NODES[level] for level in LEVELS],
        "tactflix": [tactflix.NODES[level] for level in LEVELS],
        "flip4": [flip4.NODES[level] for level in LEVELS],
        "olix": [olix.NODES[level] for level in LEVELS],
    }
    for variant, nodes in budgets.items():
        assert _grows(nodes), variant
    assert set(lucky.PLAYOUTS) | set(lucky.SEARCH_NODES) == set(LEVELS)
    for depths in (payoff.DEPTH, tactflix.DEPTH, flip4.DEPTH, olix.DEPTH):
        assert all(depths[level] <= depths[level + 1] for level in LEVELS[:-1])
        assert depths[max(LEVELS)] > depths[DEFAULT_LEVEL] or depths is olix.DEPTH


def test_the_lower_levels_err_more_and_the_top_level_never() -> None:
    assert _shrinks_to_zero([MISTAKE_CHANCE[level] for level in LEVELS[:3]])
    assert _shrinks_to_zero([olix.NOISE[level] for level in LEVELS[1:]]) and olix.NOISE[1] > 0
    assert _grows([ALERTNESS[level] for level in LEVELS])
    assert _shrinks_to_zero([qubic.LEVEL_SETTINGS[level].overlook for level in LEVELS[:3]])
    assert 0 < flip4.BLUNDER < 1
