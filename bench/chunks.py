"""Plays a match in chunks of games on two processes, printing a progress line as each ends.

A match is ``play(first_game, games)`` for consecutive chunks of its games; ``play`` must pickle
(a module-level function, or a :func:`functools.partial` of one) and decide each game from its
number alone, so the chunks add up to the same match in whatever order they finish.

>>> list(chunks(25, 10))
[(0, 10), (10, 10), (20, 5)]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import TypeVar

from engine.players.dice_opponents import MatchResult
from engine.players.match_score import MatchScore

CHUNK = 10
"""Games per chunk (even, so that alternating seats stay balanced across chunks)."""
WORKERS = 2

Result = TypeVar("Result", bound=MatchScore)


def chunks(games: int, chunk: int = CHUNK) -> Iterator[tuple[int, int]]:
    """The first game and the number of games of each chunk."""
    for first in range(0, games, chunk):
        yield first, min(chunk, games - first)


def run_chunks(
    name: str,
    play: Callable[[int, int], Result],
    games: int,
    total: Result,
    *,
    workers: int = WORKERS,
    chunk: int = CHUNK,
) -> Result:
    """Add ``games`` games, ``play``-ed in chunks on ``workers`` processes (1: in this one), to
    ``total``; as each chunk ends, ``name: N/games games, <total's summary>, S s`` to stderr."""
    started = time.monotonic()

    def report() -> None:
        print(
            f"{name}: {total.games}/{games} games, {total.summary()}, "
            f"{time.monotonic() - started:.0f} s",
            file=sys.stderr,
            flush=True,
        )

    if workers <= 1:
        for first, count in chunks(games, chunk):
            total.add(play(first, count))
            report()
        return total
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(play, first, count) for first, count in chunks(games, chunk)]
        for future in as_completed(futures):
            total.add(future.result())
            report()
    return total


def match_figures(prefix: str, result: MatchResult) -> dict[str, float]:
    """``prefix`` + ``_games``, ``_score_pct``, ``_ci95_pct`` (the interval's half-width) and
    ``_move_ms_median`` / ``_max`` (the first player's placements)."""
    ms = [1000 * seconds for seconds in result.move_seconds] or [0.0]
    return {
        f"{prefix}_games": result.games,
        f"{prefix}_score_pct": round(result.percent, 1),
        f"{prefix}_ci95_pct": round(result.interval, 1),
        f"{prefix}_move_ms_median": round(statistics.median(ms), 1),
        f"{prefix}_move_ms_max": round(max(ms), 1),
    }
