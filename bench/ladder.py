"""The level ladder: each level of a game against the level just below it, scored with a 95 %
interval and as an Elo difference.

A rung is one pairing: level ``N`` against ``N - 1`` of one variant, seats alternating, or, for
Qubic, the higher level always first, or always second in pairs. Qubic is a first-player win,
so as second player each game is paired with one in which the lower level plays in the higher
level's place against the same first player, and the pair scores the one that fared better
(:func:`second_result`). Game ``i`` of a rung has a game seed (:meth:`Rung.game_seed`) for the
game (its dice, its tokens), the higher level and the lower one (``+ 1``). The variants without
dice (:data:`OPENINGS`) start each game from a seeded random opening
(:func:`bench.openings.opening`), played twice with the seats swapped: their higher levels draw
little or nothing at random, so without one a seat's games can all be one game (Tac-T-Flix 4
against 3 and 5 against 4 were).
The levels are bounded by their node budgets, no movetime cap, so a rung plays the same games
on every machine. The games of a rung run in chunks on ``WORKERS`` processes.

``python -m bench.ladder qubic:first 200`` plays one row (the four rungs of that variant and
seating) and prints each rung's figures as it finishes; ``python -m bench.ladder lucky 60 5``
plays only its rung of level 5 against level 4.

>>> estimate = Estimate.of(Tally(games=200, wins=120, draws=10, losses=70, placements=4000))
>>> round(100 * estimate.score), round(100 * estimate.low), round(estimate.elo), estimate.placements
(62, 56, 89, 20.0)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Self

from bench.chunks import CHUNK, WORKERS, run_chunks
from bench.openings import opening
from engine.game import Game
from engine.players import make_player
from engine.players.base import LEVELS, Clock, Player
from engine.players.dice_opponents import play_game
from engine.players.match_score import MatchScore, elo_difference
from engine.variants import new_game

SEED = 700_000
"""The first game seed of every rung: no bench, test or tuning run uses seeds from here."""
OPENINGS = frozenset({"payoff", "tactflix", "olix"})
"""The variants whose games start from a seeded random opening: no dice, and levels that draw
little or nothing at random. (Qubic's players draw their move order from their seeds, so its
games differ from the first placement on; Lucky Flix and Flip 4 have dice.)"""
SEATINGS = ("alternate", "first", "second")
"""Where the higher level sits: seat 0 in even games and seat 1 in odd ones, always seat 0, or
always seat 1, where each game is paired with one in which the lower level sits in its place
(the same seeds, the same first player) and the pair scores the one that fared better."""
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

    def game_seed(self, number: int, seed: int = SEED) -> int:
        """The seed of game ``number``: ``seed + number``; with an opening and seats
        alternating, ``seed + number // 2``, so games ``2k`` and ``2k + 1`` play the same
        opening (and deal) from each side."""
        if self.variant in OPENINGS and self.seating == "alternate":
            return seed + number // 2
        return seed + number

    def start(self, number: int, seed: int = SEED) -> Game:
        """Game ``number`` as the players get it: new, or after its opening."""
        game_seed = self.game_seed(number, seed)
        if self.variant in OPENINGS:
            return opening(self.variant, game_seed)
        return new_game(self.variant, players=2, seed=game_seed)


def rungs(
    variant: str, seating: str = "alternate", levels: Sequence[int] = LEVELS[1:]
) -> tuple[Rung, ...]:
    """The rungs of one row: 2 against 1 up to 5 against 4 (or only those of the higher
    ``levels``)."""
    return tuple(Rung(variant, level, seating) for level in levels)


@dataclass
class Tally(MatchScore):
    """The higher level's results (:class:`MatchScore`) and the placements of all the games."""

    placements: int = 0

    def add(self, other: Self) -> None:
        """Count ``other``'s games too."""
        super().add(other)
        self.placements += other.placements

    def compare(self, higher: tuple[int, int], lower: tuple[int, int]) -> None:
        """Count a pair: a win if ``higher`` is larger, a draw if equal, else a loss."""
        self.games += 1
        self.wins += higher > lower
        self.draws += higher == lower
        self.losses += higher < lower

    @property
    def mean_placements(self) -> float:
        """Placements per game (0 for no games)."""
        return self.placements / self.games if self.games else 0.0

    def summary(self) -> str:
        """``+120 =10 -70, 62.5 % [55.7, 68.8], 20.0 placements``: the Wilson interval."""
        low, high = self.wilson()
        return (
            f"+{self.wins} ={self.draws} -{self.losses}, {self.percent:.1f} % "
            f"[{100 * low:.1f}, {100 * high:.1f}], {self.mean_placements:.1f} placements"
        )


