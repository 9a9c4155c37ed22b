"""How many games the long bench probes play: the full count times ``FLIXBOARD_BENCH_SCALE``.

``python -m bench --scale F`` sets it; unset, the probes play their full counts.
"""

from __future__ import annotations

import os

SCALE_ENV = "FLIXBOARD_BENCH_SCALE"
"""The environment variable that holds the scale."""


def bench_scale() -> float:
    """The fraction of the full game counts to play (1.0 unless the environment says other)."""
    value = float(os.environ.get(SCALE_ENV, "1"))
    if not value > 0:
        raise ValueError(f"{SCALE_ENV} must be a positive number: {value!r}")
    return value


def scaled(count: int) -> int:
    """``count`` times the bench scale, rounded, at least 1."""
    return max(1, round(count * bench_scale()))
