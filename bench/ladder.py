"""The level ladder: each level of a game against the level just below it, scored with a 95 %
interval and as an Elo difference.

A rung is one pairing (level ``N`` against ``N - 1`` of one variant, seats alternating, or, for
Qubic, the higher level always first or always second). Game ``i`` of a rung has seed
``SEED + i`` for the game (its dice), the higher level and the lower one (``+ 1``); the levels
are bounded by their node budgets, no movetime cap, so a rung plays the same games on every
machine. The games of a rung run in chunks on ``WORKERS`` processes.

``python -m bench.ladder qubic:first 200`` plays one row (the four rungs of that variant and
seating) and prints each rung's figures as it finishes.

>>> tally = Tally(games=200, wins=120, draws=10, losses=70, placements=4000)
>>> round(100 * tally.score), [round(100 * bound) for bound in wilson(tally)]
(62, [56, 69])
>>> round(elo_difference(0.625))
89
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from engine.players import make_player
from engine.players.base import LEVELS, Clock, Player
from engine.players.dice_opponents import play_game
from engine.variants import new_game

SEED = 700_000
"""The first game seed of every rung: no bench, test or tuning run uses seeds from here."""
WORKERS = 2
CHUNK = 10
"""Games per chunk (even, so that alternating seats stay balanced across chunks)."""
Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""
SEATINGS = ("alternate", "first", "second")
"""Where the higher level sits: seat 0 in even games and seat 1 in odd ones, always seat 0, or
always seat 1."""
ROWS: tuple[tuple[str, str], ...] = (
    ("lucky", "alternate"),
    ("payoff", "alternate"),
    ("tactflix", "alternate"),
    ("qubic", "first"),
    ("qubic", "second"),
    ("flip4", "alternate"),
    ("olix", "alternate"),
)
"""The ladder's rows: a variant and where its higher level sits."""


@dataclass(frozen=True)
class Rung:
    """Level ``level`` of ``variant`` against ``level - 1``, seated by ``seating``."""

    variant: str
    level: int
    seating: str = "alternate"

    def __post_init__(self) -> None:
        if self.level - 1 not in LEVELS or self.level not in LEVELS:
            raise ValueError(f"a rung pairs level 2..5 with the one below: {self.level!r}")
        if self.seating not in SEATINGS:
            raise ValueError(f"seating must be one of {SEATINGS}: {self.seating!r}")

    @property
    def name(self) -> str:
        """``qubic_first_l3_vs_l2``, ``lucky_l2_vs_l1``: the figures' prefix after ``ladder_``."""
        seating = "" if self.seating == "alternate" else f"_{self.seating}"
        return f"{self.variant}{seating}_l{self.level}_vs_l{self.level - 1}"

    def higher_seat(self, number: int) -> int:
        """The seat of the higher level in game ``number``."""
        if self.seating == "alternate":
            return number % 2
        return 0 if self.seating == "first" else 1


def rungs(variant: str, seating: str = "alternate") -> tuple[Rung, ...]:
    """The four rungs of one row: 2 against 1 up to 5 against 4."""
    return tuple(Rung(variant, level, seating) for level in LEVELS[1:])


@dataclass
class Tally:
    """The higher level's results: wins, draws (counted a half) and losses, and the
    placements of all the games."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    placements: int = 0

    @property
    def score(self) -> float:
        """The higher level's share of the points (0..1; 0.5 for no games)."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.5

    def add(self, other: Tally) -> None:
        """Count ``other``'s games too."""
        self.games += other.games
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        self.placements += other.placements

    @property
    def mean_placements(self) -> float:
        """Placements per game (0 for no games)."""
        return self.placements / self.games if self.games else 0.0


def play_rung(
    rung: Rung, first_game: int, games: int, clock: Clock = time.perf_counter, seed: int = SEED
) -> Tally:
    """Games ``first_game`` .. ``first_game + games - 1`` of ``rung`` (game ``i``: seed
    ``seed + i`` for the game and the higher level, ``seed + i + 1`` for the lower one)."""
    tally = Tally()
    for number in range(first_game, first_game + games):
        game_seed = seed + number
        game = new_game(rung.variant, players=2, seed=game_seed)
        high = rung.higher_seat(number)
        higher = make_player(rung.variant, rung.level, game_seed)
        lower = make_player(rung.variant, rung.level - 1, game_seed + 1)
        seats: list[Player] = [higher, lower] if high == 0 else [lower, higher]
        play_game(game, seats, clock, {})
        tally.games += 1
        tally.placements += game.placements
        if not game.game_over or game.winner is None:
            tally.draws += 1
        elif game.winner == game.team_of_seat[high]:
            tally.wins += 1
        else:
            tally.losses += 1
    return tally


