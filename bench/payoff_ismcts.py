"""Pay-Off at equal time: the information-set player against the plain line-search player.

Pure: the clock comes in as an argument. Both players are level 5 and see the game only through
:func:`~engine.players.view.seat_view` of their seat; each decision may take ``movetime`` seconds
and the level's own node budget, whichever ends first. Neither player draws at random at level 5,
so every game starts from a seeded opening (:func:`bench.openings.opening`: the deal of the
tokens and two random placements), and games ``2k`` and ``2k + 1`` play the same opening (seed
``seed + k``) with the seats swapped: the information-set player takes seat 0 in even-numbered
games and seat 1 in odd ones, so chunks starting at an even game add up to one match.

A game's score is the usual one (a win 1, a draw 1/2); Pay-Off is played for money, so the
result also keeps what each game paid the information-set player (negative: what it paid).

>>> part = play_chunk(0, 2, clock=lambda: 0.0, nodes=300)
>>> part.games, len(part.paid), part.wins + part.draws + part.losses
(2, 2, 2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Self

from bench.openings import opening
from engine.payoff import PayOffFlix
from engine.players.base import Clock, Player
from engine.players.dice_opponents import MatchResult
from engine.players.dice_opponents import play_game as play_to_end
from engine.players.match_score import Z95
from engine.players.payoff import PayOffPlayer
from engine.players.payoff_ismcts import InfoSetPayOffPlayer

LEVEL = 5
MOVETIME = 0.1
"""Seconds each player may take per decision."""
MEASURE_SEED = 700_000
"""Game ``i`` of the measurement has seed ``MEASURE_SEED + i`` (tuning used other seeds)."""
INFOSET_SEED, PLAIN_SEED = 21, 23
"""The players' own seeds."""


@dataclass
class PayOffResult(MatchResult):
    """The information-set player's results (:class:`MatchResult`: its score and the seconds of
    its placements) and what each game paid it."""

    paid: list[int] = field(default_factory=list)

    def add(self, other: Self) -> None:
        """Count ``other``'s games in too."""
        super().add(other)
        self.paid.extend(other.paid)

    def summary(self) -> str:
        """The score's line and the money share's: ``..., money 69.5 % ± 6.3``."""
        return f"{super().summary()}, money {self.money_percent:.1f} % ± {self.money_interval:.1f}"

    @property
    def money_percent(self) -> float:
        """Of the points that changed hands, the share that went to the information-set player."""
        won = sum(p for p in self.paid if p > 0)
        moved = sum(abs(p) for p in self.paid)
        return 100 * won / moved if moved else 50.0

    @property
    def money_interval(self) -> float:
        """The half-width of the 95 % interval of :attr:`money_percent` (delta method over the
        games: the share is a ratio of two per-game sums)."""
        n = len(self.paid)
        moved = [abs(p) for p in self.paid]
        total = sum(moved)
        if n < 2 or not total:
            return 0.0
        share = sum(p for p in self.paid if p > 0) / total
        residuals = [max(p, 0) - share * m for p, m in zip(self.paid, moved, strict=True)]
        variance = sum(r * r for r in residuals) / (n - 1)
        return 100 * Z95 * math.sqrt(variance * n) / total


def play_game(
    game: PayOffFlix, players: list[Player], clock: Clock, movetime: float | None, nodes: int | None
) -> dict[int, list[float]]:
    """Play ``game`` to its end, each seat on its view; the placement seconds of each seat."""
    times: dict[int, list[float]] = {}
    play_to_end(game, players, clock, times, movetime, nodes=nodes, viewed=True)
    return times


def play_chunk(
    first_game: int,
    games: int,
    clock: Clock,
    *,
    movetime: float | None = MOVETIME,
    nodes: int | None = None,
    seed: int = MEASURE_SEED,
) -> PayOffResult:
    """Games ``first_game`` .. ``first_game + games - 1`` of the match (``first_game`` even);
    ``nodes`` caps every decision on top of the levels' own budgets (``None``: no cap)."""
    if first_game % 2:
        raise ValueError(f"a chunk starts at an even-numbered game: {first_game}")
    result = PayOffResult()
    for number in range(first_game, first_game + games):
        game = opening("payoff", seed + number // 2)
        assert isinstance(game, PayOffFlix)
        ours = number % 2
        infoset: Player = InfoSetPayOffPlayer(LEVEL, INFOSET_SEED)
        plain: Player = PayOffPlayer(LEVEL, PLAIN_SEED)
        seats = [infoset, plain] if ours == 0 else [plain, infoset]
        times = play_game(game, seats, clock, movetime, nodes)
        result.move_seconds.extend(times.get(ours, []))
        result.paid.append(game.ledger[game.team_of_seat[ours]])
        result.count(game, ours)
    return result
