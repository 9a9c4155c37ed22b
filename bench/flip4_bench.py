"""Flip 4 yardsticks: a random-legal-move player, matches against it, random playouts.

>>> result = flip4_match(2, clock=lambda: 0.0, level=1, seed=3)
>>> result.games, result.wins + result.draws + result.losses
(2, 2)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.flip4 import Flip4, legal_actions
from engine.game import Action, Game, Phase
from engine.players.base import Budget, Clock, Decision, InfoSink, Player, SearchInfo
from engine.players.dice_opponents import MatchResult
from engine.players.flip4 import Flip4Player
from engine.variants import new_game


class RandomFlip4Player:
    """Rolls, then picks any legal action with equal chance (seeded per position)."""

    level = 1

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """No calls in Flip 4."""
        return []

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """A roll, else a uniformly random legal action."""
        assert isinstance(game, Flip4)
        if game.phase == Phase.AWAIT_ROLL:
            action = Action("roll")
        else:
            rng = random.Random(f"random:{self.seed}:{len(game.actions)}:{game.to_move}")
            action = rng.choice(legal_actions(game))
        return Decision(action, "a random legal action", SearchInfo(0, 0, 0, 0.0))


def flip4_match(games: int, clock: Clock, level: int, seed: int = 0) -> MatchResult:
    """``games`` two-player games of the Flip 4 player at ``level`` against
    :class:`RandomFlip4Player`, seats alternating, game ``i`` with seed ``seed + i``; the move
    seconds are the player's decisions other than rolls."""
    result = MatchResult()
    for number in range(games):
        game = new_game("flip4", players=2, seed=seed + number)
        ours = number % 2
        players: list[Player] = [
            Flip4Player(level, seed + number),
            RandomFlip4Player(seed + number),
        ]
        if ours:
            players.reverse()
        while not game.game_over:
            seat = game.to_move
            budget = Budget(clock=clock)
            made = players[seat].decide(game, budget)
            if seat == ours and game.phase != Phase.AWAIT_ROLL:
                result.move_seconds.append(budget.elapsed())
            game.apply(made.action)
        result.count(game, ours)
    return result


@dataclass
class Playouts:
    """Random games played through the engine: how many, how they ended, the longest."""

    games: int = 0
    won: int = 0
    drawn: int = 0
    most_turns: int = 0
    actions: int = 0


def random_playouts(games: int, seed: int = 0) -> Playouts:
    """``games`` games of 2, 3 and 4 random players in turn (seeds ``seed``, ``seed + 1``,
    ...), every action validated by the engine; raises whatever the engine raises."""
    stats = Playouts()
    for number in range(games):
        game = new_game("flip4", players=2 + number % 3, seed=seed + number)
        assert isinstance(game, Flip4)
        rng = random.Random(seed + number)
        while not game.game_over:
            if game.phase == Phase.AWAIT_ROLL:
                game.apply(Action("roll"))
            else:
                game.apply(rng.choice(legal_actions(game)))
        stats.games += 1
        stats.won += game.winner is not None
        stats.drawn += game.draw
        stats.most_turns = max(stats.most_turns, game.turns)
        stats.actions += len(game.actions)
    return stats
