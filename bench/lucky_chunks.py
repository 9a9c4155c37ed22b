"""Runs an equal-time Lucky Flix pairing in chunks on two processes, reporting as it goes."""

from __future__ import annotations

import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from bench.lucky_equal_time import play_chunk
from engine.players.dice_opponents import MatchResult

CHUNK = 10
"""Games per chunk (even, so seats alternate across chunks)."""
WORKERS = 2


def _chunk(pairing: str, first_game: int, games: int) -> MatchResult:
    return play_chunk(pairing, first_game, games, time.perf_counter)


def interval(result: MatchResult) -> float:
    """The half-width of the 95 % interval of the score, in percent (normal approximation)."""
    if not result.games:
        return 0.0
    mean = result.score / result.games
    second = (result.wins + result.draws / 4) / result.games
    return 100 * 1.96 * math.sqrt(max(0.0, second - mean * mean) / result.games)


def run_pairing(pairing: str, games: int, prefix: str) -> dict[str, float]:
    """Play ``games`` games of ``pairing``; the figures under ``prefix``."""
    total = MatchResult()
    started = time.monotonic()
    with ProcessPoolExecutor(WORKERS) as pool:
        futures = [
            pool.submit(_chunk, pairing, first, min(CHUNK, games - first))
            for first in range(0, games, CHUNK)
        ]
        for future in as_completed(futures):
            part = future.result()
            total.games += part.games
            total.wins += part.wins
            total.draws += part.draws
            total.losses += part.losses
            total.move_seconds.extend(part.move_seconds)
            print(
                f"{pairing}: {total.games}/{games} games, +{total.wins} ={total.draws} "
                f"-{total.losses}, {total.percent:.1f} % ± {interval(total):.1f}, "
                f"{time.monotonic() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    ms = [1000 * seconds for seconds in total.move_seconds] or [0.0]
    return {
        f"{prefix}_games": total.games,
        f"{prefix}_score_pct": round(total.percent, 1),
        f"{prefix}_ci95_pct": round(interval(total), 1),
        f"{prefix}_move_ms_median": round(statistics.median(ms), 1),
        f"{prefix}_move_ms_max": round(max(ms), 1),
    }
