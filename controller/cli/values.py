"""Option values that ``argparse`` checks, so that a bad one is a usage error (exit status 2,
the option named) and never reaches the program."""

from __future__ import annotations

import argparse
import math

from engine.game import SEED_LIMIT
from engine.variants import GRIDS

SHAPES = "|".join(("flix", *GRIDS))
"""The boards' shapes ``--geometry`` names: the spaceboard and each grid."""
GRID_SIZES = ", ".join(f"{key}: {grid.rows}x{grid.cols}" for key, grid in GRIDS.items())
"""Each grid board's size, in words (``flip4: 5x5, ...``)."""


def seed(text: str) -> int:
    """A game seed: a whole number 0..2**63-1."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value < SEED_LIMIT:
        shown = text if len(text) <= 24 else f"{text[:20]}..."
        raise argparse.ArgumentTypeError(f"a seed is a whole number 0..2**63-1, not {shown}")
    return value


def seconds(text: str) -> float:
    """A pause in seconds: a number 0..60."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"seconds are a number 0..60, not {text}")
    return value


def positive(text: str) -> float:
    """A number above 0 (and finite)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"a number above 0, not {text}")
    return value
