"""Bench probe: Lucky Flix's default level against flat Monte Carlo at equal time.

Our default level against :class:`~engine.players.lucky_flat.EqualTimeFlatPlayer`, both capped
at 100 ms a decision, 1,000 games (times ``--scale``), seats alternating, game seeds from
:data:`~bench.lucky_equal_time.MEASURE_SEED` (not the seeds the players were tuned on).
The games run on two processes; each finished chunk prints a progress line to stderr.
"""

from __future__ import annotations

from bench.bench_scale import scaled
from bench.lucky_chunks import run_pairing

GAMES = 1000


def measure() -> dict[str, float]:
    """``lucky_equal_time_games``, ``_score_pct``, ``_ci95_pct`` (half-width), move times."""
    return run_pairing("search_vs_flat", scaled(GAMES), "lucky_equal_time")
