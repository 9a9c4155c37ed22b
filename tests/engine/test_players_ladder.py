"""The level ladder's machinery (``flixboard bench --only bench_ladder``) on a few cheap games:
its statistics, its seating, its chunks on two processes; and the levels' settings, each level
given more than the one below. No strength is asserted here: the figures are the bench's."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pytest

from bench.ladder import ROWS, Estimate, Rung, Tally, elo_difference, play_rung, run_rung, wilson
from engine.players import flip4, lucky, olix, payoff, qubic, tactflix
from engine.players.base import DEFAULT_LEVEL, LEVELS
from engine.players.flix_calls import ALERTNESS
from engine.players.flix_common import MISTAKE_CHANCE


def test_the_wilson_interval_holds_the_score_and_narrows_with_more_games() -> None:
    small, large = Tally(20, 12, 0, 8), Tally(2000, 1200, 0, 800)
    for tally in (small, large):
        low, high = wilson(tally)
        assert low < tally.score == 0.6 < high
    assert wilson(large)[0] > 0.5 > wilson(small)[0]
    assert wilson(Tally(100, 50, 0, 50)) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson(Tally()) == (0.0, 1.0)


def test_a_draw_counts_a_half_and_tallies_add() -> None:
    tally = Tally(4, 1, 2, 1)
    tally.add(Tally(2, 2, 0, 0))
    assert (tally.games, tally.wins, tally.draws, tally.losses) == (6, 3, 2, 1)
    assert tally.score == pytest.approx(4 / 6)


def test_elo_is_zero_at_even_and_finite_for_a_sweep() -> None:
    assert elo_difference(0.5) == 0
    assert elo_difference(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo_difference(0.25) == pytest.approx(-190.85, abs=0.01)
    assert math.isfinite(elo_difference(1.0, games=200))
    with pytest.raises(ValueError, match="no finite Elo"):
        elo_difference(1.0)
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


@pytest.mark.parametrize("variant", ["qubic", "payoff", "tactflix", "flip4", "olix", "lucky"])
def test_a_rung_plays_whole_games_and_repeats_them(variant: str) -> None:
    rung = Rung(variant, 2)
    tally = play_rung(rung, 0, 2)
    assert tally.games == tally.wins + tally.draws + tally.losses == 2
    assert tally.mean_placements >= 4  # no game ends before a line of four
    assert play_rung(rung, 0, 2) == tally


def test_chunks_on_two_processes_play_the_same_games_as_one() -> None:
    rung = Rung("qubic", 2, "second")
    assert run_rung(rung, 4, workers=2, chunk=1) == run_rung(rung, 4, workers=1, chunk=3)


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
    assert _shrinks_to_zero([olix.NOISE[level] for level in LEVELS])
    assert _grows([ALERTNESS[level] for level in LEVELS])
    assert qubic.LEVEL_SETTINGS[1].overlook > 0
    assert all(qubic.LEVEL_SETTINGS[level].overlook == 0 for level in LEVELS[1:])
    assert 0 < flip4.BLUNDER < 1
