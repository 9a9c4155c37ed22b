"""The Lucky Flix computer player, its fast simulation, calls, yardsticks and match runner."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import random
from fractions import Fraction

import pytest

import engine.players
from engine.dice import all_throws, read_throw
from engine.game import Action, Game
from engine.holes import parse
from engine.players import make_player
from engine.players.base import Budget
from engine.players.dice_opponents import (
    FlatMonteCarloPlayer,
    OnePlyPlayer,
    play_game,
    play_match,
)
from engine.players.fast_lucky import LuckySim, table_of
from engine.players.flix_calls import call_reactions
from engine.players.line_search import threats
from engine.players.lucky import LuckyPlayer
from engine.variants import new_game
from tests.engine.engine_helpers import play

PLAYER_MODULES = sorted(
    info.name for info in pkgutil.iter_modules(engine.players.__path__, "engine.players.")
)


def budget() -> Budget:
    return Budget(clock=lambda: 0.0)


@pytest.mark.parametrize("module_name", PLAYER_MODULES)
def test_player_docstring_examples(module_name: str) -> None:
    module = importlib.import_module(module_name)
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0


def three_in_row() -> Game:
    """Seat 0 holds R-I-S, R-I-H, R-I-D; seat 1 holds B-IV-S, B-IV-H, B-IV-D; seat 0 to roll."""
    game = new_game("lucky", seed=1)
    for hole in ("R-I-S", "B-IV-S", "R-I-H", "B-IV-H", "R-I-D", "B-IV-D"):
        play(game, hole)
    return game


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_completes_a_line_when_the_dice_allow(level: int) -> None:
    game = three_in_row()
    game.roll("red/win/clubs")
    made = LuckyPlayer(level, seed=4).decide(game, budget())
    assert made.action == Action("place", hole=parse("R-I-C"))
    assert made.reason == "completes a line"


@pytest.mark.parametrize("level", [3, 4])
def test_blocks_the_line_it_must(level: int) -> None:
    game = new_game("lucky", seed=1)
    for hole in ("R-I-S", "B-IV-S", "G-II-H", "B-IV-H", "Y-III-D", "B-IV-D"):
        play(game, hole)
    game.roll("blue/win/clubs")
    made = LuckyPlayer(level, seed=2).decide(game, budget())
    assert made.action.hole == parse("B-IV-C")
    assert made.reason.startswith("blocks an opponent's line")


def test_calls_its_own_line_at_once_inside_the_window() -> None:
    game = three_in_row()
    game.roll("red/I/clubs")
    game.place("R-I-C", at=12.5)
    for level in range(1, 6):
        calls = LuckyPlayer(level, seed=level).reactions(game, 0)
        assert calls == [Action("call", seat=0, at=12.5)]
    game.apply(calls[0])
    assert game.winner == 0 and game.events[-2].data["how"] == "call"


def completed_but_not_called(players: int = 2) -> Game:
    game = three_in_row() if players == 2 else new_game("lucky", players=players, seed=1)
    if players == 2:
        game.roll("red/I/clubs")
        game.place("R-I-C", at=1.0)
    return game


def test_no_penalty_while_the_window_is_open() -> None:
    game = completed_but_not_called()
    assert call_reactions(game, 1, 5, seed=0) == []


def test_penalty_once_a_later_placement_closed_the_window() -> None:
    game = completed_but_not_called()
    play(game, "G-III-D", at=2.0)
    calls = LuckyPlayer(5, seed=0).reactions(game, 1)
    assert [action.kind for action in calls] == ["penalty"]
    game.apply(calls[0])
    assert game.pieces(0) & 0xF == 0 and not game.game_over


def test_penalty_alertness_grows_with_the_level() -> None:
    game = completed_but_not_called()
    play(game, "G-III-D", at=2.0)
    seen = {
        level: sum(bool(LuckyPlayer(level, seed).reactions(game, 1)) for seed in range(200))
        for level in (1, 3, 5)
    }
    assert seen[5] == 200
    assert 0 < seen[1] < seen[3] < 200
    again = [bool(LuckyPlayer(1, seed).reactions(game, 1)) for seed in range(200)]
    assert sum(again) == seen[1]


def test_a_beginner_notices_sooner_or_later() -> None:
    game = completed_but_not_called()
    player = LuckyPlayer(1, seed=3)
    for hole in ("G-III-D", "G-IV-D", "G-I-D", "Y-I-D", "Y-IV-D", "Y-II-C", "G-II-C", "Y-III-C"):
        play(game, hole)
        if player.reactions(game, 1):
            return
    pytest.fail("level 1 never noticed the line in eight placements")


def test_free_throws_fff_and_lost_turns() -> None:
    game = three_in_row()
    player = LuckyPlayer(2, seed=0)
    game.roll("win/win/flix")
    assert player.decide(game, budget()).action.kind == "roll"
    game.roll("red/I/spades")  # every allowed hole is occupied: that throw is lost
    assert game.events[-1].type == "turn_lost" or game.to_move == 0
    game.roll("green/win/win")
    assert game.free_throws == 0 and game.to_move == 0
    made = player.decide(game, budget())
    game.apply(made.action)
    game.roll("flix/flix/flix")
    assert game.to_move == 0
    made = player.decide(game, budget())
    assert made.action.kind == "place"
    assert made.action.hole == parse("R-I-C")


def test_fff_gives_the_opponent_any_hole_and_it_blocks() -> None:
    game = three_in_row()
    game.roll("flix/flix/flix")
    assert game.to_move == 1
    made = LuckyPlayer(3, seed=1).decide(game, budget())
    assert made.action.hole == parse("B-IV-C")
    assert made.reason == "completes a line"


def test_same_seed_same_moves_and_different_seed_plays_on() -> None:
    def moves(seed: int) -> list[Action]:
        game = new_game("lucky", seed=11)
        play_game(game, [LuckyPlayer(2, seed), LuckyPlayer(2, seed + 1)], lambda: 0.0, {})
        return game.actions

    assert moves(5) == moves(5)


def test_stop_at_once_still_gives_a_legal_placement() -> None:
    game = new_game("lucky", seed=1)
    game.roll("win/win/win")
    made = LuckyPlayer(5, seed=0).decide(game, Budget(clock=lambda: 0.0, stop=lambda: True))
    game.apply(made.action)
    assert game.placements == 1


@pytest.mark.parametrize("nodes", [1, 40, 300])
def test_node_budget_is_respected(nodes: int) -> None:
    game = new_game("lucky", seed=1)
    game.roll("red/win/win")
    limit = Budget(clock=lambda: 0.0, nodes=nodes)
    seen: list[int] = []
    made = LuckyPlayer(4, seed=0).decide(game, limit, lambda info: seen.append(info.nodes))
    assert limit.visited == nodes
    assert made.info.nodes == nodes and all(count <= nodes for count in seen)
    assert made.action.hole is not None and game.allowed >> made.action.hole & 1


def test_roll_reports_the_chance_to_complete() -> None:
    game = three_in_row()
    made = LuckyPlayer(3, seed=0).decide(game, budget())
    table = table_of(game)
    chance = table.chance_to_reach(1 << parse("R-I-C"))
    assert made.action == Action("roll")
    assert made.info.score == round(100 * chance) and f"{round(100 * chance)}%" in made.reason


def test_throw_table_matches_the_dice() -> None:
    table = table_of(new_game("lucky"))
    hole = parse("G-II-D")
    hits = sum(
        1
        for throw in all_throws()
        if read_throw(throw).kind in ("holes", "anywhere") and read_throw(throw).holes >> hole & 1
    )
    assert table.chance_to_reach(1 << hole) == Fraction(hits, 216)
    assert len(table.kinds) == 216


def test_playouts_end_with_a_winner_or_a_draw_for_every_table() -> None:
    for players in (2, 3, 4, 6):
        sim = LuckySim.from_game(new_game("lucky", players=players, seed=2))
        rng = random.Random(players)
        results = {sim.playout(0, 0, rng, greedy=players % 2 == 0) for _ in range(200)}
        assert results <= {-1, *range(sim.teams)} and len(results) > 1


def test_odds_favour_the_team_with_a_completing_hole_and_the_thrower() -> None:
    game = three_in_row()
    play(game, "Y-II-S")  # seat 0 places: only seat 0 now has a completing hole (R-I-C)
    play(game, "G-III-S")
    sim = LuckySim.from_game(game)
    pieces, threats = list(sim.pieces), list(sim.threats)
    assert threats[0] == 1 << parse("R-I-C") and threats[1] == 1 << parse("B-IV-C")
    for seat in (0, 1):
        for team in (0, 1):
            assert sim.odds(pieces, threats, seat, team) == 1 - sim.odds(
                pieces, threats, seat, 1 - team
            )
    assert sim.odds(pieces, threats, 0, 0) > 0.5 > sim.odds(pieces, threats, 1, 0)
    only_ours = [threats[0], 0]
    assert sim.odds(pieces, only_ours, 1, 0) > 0.5
    quiet = LuckySim.from_game(new_game("lucky", seed=1))
    assert quiet.odds(list(quiet.pieces), list(quiet.threats), 0, 0) == 0.5


def test_threats_of_finds_the_missing_hole() -> None:
    game = three_in_row()
    assert threats(game.pieces(0), game.occupied) == 1 << parse("R-I-C")


@pytest.mark.parametrize("players", [3, 4, 6])
def test_full_games_at_level_one_with_partners(players: int) -> None:
    game = new_game("lucky", players=players, seed=players)
    seats = [make_player("lucky", 1, seed) for seed in range(players)]
    play_game(game, list(seats), lambda: 0.0, {})
    assert game.game_over


def test_flat_monte_carlo_takes_a_winning_hole() -> None:
    game = three_in_row()
    game.roll("red/win/clubs")
    made = FlatMonteCarloPlayer(seed=1, playouts=8).decide(game, budget())
    assert made.action.hole == parse("R-I-C")


def test_match_runner_alternates_seats_and_is_repeatable() -> None:
    def run() -> tuple[int, int, int]:
        result = play_match(
            lambda: LuckyPlayer(2, 1),
            lambda: FlatMonteCarloPlayer(seed=2, playouts=4),
            4,
            clock=lambda: 0.0,
            seed=30,
        )
        return result.wins, result.draws, result.losses

    first = run()
    assert sum(first) == 4 and first == run()
    assert play_match(lambda: OnePlyPlayer(), lambda: OnePlyPlayer(), 2, lambda: 0.0).games == 2


def test_penalty_while_waiting_for_calls_is_timed_after_the_window() -> None:
    game = new_game("lucky", seed=1, options={"men_per_team": 4})
    for hole in ("R-I-S", "B-IV-S", "R-I-H", "B-IV-H"):
        play(game, hole)
    game.roll("flix/flix/flix")
    game.place("G-II-C")
    play(game, "R-I-D")
    play(game, "B-I-S")
    play(game, "R-I-C", at=5.0)
    assert game.phase == "await_calls"
    assert game.to_move == 0
    made = LuckyPlayer(1, seed=0).decide(game, budget())
    assert made.action == Action("call", seat=0, at=5.0) and made.reason == "calls FLIX"
    penalty = LuckyPlayer(5, seed=0).reactions(game, 1)
    assert penalty == [Action("penalty", seat=1, at=5.0 + 3.0 + 0.001)]
    game.apply(penalty[0])
    assert game.supply[0] == 4 and game.phase == "await_roll"


def test_a_beginner_misses_a_block_now_and_then_a_stronger_level_never() -> None:
    game = new_game("lucky", seed=1)
    for hole in ("R-I-S", "B-IV-S", "G-II-H", "B-IV-H", "Y-III-D", "B-IV-D"):
        play(game, hole)
    game.roll("blue/win/clubs")
    block = parse("B-IV-C")

    def blocks(level: int, seeds: int) -> int:
        return sum(
            LuckyPlayer(level, seed).decide(game, budget()).action.hole == block
            for seed in range(seeds)
        )

    assert 0 < blocks(1, 20) < 20
    assert blocks(3, 8) == 8  # level 3's search is 80 times dearer: fewer seeds


def test_movetime_is_a_cap_on_the_injected_clock() -> None:
    ticks = iter(range(10**6))

    def clock() -> float:
        return next(ticks) / 1000  # every reading of the clock is one millisecond later

    game = new_game("lucky", seed=1)
    game.roll("win/win/win")
    limit = Budget(clock=clock, movetime=0.02)
    made = LuckyPlayer(5, seed=0).decide(game, limit)
    assert made.action.hole is not None and game.allowed >> made.action.hole & 1
    assert limit.visited < 20 and made.info.seconds <= 0.025
