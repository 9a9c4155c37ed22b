"""Bench probe: the equal-time yardstick checked against the plain flat Monte Carlo player.

:class:`~engine.players.lucky_flat.EqualTimeFlatPlayer` without a cap (256 greedy playouts a
hole) against :class:`~engine.players.dice_opponents.FlatMonteCarloPlayer` (256 random playouts
a hole), 200 games (times ``--scale``), seats alternating, game seeds from
:data:`~bench.lucky_equal_time.CHECK_SEED`. It must score at least 50 % for the
equal-time measurement (``bench_lucky_equal_time``) to mean anything: its playouts are worth at
least the plain ones.
"""

from __future__ import annotations

from bench.bench_scale import scaled
from bench.lucky_chunks import run_pairing

CHECK_GAMES = 200


def measure() -> dict[str, float]:
    """``lucky_flat_vs_plain_games``, ``_score_pct`` and ``_ci95_pct`` (half-width)."""
    return run_pairing("flat_vs_plain", scaled(CHECK_GAMES), "lucky_flat_vs_plain")
