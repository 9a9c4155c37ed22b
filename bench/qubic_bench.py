"""Figures of the Qubic player: strength against the reference opponents, time per move, nodes/s.

Pure functions of an injected clock; ``flixboard bench`` reports them
(``bench/bench_targets.py``).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from engine.players.arena import MatchResult, SeededPlayer, match
from engine.players.base import DEFAULT_LEVEL, Budget, Clock, Player
from engine.players.qubic import QubicPlayer
from engine.players.qubic_opponents import ForcingDefender, OnePlyPlayer, RandomPlayer
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
