"""The Qubic computer player, its forcing search, the board symmetries and the match runner."""

from __future__ import annotations

import doctest
import importlib
import random
from collections.abc import Callable

import pytest

from bench.qubic_bench import Resistance
from engine.game import Action, Game
from engine.holes import parse
from engine.lines import LINES
from engine.players import PLAYERS, make_player
from engine.players.arena import match, play_game
from engine.players.base import Budget, Player, SearchInfo
from engine.players.qubic import LEVEL_SETTINGS, QubicPlayer
from engine.players.qubic_opponents import (
    ForcingAttacker,
    ForcingDefender,
    OnePlyPlayer,
    RandomPlayer,
)
from engine.players.qubic_threats import (
    ForcingSearch,
    completing,
    forcing_win,
)
from engine.symmetry import (
    INVERSES,
    SYMMETRIES,
    apply,
    canonical_key,
    canonical_symmetry,
    packed_hash,
)
from engine.variants import new_game


def still() -> float:
    return 0.0


def never() -> bool:
    return False


def budget(nodes: int | None = None, stop: Callable[[], bool] = never) -> Budget:
    return Budget(clock=still, nodes=nodes, stop=stop)


def position(*holes: str, players: int = 2) -> Game:
    """A game after these placements, seats taking turns."""
    game = new_game("qubic", players=players)
    for hole in holes:
        game.place(hole)
    return game


def random_position(rng: random.Random, plies: int) -> Game:
    """A game after up to ``plies`` random placements that end nobody's game (no open three
    left for the mover to complete)."""
    game = new_game("qubic")
    for _ in range(plies):
        own = game.pieces(game.team_of_seat[game.to_move])
        holes = [h for h in range(64) if game.allowed >> h & 1]
        safe = [h for h in holes if not completing(own, game.occupied & ~own) >> h & 1]
        game.place(rng.choice(safe or holes))
        if game.game_over:
            game.pop()
            break
    return game


# ------------------------------------------------------------------ symmetries


def test_there_are_192_distinct_symmetries_each_a_permutation() -> None:
    assert len(set(SYMMETRIES)) == 192
    assert all(sorted(p) == list(range(64)) for p in SYMMETRIES)
    assert SYMMETRIES[0] == tuple(range(64))


def test_every_symmetry_maps_lines_to_lines_and_has_its_inverse() -> None:
    lines = set(LINES)
    for perm, inverse in zip(SYMMETRIES, INVERSES, strict=True):
        assert {apply(perm, line) for line in LINES} == lines
        assert all(inverse[perm[h]] == h for h in range(64))


def test_symmetric_positions_share_a_canonical_key() -> None:
    rng = random.Random(7)
    for _ in range(20):
        first = rng.getrandbits(64)
        second = rng.getrandbits(64) & ~first
        perm = rng.choice(SYMMETRIES)
        key = packed_hash(first, second)
        image = packed_hash(apply(perm, first), apply(perm, second))
        assert canonical_key(image) == canonical_key(key)
        canon = SYMMETRIES[canonical_symmetry(key)]
        assert packed_hash(apply(canon, first), apply(canon, second)) & (2**64 - 1) == (
            canonical_key(key)
        )


def test_colours_and_shapes_tell_positions_apart() -> None:
    corner, edge = 1 << parse("R-I-S"), 1 << parse("R-I-H")
    assert canonical_key(packed_hash(corner, 0)) != canonical_key(packed_hash(edge, 0))
    assert canonical_key(packed_hash(corner, 0)) != canonical_key(packed_hash(0, corner))


# ------------------------------------------------------------------ forcing search


def test_forcing_search_finds_nothing_on_an_empty_board() -> None:
    assert forcing_win(0, 0, ForcingSearch(1000)).moves == 0


# Attacker (seat 0): rows R-I and R-III each hold two, columns S and H of panel R hold two;
# no hole makes two threes at once, so a win needs a forcing sequence (a three first).
SEQUENCE_ATTACK = ("R-I-S", "R-I-H", "R-II-C", "R-III-S", "R-III-H")
SEQUENCE_DEFENCE = ("B-IV-S", "B-IV-H", "G-II-D", "Y-III-H", "G-I-S")


