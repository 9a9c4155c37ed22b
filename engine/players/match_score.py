"""One side's results over a match: wins, draws (a half) and losses; its score with a 95 %
interval, and the Elo difference a score stands for.

>>> tally = MatchScore(games=200, wins=120, draws=10, losses=70)
>>> round(100 * tally.score), [round(100 * bound) for bound in tally.wilson()]
(62, [56, 69])
>>> round(tally.interval, 1), round(elo_difference(tally.score))
(6.5, 89)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Self

from engine.game import Game

Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""


@dataclass
class MatchScore:
    """One side's wins, draws (a win 1, a draw 1/2) and losses over ``games``."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def count(self, game: Game, seat: int) -> None:
        """Count ``game`` as ``seat`` played it: a game that did not end, or ended without a
        winner, is a draw."""
        self.games += 1
        if not game.game_over or game.winner is None:
            self.draws += 1
        elif game.winner == game.team_of_seat[seat]:
            self.wins += 1
        else:
            self.losses += 1

    def add(self, other: Self) -> None:
        """Count ``other``'s games too."""
        self.games += other.games
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses

    @property
    def score(self) -> float:
        """The share of the points (0..1; 0.5 for no games)."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.5

    @property
    def percent(self) -> float:
        """:attr:`score` in percent."""
        return 100 * self.score

    @property
    def interval(self) -> float:
        """The half-width of the 95 % interval of :attr:`percent` (the normal approximation
        over the games' scores of 1, 1/2 and 0; 0 for no games)."""
        if not self.games:
            return 0.0
        mean = self.score
        second = (self.wins + self.draws / 4) / self.games
        return 100 * Z95 * math.sqrt(max(0.0, second - mean * mean) / self.games)

    def wilson(self, z: float = Z95) -> tuple[float, float]:
        """The Wilson score interval of :attr:`score` (0..1; a draw counts a half)."""
        if not self.games:
            return 0.0, 1.0
        n, p = self.games, self.score
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def summary(self) -> str:
        """``+120 =10 -70, 62.5 % ± 6.5``: the line a match in progress prints."""
        return (
            f"+{self.wins} ={self.draws} -{self.losses}, {self.percent:.1f} % ± {self.interval:.1f}"
        )


def elo_difference(score: float, games: int = 0) -> float:
    """The Elo difference that expects ``score``; with ``games``, a score of 0 or 1 counts as
    half a game less (or more), so that a clean sweep gives a finite figure."""
    if games:
        score = min(max(score, 0.5 / games), 1 - 0.5 / games)
    if not 0 < score < 1:
        raise ValueError(f"no finite Elo difference for a score of {score!r}")
    return -400 * math.log10(1 / score - 1)
