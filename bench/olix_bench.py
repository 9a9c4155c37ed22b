"""Olix yardsticks: the player against random legal placements, and random games through the
engine (the rule engine must never raise and every game must end)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import count

from engine.bitboard import scan_forward
from engine.events import GameOver
from engine.players.base import DEFAULT_LEVEL, Clock
from engine.players.dice_opponents import MatchResult, play_match
from engine.players.olix import OlixPlayer
from engine.players.qubic_opponents import RandomPlayer
from engine.variants import new_game


def versus_random(
    clock: Clock, level: int = DEFAULT_LEVEL, games: int = 200, seed: int = 0
) -> MatchResult:
    """``games`` games of the player at ``level`` against random legal placements, seats
    alternating (game ``i``: seed ``seed + i`` for the game and both players)."""
    ours, theirs = count(seed), count(seed)
    return play_match(
        lambda: OlixPlayer(level, next(ours)),
        lambda: RandomPlayer(next(theirs)),
        games,
        clock,
        seed,
        "olix",
    )


@dataclass
class RandomGames:
    """How ``games`` uniformly random games ended: ``reasons`` counts each ``game_over``
    reason, ``longest`` is the most placements one took."""

    games: int = 0
    longest: int = 0
    reasons: dict[str, int] = field(default_factory=dict)


def random_games(games: int, seed: int = 0) -> RandomGames:
    """Play ``games`` games of uniformly random placements through the engine (game ``i`` with
    seed ``seed + i``), each until it ends; any exception is a bug and propagates."""
    result = RandomGames()
    for number in range(games):
        rng = random.Random(seed + number)
        game = new_game("olix", seed=seed + number)
        while not game.game_over:
            game.place(rng.choice(list(scan_forward(game.allowed))))
        over = game.events[-1]
        assert isinstance(over, GameOver)
        reason = over.reason
        result.games += 1
        result.longest = max(result.longest, game.placements)
        result.reasons[reason] = result.reasons.get(reason, 0) + 1
    return result