def play_rung_game(
    rung: Rung,
    number: int,
    clock: Clock = time.perf_counter,
    seed: int = SEED,
    stand_in: bool = False,
) -> Game:
    """Game ``number`` of ``rung`` played to its end from :meth:`Rung.start`; the higher level
    gets the game seed, the lower one the game seed ``+ 1``. ``stand_in``: the lower level
    plays in the higher level's seat, with its seed."""
    game = rung.start(number, seed)
    game_seed = rung.game_seed(number, seed)
    seated = rung.level - 1 if stand_in else rung.level
    higher = make_player(rung.variant, seated, game_seed)
    lower = make_player(rung.variant, rung.level - 1, game_seed + 1)
    seats: list[Player] = [higher, lower] if rung.higher_seat(number) == 0 else [lower, higher]
    play_game(game, seats, clock, {})
    return game


def second_result(game: Game) -> tuple[int, int]:
    """How well the second player fared, larger is better: 1 for a win, 0 for a draw (or a game
    that did not end), -1 for a loss; then a win's fewer placements, a loss's more.

    >>> from engine.qubic import Qubic
    >>> game = Qubic()
    >>> for hole in (0, 16, 1, 17, 2, 18, 3):
    ...     _ = game.place(hole)
    >>> second_result(game)
    (-1, 7)
    """
    if not game.game_over or game.winner is None:
        return 0, 0
    if game.winner == game.team_of_seat[1]:
        return 1, -game.placements
    return -1, game.placements


def play_rung(
    rung: Rung, first_game: int, games: int, clock: Clock = time.perf_counter, seed: int = SEED
) -> Tally:
    """Games ``first_game`` .. ``first_game + games - 1`` of ``rung`` (:func:`play_rung_game`);
    seated second, each with its stand-in game, scored by :func:`second_result`."""
    tally = Tally()
    for number in range(first_game, first_game + games):
        game = play_rung_game(rung, number, clock, seed)
        if rung.seating == "second":
            stand_in = play_rung_game(rung, number, clock, seed, stand_in=True)
            tally.compare(second_result(game), second_result(stand_in))
        else:
            tally.count(game, rung.higher_seat(number))
        tally.placements += game.placements
    return tally


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
        low, high = tally.wilson()
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


def run_rung(
    rung: Rung, games: int, workers: int = WORKERS, chunk: int = CHUNK, seed: int = SEED
) -> Tally:
    """Play ``games`` games of ``rung`` (first game seed ``seed``) in chunks on ``workers``
    processes (1: in this one), printing a line to stderr as each chunk ends."""
    play = partial(play_rung, rung, seed=seed)
    return run_chunks(rung.name, play, games, Tally(), workers=workers, chunk=chunk)


def measure_row(
    variant: str,
    seating: str,
    games: int,
    workers: int = WORKERS,
    levels: Sequence[int] = LEVELS[1:],
) -> dict[str, float]:
    """The figures of one row's rungs (those of the higher ``levels``) under
    ``ladder_<rung name>_``, and ``_seconds``."""
    figures: dict[str, float] = {}
    for rung in rungs(variant, seating, levels):
        started = time.monotonic()
        tally = run_rung(rung, games, workers)
        prefix = f"ladder_{rung.name}"
        figures.update(Estimate.of(tally).figures(prefix))
        figures[f"{prefix}_seconds"] = round(time.monotonic() - started)
    return figures


def main(argv: list[str]) -> None:
    """``python -m bench.ladder VARIANT[:SEATING] GAMES [LEVEL]``: one row (or its rung of
    LEVEL against the level below), its figures printed."""
    variant, _, seating = argv[0].partition(":")
    levels: Sequence[int] = (int(argv[2]),) if len(argv) > 2 else LEVELS[1:]
    if not set(levels) <= set(LEVELS[1:]):
        raise SystemExit(f"LEVEL: one of {', '.join(map(str, LEVELS[1:]))}")
    figures = measure_row(variant, seating or "alternate", int(argv[1]), levels=levels)
    for name, value in figures.items():
        print(f"{name} {value}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