def wilson(tally: Tally, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the higher level's score (a draw counts a half)."""
    if not tally.games:
        return 0.0, 1.0
    n, p = tally.games, tally.score
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_difference(score: float, games: int = 0) -> float:
    """The Elo difference that expects ``score``; with ``games``, a score of 0 or 1 counts as
    half a game less (or more), so that a clean sweep gives a finite figure."""
    if games:
        score = min(max(score, 0.5 / games), 1 - 0.5 / games)
    if not 0 < score < 1:
        raise ValueError(f"no finite Elo difference for a score of {score!r}")
    return -400 * math.log10(1 / score - 1)


@dataclass(frozen=True)
class Estimate:
    """A rung's score and Elo difference, each with its 95 % interval."""

    games: int
    score: float
    low: float
    high: float
    elo: float
    elo_low: float
    elo_high: float
    placements: float

    @classmethod
    def of(cls, tally: Tally) -> Estimate:
        """The estimate from ``tally``."""
        low, high = wilson(tally)
        n = tally.games
        return cls(
            n,
            tally.score,
            low,
            high,
            elo_difference(tally.score, n),
            elo_difference(low, n),
            elo_difference(high, n),
            tally.mean_placements,
        )

    def figures(self, prefix: str) -> dict[str, float]:
        """``prefix_games``, ``_score_pct``, ``_ci95_low_pct``, ``_ci95_high_pct``, ``_elo``,
        ``_elo_low``, ``_elo_high``, ``_placements`` (per game)."""
        return {
            f"{prefix}_games": self.games,
            f"{prefix}_score_pct": round(100 * self.score, 1),
            f"{prefix}_ci95_low_pct": round(100 * self.low, 1),
            f"{prefix}_ci95_high_pct": round(100 * self.high, 1),
            f"{prefix}_elo": round(self.elo),
            f"{prefix}_elo_low": round(self.elo_low),
            f"{prefix}_elo_high": round(self.elo_high),
            f"{prefix}_placements": round(self.placements, 1),
        }


def _chunks(games: int, chunk: int) -> Iterator[tuple[int, int]]:
    for first in range(0, games, chunk):
        yield first, min(chunk, games - first)


def run_rung(
    rung: Rung, games: int, workers: int = WORKERS, chunk: int = CHUNK, seed: int = SEED
) -> Tally:
    """Play ``games`` games of ``rung`` (first game seed ``seed``) in chunks on ``workers``
    processes (1: in this one), printing a line to stderr as each chunk ends."""
    total = Tally()
    started = time.monotonic()

    def report() -> None:
        estimate = Estimate.of(total)
        print(
            f"{rung.name}: {total.games}/{games} +{total.wins} ={total.draws} -{total.losses} "
            f"{100 * estimate.score:.1f} % [{100 * estimate.low:.1f}, {100 * estimate.high:.1f}]"
            f" {estimate.placements:.1f} placements {time.monotonic() - started:.0f} s",
            file=sys.stderr,
            flush=True,
        )

    if workers <= 1:
        for first, count in _chunks(games, chunk):
            total.add(play_rung(rung, first, count, seed=seed))
            report()
        return total
    with ProcessPoolExecutor(workers) as pool:
        futures = [
            pool.submit(play_rung, rung, first, count, seed=seed)
            for first, count in _chunks(games, chunk)
        ]
        for future in as_completed(futures):
            total.add(future.result())
            report()
    return total


def measure_row(variant: str, seating: str, games: int, workers: int = WORKERS) -> dict[str, float]:
    """The figures of one row's four rungs under ``ladder_<rung name>_``, and ``_seconds``."""
    figures: dict[str, float] = {}
    for rung in rungs(variant, seating):
        started = time.monotonic()
        tally = run_rung(rung, games, workers)
        prefix = f"ladder_{rung.name}"
        figures.update(Estimate.of(tally).figures(prefix))
        figures[f"{prefix}_seconds"] = round(time.monotonic() - started)
    return figures


def main(argv: list[str]) -> None:
    """``python -m bench.ladder VARIANT[:SEATING] GAMES``: one row, its figures printed."""
    variant, _, seating = argv[0].partition(":")
    for name, value in measure_row(variant, seating or "alternate", int(argv[1])).items():
        print(f"{name} {value}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
