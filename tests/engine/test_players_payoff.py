"""The Pay-Off Flix computer player: placements, tokens, calls, physical tokens, tables."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.game import Action, Game
from engine.holes import parse
from engine.payoff import PLAIN_MAN_VALUE, PayOffFlix
from engine.players import make_player
from engine.players.base import Budget
from engine.players.dice_opponents import play_game
from engine.players.payoff import PayOffPlayer, planned_tokens
from engine.variants import new_game

DEAL = {"deal": [[100, 50, 50, 25, 25, 20], [20, 10, 10, 5, 2, 1]]}


def budget() -> Budget:
    return Budget(clock=lambda: 0.0)


def payoff(players: int = 2, seed: int = 1, options: dict[str, Any] | None = None) -> PayOffFlix:
    game = new_game("payoff", players=players, seed=seed, options=options)
    assert isinstance(game, PayOffFlix)
    return game


def setup(game: Game, holes: list[str]) -> None:
    for hole in holes:
        game.place(hole)


@pytest.mark.parametrize("level", [1, 3, 5])
def test_completes_a_line_without_a_token(level: int) -> None:
    game = payoff(options=DEAL)
    setup(game, ["R-I-S", "B-IV-S", "R-I-H", "B-IV-H", "R-I-D", "G-II-C"])
    made = PayOffPlayer(level, seed=0).decide(game, budget())
    assert made.action == Action("place", hole=parse("R-I-C"))
    assert made.reason == "completes a line" and made.info.mate == 1


@pytest.mark.parametrize("level", [3, 4])
def test_blocks_the_line_it_must(level: int) -> None:
    game = payoff(options=DEAL)
    setup(game, ["R-I-S", "B-IV-S", "G-II-H", "B-IV-H", "Y-III-D", "B-IV-D"])
    made = PayOffPlayer(level, seed=0).decide(game, budget())
    assert made.action.hole == parse("B-IV-C")
    assert made.reason == "blocks an opponent's line"


def test_tokens_are_legal_worth_more_than_plain_and_never_in_the_reason() -> None:
    for seed in range(4):
        game = payoff(seed=seed)
        players = [PayOffPlayer(3, seed), PayOffPlayer(2, seed + 1)]
        attached = 0
        while not game.game_over:
            for seat, player in enumerate(players):
                for action in player.reactions(game, seat):
                    game.apply(action)
            if game.game_over:
                break
            team = game.team_of_seat[game.to_move]
            hand = game.hands[team]
            made = players[game.to_move].decide(game, budget())
            token = made.action.token
            if token is not None:
                attached += 1
                assert token in hand and token > PLAIN_MAN_VALUE
                assert not re.search(rf"\b{token}\b", made.reason)
            game.apply(made.action)
        assert game.winner is None or game.game_value is not None
        assert attached > 0


def test_calls_at_once_and_the_line_pays() -> None:
    game = payoff(options=DEAL)
    setup(game, ["R-I-S", "B-IV-S", "R-I-H", "B-IV-H", "R-I-D", "G-II-C"])
    game.place("R-I-C", at=4.0)
    calls = PayOffPlayer(1, seed=0).reactions(game, 0)
    assert calls == [Action("call", seat=0, at=4.0)]
    game.apply(calls[0])
    assert game.winner == 0 and game.game_value == 4 * PLAIN_MAN_VALUE


def test_physical_tokens_are_entered_as_the_rule_would_have_placed_them() -> None:
    game = payoff(seed=3, options={"token_mode": "physical"})
    players = [PayOffPlayer(3, 0), PayOffPlayer(1, 1)]
    entered = 0
    play_game(game, list(players), lambda: 0.0, {})
    for event in game.events:
        if event.type == "token_entered":
            entered += 1
    assert game.game_over
    if game.winner is not None:
        assert entered == 4 and game.game_value is not None
        planned = planned_tokens(game, game.winner)
        for hole, value in game.entered.items():
            assert value == planned.get(hole)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_full_games_at_level_one(players: int) -> None:
    game = new_game("payoff", players=players, seed=players)
    play_game(game, [make_player("payoff", 1, s) for s in range(players)], lambda: 0.0, {})
    assert game.game_over


def test_same_seed_same_game() -> None:
    def actions() -> list[Action]:
        game = new_game("payoff", seed=8)
        play_game(game, [PayOffPlayer(2, 5), PayOffPlayer(3, 6)], lambda: 0.0, {})
        return game.actions

    assert actions() == actions()


def test_stop_at_once_and_node_budget() -> None:
    game = payoff()
    made = PayOffPlayer(5, 0).decide(game, Budget(clock=lambda: 0.0, stop=lambda: True))
    game.apply(made.action)
    limit = Budget(clock=lambda: 0.0, nodes=25)
    made = PayOffPlayer(5, 0).decide(game, limit)
    assert limit.visited <= 25
    game.apply(made.action)


def test_reports_each_finished_depth() -> None:
    game = payoff()
    setup(game, ["R-I-S", "B-IV-S", "G-II-H"])
    seen: list[tuple[int, int]] = []
    limit = Budget(clock=lambda: 0.0)
    made = PayOffPlayer(4, 0).decide(
        game, limit, lambda info: seen.append((info.depth, info.nodes))
    )
    assert [depth for depth, _ in seen] == [1, 2, 3]
    assert all(nodes <= limit.visited for _, nodes in seen) and seen[-1][1] == limit.visited
    assert made.info.depth == 3 and made.info.pv[0] == made.action
