"""Bench probe: Pay-Off's information-set player against today's line-search player at equal time.

Level 5 of each (:mod:`bench.payoff_ismcts`), both capped at 100 ms a decision, each seeing only
its seat's view, 400 games (times ``--scale``), seats alternating, game seeds from
:data:`~bench.payoff_ismcts.MEASURE_SEED` (not the seeds the player was tuned on). The games run
in chunks on two processes; each finished chunk prints a progress line to stderr.
"""

from __future__ import annotations

import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from bench.bench_scale import scaled
from bench.payoff_ismcts import PayOffResult, play_chunk

GAMES = 400
CHUNK = 10
"""Games per chunk (even, so seats alternate across chunks)."""
WORKERS = 2


def _chunk(first_game: int, games: int) -> PayOffResult:
    return play_chunk(first_game, games, time.perf_counter)


def measure() -> dict[str, float]:
    """``payoff_ismcts_games``, ``_score_pct`` and ``_ci95_pct`` (a win 1, a draw 1/2; the
    interval's half-width), ``_wins`` / ``_draws`` / ``_losses``, ``_money_pct`` and
    ``_money_ci95_pct`` (the share of the points paid that went to the information-set player),
    ``_move_ms_median`` / ``_max`` (its placements)."""
    games = scaled(GAMES)
    games += games % 2
    total = PayOffResult()
    started = time.monotonic()
    with ProcessPoolExecutor(WORKERS) as pool:
        futures = [
            pool.submit(_chunk, first, min(CHUNK, games - first))
            for first in range(0, games, CHUNK)
        ]
        for future in as_completed(futures):
            total.add(future.result())
            print(
                f"payoff_ismcts: {total.games}/{games} games, +{total.wins} ={total.draws} "
                f"-{total.losses}, {total.percent:.1f} % ± {total.interval:.1f}, money "
                f"{total.money_percent:.1f} % ± {total.money_interval:.1f}, "
                f"{time.monotonic() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    ms = [1000 * seconds for seconds in total.move_seconds] or [0.0]
    return {
        "payoff_ismcts_games": total.games,
        "payoff_ismcts_wins": total.wins,
        "payoff_ismcts_draws": total.draws,
        "payoff_ismcts_losses": total.losses,
        "payoff_ismcts_score_pct": round(total.percent, 1),
        "payoff_ismcts_ci95_pct": round(total.interval, 1),
        "payoff_ismcts_money_pct": round(total.money_percent, 1),
        "payoff_ismcts_money_ci95_pct": round(total.money_interval, 1),
        "payoff_ismcts_move_ms_median": round(statistics.median(ms), 1),
        "payoff_ismcts_move_ms_max": round(max(ms), 1),
    }
