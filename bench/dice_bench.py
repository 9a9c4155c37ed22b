"""Figures for the Lucky Flix player: playouts per second and match scores (the bench calls
these; the clock comes in as an argument).

>>> playout_rate(iter(range(100)).__next__, playouts=10) > 0
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.players.base import DEFAULT_LEVEL, Clock, Player
from engine.players.dice_opponents import (
    FlatMonteCarloPlayer,
    MatchResult,
    OnePlyPlayer,
    play_match,
)
from engine.players.fast_lucky import LuckySim
from engine.players.lucky import LuckyPlayer
from engine.variants import new_game

OPPONENTS: dict[str, Callable[[], Player]] = {
    "flat": lambda: FlatMonteCarloPlayer(seed=7),
    "oneply": OnePlyPlayer,
    "level1": lambda: LuckyPlayer(1, seed=9),
}
"""The yardsticks by name: flat Monte Carlo (256 playouts a hole), one-ply, our level 1."""


def playout_rate(clock: Clock, playouts: int = 2000, greedy: bool = True) -> float:
    """Playouts per second from the empty two-player board."""
    sim = LuckySim.from_game(new_game("lucky", seed=1))
    rng = random.Random(1)
    start = clock()
    for _ in range(playouts):
        sim.playout(0, 0, rng, greedy)
    return playouts / max(clock() - start, 1e-9)


def lucky_match(
    games: int, clock: Clock, opponent: str = "flat", level: int = DEFAULT_LEVEL, seed: int = 1000
) -> MatchResult:
    """``games`` games of our ``level`` against the named yardstick, seats alternating."""
    return play_match(lambda: LuckyPlayer(level, seed=1), OPPONENTS[opponent], games, clock, seed)
