"""The Lucky Flix expectimax over the dice and the equal-time flat Monte Carlo yardstick."""

from __future__ import annotations

from collections import Counter

import pytest

from bench.lucky_equal_time import play_chunk
from engine.bitboard import scan_forward
from engine.dice import all_throws, read_throw
from engine.game import Game
from engine.holes import parse
from engine.players.base import Budget
from engine.players.dice_opponents import MatchResult
from engine.players.fast_lucky import FREE_KIND, OPPONENT_KIND, LuckySim, table_of
from engine.players.lucky import LuckyPlayer
from engine.players.lucky_flat import ROUNDS, EqualTimeFlatPlayer
from engine.players.lucky_search import outcomes, search
from engine.variants import new_game
from tests.engine.engine_helpers import play


def opponent_threatens() -> Game:
    """Blue has three Men on B-IV (S, H, D); red's throw allows the row R-I-*... and B-IV-C."""
    game = new_game("lucky", seed=1)
    for hole in ("R-I-S", "B-IV-S", "G-II-H", "B-IV-H", "Y-III-D", "B-IV-D"):
        play(game, hole)
    game.roll("blue/win/clubs")
    return game


def test_outcomes_merge_the_216_throws_that_allow_the_same_holes() -> None:
    game = new_game("lucky", seed=1)
    merged = outcomes(table_of(game))
    assert sum(chance for chance, _, _ in merged) == pytest.approx(1.0)
    kinds = Counter(kind for _, kind, _ in merged)
    assert kinds[FREE_KIND] == kinds[OPPONENT_KIND] == 1
    sizes = Counter(mask.bit_count() for _, kind, mask in merged if kind not in (1, 2))
    assert sizes == {1: 64, 4: 48, 16: 12, 64: 1}
    readings = Counter(
        reading.holes
        for reading in map(read_throw, all_throws())
        if reading.kind in ("holes", "anywhere")
    )
    for chance, kind, mask in merged:
        if kind not in (FREE_KIND, OPPONENT_KIND):
            assert chance * 216 == pytest.approx(readings[mask])


def test_the_search_deepens_with_its_budget_and_stops_on_the_node() -> None:
    game = new_game("lucky", seed=2)
    game.roll("win/II/hearts")
    holes = list(scan_forward(game.allowed))
    depths = {}
    for nodes in (2, 4, 600, None):
        limit = Budget(clock=lambda: 0.0, nodes=nodes)
        result = search(game, LuckySim.from_game(game), holes, limit, 3)
        assert result.hole in holes
        assert nodes is None or limit.visited == nodes
        depths[nodes] = result.depth
    assert depths == {2: 0, 4: 1, 600: 2, None: 3}


@pytest.mark.parametrize("level", [3, 4, 5])
def test_every_search_level_blocks_the_line_it_must(level: int) -> None:
    game = opponent_threatens()
    made = LuckyPlayer(level, seed=0).decide(game, Budget(clock=lambda: 0.0, nodes=2000))
    assert made.action.hole == parse("B-IV-C")
    assert made.reason.startswith("blocks an opponent's line")


def test_the_flat_yardstick_shares_its_playouts_equally() -> None:
    game = opponent_threatens()
    holes = (game.allowed & ~game.occupied).bit_count()
    limit = Budget(clock=lambda: 0.0, nodes=3 * holes + 1)
    made = EqualTimeFlatPlayer(seed=1).decide(game, limit)
    assert limit.visited == 4 * holes  # whole rounds only: no hole left behind
    assert made.action.hole is not None and game.allowed >> made.action.hole & 1
    unbounded = Budget(clock=lambda: 0.0)
    EqualTimeFlatPlayer(seed=1).decide(game, unbounded)
    assert unbounded.visited == ROUNDS * holes


def test_an_equal_time_chunk_alternates_seats_and_counts_every_game() -> None:
    ticks = iter(range(10**7))
    result = play_chunk("search_vs_flat", 2, 2, clock=lambda: next(ticks) / 1000)
    assert isinstance(result, MatchResult)
    assert result.games == 2 == result.wins + result.draws + result.losses
    with pytest.raises(ValueError, match="even"):
        play_chunk("search_vs_flat", 1, 2, clock=lambda: 0.0)
