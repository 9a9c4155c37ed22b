"""Bench probe: Pay-Off's information-set player against today's line-search player at equal time.

Level 5 of each (:mod:`bench.payoff_ismcts`), each seeing only its seat's view, 400 games (times
``--scale``), every seeded opening twice with the seats swapped, game seeds from
:data:`~bench.payoff_ismcts.MEASURE_SEED` (not the seeds the player was tuned on): first both
capped at 100 ms a decision, then both held to ``EQUAL_NODES`` nodes a decision (what the cap
buys on a loaded machine depends on the load; a node budget does not). The games run in chunks
on two processes; each finished chunk prints a progress line to stderr.
"""

from __future__ import annotations

import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from bench.bench_scale import scaled
from bench.payoff_ismcts import MOVETIME, PayOffResult, play_chunk

GAMES = 400
CHUNK = 10
"""Games per chunk (even, so seats alternate across chunks)."""
WORKERS = 2
EQUAL_NODES = 500
"""The equal-node match: nodes per decision for both, about what 100 ms buys either of them on
the loaded two-core machine (300-700 nodes a decision measured there)."""


def _chunk(first_game: int, games: int, nodes: int | None) -> PayOffResult:
    movetime = None if nodes is not None else MOVETIME
    return play_chunk(first_game, games, time.perf_counter, movetime=movetime, nodes=nodes)


def measure() -> dict[str, float]:
    """The match at equal time (``payoff_ismcts_*``), then at equal nodes
    (``payoff_ismcts_nodes_*``): :func:`match`."""
    return {**match("payoff_ismcts", None), **match("payoff_ismcts_nodes", EQUAL_NODES)}


def match(prefix: str, nodes: int | None) -> dict[str, float]:
    """``prefix`` + ``_games``, ``_score_pct`` and ``_ci95_pct`` (a win 1, a draw 1/2; the
    interval's half-width), ``_wins`` / ``_draws`` / ``_losses``, ``_money_pct`` and
    ``_money_ci95_pct`` (the share of the points paid that went to the information-set player),
    ``_move_ms_median`` / ``_max`` (its placements); ``nodes``: every decision gets that many
    nodes and no time cap (``None``: :data:`MOVETIME` and the levels' own budgets)."""
    games = scaled(GAMES)
    games += games % 2
    total = PayOffResult()
    started = time.monotonic()
    with ProcessPoolExecutor(WORKERS) as pool:
        futures = [
            pool.submit(_chunk, first, min(CHUNK, games - first), nodes)
            for first in range(0, games, CHUNK)
        ]
        for future in as_completed(futures):
            total.add(future.result())
            print(
                f"{prefix}: {total.games}/{games} games, +{total.wins} ={total.draws} "
                f"-{total.losses}, {total.percent:.1f} % ± {total.interval:.1f}, money "
                f"{total.money_percent:.1f} % ± {total.money_interval:.1f}, "
                f"{time.monotonic() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    ms = [1000 * seconds for seconds in total.move_seconds] or [0.0]
    return {
        f"{prefix}_games": total.games,
        f"{prefix}_wins": total.wins,
        f"{prefix}_draws": total.draws,
        f"{prefix}_losses": total.losses,
        f"{prefix}_score_pct": round(total.percent, 1),
        f"{prefix}_ci95_pct": round(total.interval, 1),
        f"{prefix}_money_pct": round(total.money_percent, 1),
        f"{prefix}_money_ci95_pct": round(total.money_interval, 1),
        f"{prefix}_move_ms_median": round(statistics.median(ms), 1),
        f"{prefix}_move_ms_max": round(max(ms), 1),
    }
