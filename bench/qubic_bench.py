"""Figures of the Qubic player: strength against the reference opponents, time per move, nodes/s,
and how long the top level resists as second player against strong first players.

Pure functions of an injected clock; ``python -m bench`` reports them
(``bench/bench_targets.py``).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from engine.players.arena import MatchResult, SeededPlayer, match
from engine.players.base import DEFAULT_LEVEL, Budget, Clock, Player
from engine.players.qubic import QubicPlayer
from engine.players.qubic_opponents import (
    ForcingAttacker,
    ForcingDefender,
    OnePlyPlayer,
    RandomPlayer,
)
from engine.variants import new_game

STRENGTH_MATCHES: tuple[tuple[str, str, int, bool | None], ...] = (
    ("first vs forcing defender", "defender", 20, True),
    ("first vs one-ply", "one-ply", 20, True),
    ("second vs one-ply attacker", "one-ply", 50, False),
    ("vs random (alternating)", "random", 100, None),
)
"""(label, opponent, games, we open?) of each target match."""

OPPONENTS: dict[str, SeededPlayer] = {
    "defender": ForcingDefender,
    "one-ply": OnePlyPlayer,
    "random": RandomPlayer,
}


def strength(
    clock: Clock,
    level: int = DEFAULT_LEVEL,
    movetime: float | None = None,
    scale: float = 1.0,
) -> dict[str, MatchResult]:
    """The target matches (games scaled by ``scale``, at least 1 each), label -> result."""

    def ours(seed: int) -> Player:
        return QubicPlayer(level, seed)

    results = {}
    for label, opponent, games, first in STRENGTH_MATCHES:
        count = max(1, round(games * scale))
        results[label] = match(
            ours, OPPONENTS[opponent], count, clock, ours_first=first, movetime=movetime
        )
    return results


@dataclass(frozen=True)
class MoveTimes:
    """Seconds per move of the player over some games, and its search speed."""

    median: float
    """Over every move, forced ones (wins, blocks) included."""
    median_searched: float
    """Over the moves that ran the search."""
    worst: float
    moves: int
    nodes_per_second: float


def move_times(
    clock: Clock,
    level: int = DEFAULT_LEVEL,
    games: int = 4,
    movetime: float | None = None,
    seed: int = 0,
) -> MoveTimes:
    """Time every move the player makes in ``games`` games against the forcing defender (taking
    turns to open); moves without any search (wins, blocks) count too."""
    seconds: list[float] = []
    searched: list[float] = []
    nodes = 0
    for i in range(games):
        players: list[Player] = [QubicPlayer(level, seed + i), ForcingDefender(seed + i)]
        if i % 2:
            players.reverse()
        ours = players[0] if not i % 2 else players[1]
        game = new_game("qubic")
        while not game.game_over:
            player = players[game.to_move]
            budget = Budget(clock=clock, movetime=movetime)
            decision = player.decide(game, budget)
            if player is ours:
                seconds.append(budget.elapsed())
                nodes += decision.info.nodes
                if decision.info.nodes > 1:
                    searched.append(seconds[-1])
            game.apply(decision.action)
    total = sum(seconds)
    return MoveTimes(
        statistics.median(seconds),
        statistics.median(searched) if searched else 0.0,
        max(seconds),
        len(seconds),
        nodes / total if total > 0 else 0.0,
    )


RESIST_ATTACKERS: dict[str, SeededPlayer] = {
    "level 5": lambda seed: QubicPlayer(5, seed),
    "forcing attacker": ForcingAttacker,
}
"""The first players the second player's resistance is measured against."""
RESIST_GAMES = 200
"""Games the placements' median is taken over: a first player's win falls on an odd placement,
so the median of 40 games swings between the 29 and 31 around it (30: the two straddle it)."""
RESIST_SEED = 9_000
"""The figure's game seeds start here (settings were tuned on other seeds)."""


@dataclass(frozen=True)
class Resistance:
    """Games of a first player against the second player at some level."""

    plies: tuple[int, ...]
    """Placements of each game (the first player's four included)."""
    first_wins: int
    move_seconds: tuple[float, ...]
    """Seconds of each of the second player's moves."""

    @property
    def quartiles(self) -> tuple[float, float, float]:
        """The lower quartile, median and upper quartile of the games' plies."""
        if len(self.plies) < 2:
            return (float(self.plies[0]),) * 3 if self.plies else (0.0, 0.0, 0.0)
        low, median, high = statistics.quantiles(self.plies, n=4, method="inclusive")
        return low, median, high

    @property
    def median_interval(self) -> tuple[int, int]:
        """A 95 % interval of the median placements, free of any assumed distribution: the
        ``k``-th shortest and the ``k``-th longest of the ``n`` games, with ``k`` the largest
        rank for which fewer than ``k`` heads in ``n`` fair coin flips have a chance of at most
        2.5 % (the whole range when the games are too few)."""
        plies = sorted(self.plies)
        n = len(plies)
        below, k = 0.0, 0
        while k < n // 2 and (below := below + math.comb(n, k) / 2**n) <= 0.025:
            k += 1
        return (plies[k - 1], plies[n - k]) if k else (plies[0], plies[-1])


def resistance(
    clock: Clock,
    attacker: SeededPlayer,
    games: int = RESIST_GAMES,
    seed: int = RESIST_SEED,
    level: int = 5,
) -> Resistance:
    """``games`` games of ``attacker`` (first, seeded ``seed + i``) against the player at
    ``level`` as second player (the same seed), every move of the second player timed."""
    plies: list[int] = []
    seconds: list[float] = []
    wins = 0
    for i in range(games):
        players: tuple[Player, Player] = (attacker(seed + i), QubicPlayer(level, seed + i))
        game = new_game("qubic")
        while not game.game_over:
            budget = Budget(clock=clock)
            decision = players[game.to_move].decide(game, budget)
            if game.to_move == 1:
                seconds.append(budget.elapsed())
            game.apply(decision.action)
        wins += game.winner == 0
        plies.append(sum(action.kind == "place" for action in game.actions))
    return Resistance(tuple(plies), wins, tuple(seconds))