def interleave(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(hole for pair in zip(first, second, strict=True) for hole in pair)


def test_the_sequence_position_has_no_immediate_double_threat() -> None:
    game = position(*interleave(SEQUENCE_ATTACK, SEQUENCE_DEFENCE))
    own, other = game.pieces(0), game.pieces(1)
    assert forcing_win(own, other, ForcingSearch(100_000), 2).moves == 0
    assert forcing_win(own, other, ForcingSearch(100_000), 8).moves >= 3


# ------------------------------------------------------------------ the player


def test_registered_for_qubic() -> None:
    assert PLAYERS["qubic"] is QubicPlayer
    player = make_player("Qubic", 4, seed=3)
    assert isinstance(player, QubicPlayer) and player.level == 4


def test_wins_in_one() -> None:
    game = position("R-I-S", "B-IV-C", "R-I-H", "B-IV-D", "R-I-D", "G-II-S")
    decision = QubicPlayer(3).decide(game, budget())
    assert decision.action == Action("place", hole=parse("R-I-C"))
    assert decision.reason == "wins: completes R-I-S..R-I-C"
    assert decision.info.mate == 1


def test_blocks_a_single_three() -> None:
    game = position("R-I-S", "B-IV-C", "Y-II-H", "B-IV-D", "G-III-H", "B-IV-H")
    decision = QubicPlayer(3).decide(game, budget())
    assert decision.action == Action("place", hole=parse("B-IV-S"))
    assert decision.reason == "blocks B-IV-S..B-IV-C"


def test_makes_two_threes_when_one_hole_does_it() -> None:
    # Row R-I holds R-I-S, R-I-H; column R-C holds R-II-C, R-III-C: R-I-C makes two threes.
    game = position(
        *interleave(
            ("R-I-S", "R-I-H", "R-II-C", "R-III-C"), ("B-IV-S", "B-IV-H", "G-II-D", "Y-III-H")
        )
    )
    decision = QubicPlayer(3).decide(game, budget())
    assert decision.action.hole == parse("R-I-C")
    assert decision.reason == "makes two threes"
    assert decision.info.mate == 2


@pytest.mark.parametrize("defender", [OnePlyPlayer(0), ForcingDefender(0)])
def test_plays_a_forcing_sequence_through_to_the_win(defender: Player) -> None:
    game = position(*interleave(SEQUENCE_ATTACK, SEQUENCE_DEFENCE))
    player = QubicPlayer(3, seed=2)
    first = player.decide(game, budget())
    assert first.reason.startswith("forces a win in ")
    mate = first.info.mate
    assert mate is not None and mate >= 3
    moves = 0
    while not game.game_over:
        seat = game.to_move
        decision = (player if seat == 0 else defender).decide(game, budget())
        game.apply(decision.action)
        moves += seat == 0
    assert game.winner == 0 and moves <= mate


def test_stops_the_other_sides_double_threat() -> None:
    # Seat 1 to move; seat 0 threatens R-I-C (two threes at once) and has no three yet.
    game = position(
        *interleave(
            ("R-I-S", "R-I-H", "R-II-C", "R-III-C"), ("B-IV-S", "G-II-D", "B-I-H", "Y-I-D")
        ),
        "Y-II-S",
    )
    decision = QubicPlayer(3).decide(game, budget())
    game.apply(decision.action)
    assert forcing_win(game.pieces(0), game.pieces(1), ForcingSearch(200_000), 16).moves == 0


@pytest.mark.parametrize("level", [1, 2, 3])
def test_never_plays_an_occupied_hole_and_respects_the_node_budget(level: int) -> None:
    rng = random.Random(level)
    player = QubicPlayer(level, seed=level)
    limit = LEVEL_SETTINGS[level].nodes
    for plies in (0, 3, 8, 14, 21, 30):
        game = random_position(rng, plies)
        if game.game_over:
            continue
        decision = player.decide(game, budget())
        hole = decision.action.hole
        assert hole is not None and game.allowed >> hole & 1
        assert decision.info.nodes <= limit + 40


def test_a_node_cap_in_the_budget_bounds_the_search() -> None:
    game = position("R-I-S", "R-II-H")
    capped = budget(nodes=300)
    decision = QubicPlayer(5).decide(game, capped)
    assert decision.info.nodes <= 340
    assert capped.visited <= 340


def test_stop_at_once_still_gives_a_legal_move() -> None:
    for holes in ((), ("R-I-S", "G-III-H", "B-IV-C", "Y-II-D")):
        game = position(*holes)
        decision = QubicPlayer(5).decide(game, budget(stop=lambda: True))
        hole = decision.action.hole
        assert hole is not None and game.allowed >> hole & 1


def test_info_reports_each_completed_iteration() -> None:
    reports: list[SearchInfo] = []
    QubicPlayer(3).decide(position("R-I-S", "G-II-H"), budget(), reports.append)
    assert reports and [info.depth for info in reports] == [1, 3, 5][: len(reports)]
    assert all(info.pv and info.pv[0].kind == "place" for info in reports)


def test_the_same_seed_plays_the_same_game() -> None:
    def moves() -> tuple[Action, ...]:
        return play_game([QubicPlayer(2, seed=5), OnePlyPlayer(seed=5)], still).actions

    assert moves() == moves()


def test_level_one_plays_differently_from_level_five() -> None:
    actions = play_game([OnePlyPlayer(seed=4), OnePlyPlayer(seed=5)], still).actions
    low, high = QubicPlayer(1, seed=1), QubicPlayer(5, seed=1)
    differ = 0
    for plies in range(1, 9):
        game = new_game("qubic")
        for action in actions[:plies]:
            game.apply(action)
        a = low.decide(game, budget(nodes=3000)).action
        b = high.decide(game, budget(nodes=3000)).action
        differ += a != b
    assert differ >= 1


def test_levels_one_and_two_overlook_some_blocks_and_level_three_none() -> None:
    missed = {1: 0, 2: 0, 3: 0}
    for seed in range(60):
        for level in missed:
            game = position("R-I-S", "B-IV-C", "Y-II-H", "B-IV-D", "G-III-H", "B-IV-H")
            hole = QubicPlayer(level, seed).decide(game, budget()).action.hole
            missed[level] += hole != parse("B-IV-S")
    assert missed[3] == 0
    assert 0 < missed[2] < missed[1] < 60


def test_three_player_games_finish() -> None:
    for seed in range(3):
        seats = [QubicPlayer(level, seed) for level in (1, 3, 5)]
        record = play_game(seats, still)
        assert record.winner in (None, 0, 1, 2)
        assert record.plies <= 64


def test_asks_a_block_only_when_it_stops_another_seat() -> None:
    game = position(
        "G-II-H", "R-I-S", "B-IV-S",
        "Y-III-D", "R-I-H", "B-IV-H",
        "G-III-S", "R-I-D", "B-IV-D",
        players=3,
    )  # fmt: skip
    assert game.to_move == 0
    player = QubicPlayer(3)
    assert player.reactions(game, 2) == [Action("request_block", seat=2)]
    assert player.reactions(game, 1) == []
    assert player.reactions(game, 0) == []
    assert player.reactions(position("R-I-S", "B-IV-C"), 1) == []
    game.apply(Action("request_block", seat=2))
    decision = player.decide(game, budget())
    assert decision.action.hole == parse("R-I-C")


# ------------------------------------------------------------------ opponents and matches


def test_random_player_follows_its_seed() -> None:
    game = new_game("qubic")
    picks = {RandomPlayer(seed).decide(game, budget()).action.hole for seed in range(8)}
    assert len(picks) > 1
    assert RandomPlayer(3).decide(game, budget()) == RandomPlayer(3).decide(game, budget())


def test_defender_refutes_a_double_threat() -> None:
    game = position(
        *interleave(
            ("R-I-S", "R-I-H", "R-II-C", "R-III-C"), ("B-IV-S", "G-II-D", "B-I-H", "Y-I-D")
        ),
        "Y-II-S",
    )
    decision = ForcingDefender(0).decide(game, budget())
    assert decision.reason == "stops a forcing win"
    game.apply(decision.action)
    assert forcing_win(game.pieces(0), game.pieces(1), ForcingSearch(200_000), 16).moves == 0


def test_match_counts_every_game_from_our_side() -> None:
    result = match(RandomPlayer, OnePlyPlayer, 4, still, ours_first=None)
    assert result.wins + result.draws + result.losses == 4 == len(result.plies)
    assert result.losses >= 3


def test_level_three_beats_the_random_player() -> None:
    result = match(lambda s: QubicPlayer(3, s), RandomPlayer, 3, still, ours_first=None)
    assert result.wins == 3


def test_level_three_opens_and_beats_the_one_ply_player() -> None:
    result = match(lambda s: QubicPlayer(3, s), OnePlyPlayer, 2, still, seed=40)
    assert result.wins == 2


@pytest.mark.parametrize(
    "module_name",
    [
        "engine.players.qubic",
        "engine.players.qubic_threats",
        "engine.players.qubic_opponents",
        "engine.players.arena",
    ],
)
def test_docstring_examples(module_name: str) -> None:
    module = importlib.import_module(module_name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


# ------------------------------------------------------------------ resisting a lost position

LOST = (
    "G-III-H", "Y-III-H", "G-III-D", "G-III-C", "G-II-D", "G-IV-D",
    "G-II-H", "Y-II-D", "B-I-S", "Y-I-C", "Y-IV-S",
)  # fmt: skip
"""Seat 1 to move and lost: after each of its replies seat 0 has a forcing win."""


def forcing_moves_after(game: Game, hole: int) -> int:
    """The fewest moves of seat 0's forcing win after seat 1 plays ``hole`` (0: none), each
    move count tried in turn with a search far larger than the player's."""
    attacker, defender = game.pieces(0), game.pieces(1) | 1 << hole
    for moves in range(2, 25):
        if forcing_win(attacker, defender, ForcingSearch(100_000), moves).moves:
            return moves
    return 0


@pytest.mark.parametrize(("level", "moves", "mate"), [(4, 5, None), (5, 6, -6)])
def test_a_lost_second_player_picks_the_reply_that_holds_out_longest(
    level: int, moves: int, mate: int | None
) -> None:
    """Level 5 finds the longest hold (6 moves); level 4, whose smaller budget runs out before
    it finds the win after its reply (no mate reported), one of 5; level 3 cuts lines."""
    game = position(*LOST)
    lengths = {
        hole: forcing_moves_after(game, hole) for hole in range(64) if game.allowed >> hole & 1
    }
    assert all(lengths.values())
    decision = QubicPlayer(level).decide(game, budget())
    hole = decision.action.hole
    assert hole is not None
    # Y-III-D cuts most of seat 0's lines (the reply level 3 plays): a win in 4.
    assert max(lengths.values()) == 6 and lengths[parse("Y-III-D")] == 4
    assert lengths[hole] == moves
    assert decision.info.nodes <= LEVEL_SETTINGS[level].nodes + 40
    assert decision.info.mate == mate
    assert QubicPlayer(3).decide(game, budget()).action.hole == parse("Y-III-D")


@pytest.mark.parametrize(
    ("games", "ranks"), [(40, (14, 27)), (100, (40, 61)), (200, (86, 115)), (5, (1, 5))]
)
def test_the_resistance_median_interval_is_the_binomial_order_statistics(
    games: int, ranks: tuple[int, int]
) -> None:
    """The 95 % interval of the median is the pair of order statistics of the binomial tables
    (1-based ranks; 40 games: the 14th and 27th), here of games lasting 1, 2, ... placements in
    shuffled order; too few games for 95 % give the whole range."""
    plies = list(range(1, games + 1))
    random.Random(games).shuffle(plies)
    assert Resistance(tuple(plies), games, ()).median_interval == ranks


def test_the_forcing_attacker_opens_and_wins_against_the_top_level() -> None:
    record = play_game([ForcingAttacker(seed=3), QubicPlayer(5, seed=3)], still)
    assert record.winner == 0
