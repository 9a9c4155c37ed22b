"""The Olix computer player: it wins with a super-pattern, blocks the opponent's, scores, is
deterministic for its seed and level, and beats random placements in a short seeded match
(the full target, 200 games, is ``python -m bench --only bench_olix``)."""

from __future__ import annotations

import pytest

from bench.olix_bench import random_games, versus_random
from engine.errors import IllegalAction, SettingError
from engine.game import Action, Game
from engine.olix_patterns import GRID
from engine.players import PLAYERS, make_player
from engine.players.base import Budget, SearchInfo
from engine.players.olix import OlixPlayer, OlixSearch, shapes_for, winning_cells
from engine.variants import new_game
from tests.engine.olix_helpers import cells, position


def budget(nodes: int | None = None) -> Budget:
    return Budget(clock=lambda: 0.0, nodes=nodes)


def chosen(level: int, game: Game, seed: int = 0) -> str:
    made = OlixPlayer(level, seed).decide(game, budget())
    return GRID.name(made.action.hole or 0)


def test_registered_for_olix() -> None:
    assert PLAYERS["olix"] is OlixPlayer
    player = make_player("OLIX", 2, seed=4)
    assert isinstance(player, OlixPlayer) and player.level == 2
    with pytest.raises(SettingError):
        make_player("olix", 6)


@pytest.mark.parametrize("level", [1, 3, 5])
def test_takes_a_super_pattern(level: int) -> None:
    game = position("a3 b3 c3 d3 e3 f3 g3", "a5 b5 c5 d5 e5 f5 g5")
    made = OlixPlayer(level, 0).decide(game, budget())
    assert GRID.name(made.action.hole or 0) == "h3" and made.info.mate == 1
    assert made.reason == "makes the super-pattern I-8 at h3 and wins"


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_blocks_the_opponents_super_pattern(level: int) -> None:
    game = position("a3 j2 b10", "b4 c5 d6 e7 f8 g9 h10")
    assert chosen(level, game) == "i11"  # X-8 there would win for the second player


def test_winning_cells_of_an_open_seven() -> None:
    own = cells("b3 c3 d3 e3 f3 g3 h3")
    supers = shapes_for((9, 8, 7, 7)).supers[GRID.parse("h3")]
    assert winning_cells(own, 0, supers) == cells("a3 i3")
    assert winning_cells(own, cells("i3"), supers) == cells("a3")


@pytest.mark.parametrize("level", [2, 3, 5])
def test_makes_a_double_threat(level: int) -> None:
    """Six in a row with both ends open: a seventh leaves two cells that make I-8."""
    game = position("c5 d5 e5 f5 g5 h5", "k11 k1 a10 j8 a1 b11")
    assert chosen(level, game) in ("b5", "i5")


def test_scores_a_pattern_when_nothing_else_presses() -> None:
    game = position("b2 c2 b3", "j9 j7 h8")
    made = OlixPlayer(3, 0).decide(game, budget())
    assert GRID.name(made.action.hole or 0) == "c3"
    assert made.reason.startswith("scores at c3")


def test_first_move_in_the_centre() -> None:
    assert chosen(3, new_game("olix")) == "f6"


def test_same_seed_same_moves_and_node_budget() -> None:
    game = position("e5 f6 g5", "e6 f5 g7")
    first = OlixPlayer(3, 7).decide(game, budget())
    again = OlixPlayer(3, 7).decide(game, budget())
    assert first.action == again.action and first.info.nodes == again.info.nodes
    capped = OlixPlayer(5, 7).decide(game, budget(nodes=50))
    assert capped.info.nodes <= 50 + 121  # stops within one node expansion of the cap


def test_never_changes_the_game_and_reports_info() -> None:
    game = position("e5 f6 g5", "e6 f5 g7")
    before = game.to_json()
    seen: list[SearchInfo] = []
    made = OlixPlayer(4, 1).decide(game, budget(), seen.append)
    assert game.to_json() == before and seen and seen[-1].pv == (made.action,)
    assert made.action.kind == "place" and game.allowed >> (made.action.hole or 0) & 1


def test_refuses_other_games_and_finished_ones() -> None:
    with pytest.raises(IllegalAction, match="an Olix player cannot play qubic"):
        OlixPlayer(3).decide(new_game("qubic"), budget())
    game = position("f6")
    game.apply(Action("resign", seat=0))
    with pytest.raises(IllegalAction, match="nothing for an Olix player to do"):
        OlixPlayer(3).decide(game, budget())
    assert OlixPlayer(3).reactions(game, 1) == []


def test_beats_random_placements() -> None:
    """A fast seeded sanity match: 6 games, seats alternating."""
    result = versus_random(lambda: 0.0, level=3, games=6, seed=40)
    assert result.games == 6 and result.wins == 6


def test_random_games_helper_counts_the_endings() -> None:
    played = random_games(20, seed=9)
    assert played.games == 20 and sum(played.reasons.values()) == 20
    assert set(played.reasons) <= {"super-pattern", "board full"}
    assert 0 < played.longest <= 121


def test_the_top_level_answers_each_reply_it_searches() -> None:
    """Three placements: a placement less the opponent's best reply, each reply less the best
    answer to it (all replies, none cut off, equal the same sum made over the game after the
    placement); the search's counters and scoring area are left as they were."""
    game = position("e5 f6 g5", "e6 f5 g7")
    search = OlixSearch(game, budget(), 5, 0, 3)
    before = (list(search.boards), dict(search.area))
    cell = GRID.parse("f7")
    searched = search.reply_value(0, cell, GRID.cells, float("inf"))
    assert (search.boards, search.area) == before
    game.place("f7")
    after = OlixSearch(game, budget(), 5, 0, 3)
    replies = [reply for reply in range(GRID.cells) if after.candidates() >> reply & 1]
    assert replies
    every = max(
        after.worth(1, reply).total - after.after(1, reply, float("inf")) for reply in replies
    )
    assert searched == pytest.approx(every)
    made = OlixPlayer(5, 0).decide(position("e5 f6 g5", "e6 f5 g7"), budget())
    assert made.info.depth == 3
