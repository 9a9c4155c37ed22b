"""The Flip 4 computer player: wins, blocks, corner jumps, reasons, levels, a seeded match."""

from __future__ import annotations

import pytest

from bench.flip4_bench import RandomFlip4Player, flip4_match, random_playouts
from engine.flip4 import GRID, Flip4
from engine.game import Action, Phase
from engine.players import PLAYERS, make_player
from engine.players.base import Budget
from engine.players.flip4 import Flip4Player
from engine.players.flip4_search import Board, Memo, Position, step_value, steps_now
from engine.variants import new_game


def budget(nodes: int | None = None) -> Budget:
    return Budget(clock=lambda: 0.0, nodes=nodes)


def flip4(position: str, players: int = 2) -> Flip4:
    game = new_game("flip4", players=players, seed=2, options={"position": position})
    assert isinstance(game, Flip4)
    return game


def test_the_player_is_registered_for_flip4() -> None:
    assert PLAYERS["flip4"] is Flip4Player
    assert isinstance(make_player("flip4", 5, 1), Flip4Player)


def test_it_rolls_and_says_how_many_throws_let_it_move() -> None:
    game = flip4("b1 c1 d1 e2 / a3 a4 b5 c5")  # 8 20 5 2
    made = Flip4Player(3).decide(game, budget())
    # throws matching 8, 20, 5 or 2: 1/1 1/2 1/3 1/4 1/5 1/6 2/3 2/4 2/6 3/5 4/4 4/5 4/6 (test_
    # engine_flip4's perft count): 2 doubles + 11 others = 1*2 + 2*11 = 24 of 36
    assert made.action == Action("roll")
    assert made.reason == "rolls: 24 of 36 throws let it move" and made.info.score == 67


@pytest.mark.parametrize("level", [1, 3, 5])
def test_it_takes_a_win(level: int) -> None:
    game = flip4("b2 c2 d2 d3 / a3 a4 b5 c5")
    game.roll("6/4")  # 24 on d3, 2 on e2 (empty)
    made = Flip4Player(level).decide(game, budget())
    assert made.action == Action("move", hole=GRID.parse("d3"), to=GRID.parse("e2"))
    assert made.reason == "moves d3 (24) to e2 (2): wins" and made.info.mate == 1


def test_it_breaks_a_line_of_three_that_threatens() -> None:
    """Seat 1 holds c2 c3 c4 with c5 open and its b4 (18) beside c5: seat 0 on 9 (c5's number
    is 9) places there."""
    game = flip4("a2 e2 e4 / c2 c3 c4")
    game.roll("4/5")  # 9, 1, 20: c5 (9) or c1 (20); 1 is c3, taken
    made = Flip4Player(3).decide(game, budget())
    assert made.action == Action("place", hole=GRID.parse("c5"))
    assert made.reason.startswith("places on c5 (9): best of 2 by a 2-turn look-ahead")


def test_a_corner_jump_is_a_step_into_the_corner_then_a_landing() -> None:
    """b1 (8) jumps through the corner a1 and lands on a2 or e2, completing a line of row 2."""
    game = flip4("b1 b2 c2 d2 / a3 a4 b5 c5")
    game.roll("6/2")  # 8, 4, 12: only b1 is seat 0's
    player = Flip4Player(3)
    made = player.decide(game, budget())
    assert made.action == Action("move", hole=GRID.parse("b1"), to=GRID.parse("a1"))
    assert made.reason.startswith("steps from b1 (8) into the corner a1 for ")
    assert made.reason.endswith(": wins")
    game.apply(made.action)
    assert game.phase == Phase.AWAIT_JUMP
    landing = player.decide(game, budget())
    assert landing.action.hole in (GRID.parse("a2"), GRID.parse("e2"))
    assert landing.reason in ("lands on a2 (3): wins", "lands on e2 (2): wins")
    game.apply(landing.action)
    assert game.winner == 0


def test_the_same_seed_plays_the_same_and_budgets_cut_the_look_ahead() -> None:
    game = new_game("flip4", seed=4)
    game.roll("3/2")
    first = Flip4Player(3, seed=7).decide(game, budget())
    again = Flip4Player(3, seed=7).decide(game, budget())
    assert first == again and first.info.depth == 2
    small = Flip4Player(3, seed=7).decide(game, budget(nodes=5))
    assert small.info.depth == 1 and game.actions == [Action("roll", throw="3/2")]


def test_positions_met_again_cost_no_nodes_and_keep_their_values() -> None:
    game = new_game("flip4", seed=4)
    assert isinstance(game, Flip4)
    game.roll("3/2")
    position, board = Position.from_game(game), Board.of(game)
    step = steps_now(game)[0]
    spent: list[int] = []

    def spend() -> bool:
        spent.append(1)
        return False

    memo: Memo = {}
    first = step_value(position, board, step, game.reverse, 3, spend, memo)
    nodes = len(spent)
    assert step_value(position, board, step, game.reverse, 3, spend, memo) == first
    assert len(spent) == nodes and nodes > 0
    assert step_value(position, board, step, game.reverse, 3, lambda: False, {}) == first


def test_levels_4_and_5_look_a_turn_further_than_level_3() -> None:
    game = new_game("flip4", seed=4)
    game.roll("3/2")
    depths = [Flip4Player(level, seed=7).decide(game, budget()).info.depth for level in (3, 4, 5)]
    assert depths == [2, 3, 3]


def test_level_3_beats_random_play_in_a_short_seeded_match() -> None:
    """The bench plays 200 games (docs/computer-players.md); here 6, enough to fail a player that
    does not try."""
    result = flip4_match(6, clock=lambda: 0.0, level=3, seed=11)
    assert result.wins >= 5


def test_a_random_player_only_makes_legal_moves() -> None:
    game = new_game("flip4", players=3, seed=9)
    player = RandomFlip4Player(1)
    for _ in range(200):
        if game.game_over:
            break
        game.apply(player.decide(game, budget()).action)
    assert len(game.actions) > 50


def test_random_games_never_raise_and_always_end() -> None:
    """The bench plays 10,000 (docs/computer-players.md); the suite 40 of 2, 3 and 4 players."""
    played = random_playouts(40, seed=0)
    assert played.games == 40 and played.won + played.drawn == 40
