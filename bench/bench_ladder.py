"""Bench probe of the level ladder: every level of every game against the level below it.

Per row of :data:`bench.ladder.ROWS` (Lucky Flix, Pay-Off, Tac-T-Flix, Qubic with the higher
level first and with it second, Flip 4, Olix) and each rung 2-1 .. 5-4: ``GAMES`` games
(times ``--scale``), seats as the row says, game seeds from :data:`bench.ladder.SEED` (Pay-Off,
Tac-T-Flix and Olix: each seeded random opening played from both sides; Qubic second: each game
paired with one of the level below in its place), on two processes; the higher level's score
with its 95 % Wilson interval and the Elo difference.
"""

from __future__ import annotations

from bench.bench_scale import scaled
from bench.ladder import ROWS, measure_row

GAMES = 200
"""Games per rung at bench scale 1."""


def measure() -> dict[str, float]:
    """Per rung ``R`` (``lucky_l2_vs_l1``, ``qubic_second_l5_vs_l4``, ...): ``ladder_R_games``,
    ``_score_pct``, ``_ci95_low_pct`` / ``_ci95_high_pct`` (the score's 95 % interval),
    ``_elo``, ``_elo_low`` / ``_elo_high``, ``_placements`` (a game's mean length) and
    ``_seconds``."""
    figures: dict[str, float] = {}
    for variant, seating in ROWS:
        figures.update(measure_row(variant, seating, scaled(GAMES)))
    return figures
