"""Bench probe of the players' targets: Qubic against its reference opponents, Lucky Flix
against the flat Monte Carlo player, both at the default level without a movetime cap.

The matches are those of :func:`bench.qubic_bench.strength` (first player against the
forcing-search defender, 20 games, and against one-ply, 20; second player against a one-ply
attacker, 50; seats alternating against random, 100), the top level's resistance as second
player against itself as first player (:func:`bench.qubic_bench.resistance`, 200 games) and
200 Lucky Flix games against :class:`~engine.players.dice_opponents.FlatMonteCarloPlayer`
(256 playouts a hole), seats alternating.
"""

from __future__ import annotations

import statistics
import time

from bench.bench_scale import bench_scale, scaled
from bench.dice_bench import lucky_match
from bench.qubic_bench import RESIST_ATTACKERS, RESIST_GAMES, move_times, resistance, strength
from engine.players.base import DEFAULT_LEVEL

LUCKY_GAMES = 200
QUBIC_TIMED_GAMES = 4
"""Qubic games against the forcing defender whose moves are timed (seats alternating)."""
QUBIC_FIGURES = {
    "first vs forcing defender": "target_qubic_first_vs_defender",
    "first vs one-ply": "target_qubic_first_vs_oneply",
    "second vs one-ply attacker": "target_qubic_second_vs_oneply",
    "vs random (alternating)": "target_qubic_vs_random",
}
"""The label of each match of :func:`strength` -> the prefix of its figures."""


def measure() -> dict[str, float]:
    """Per Qubic match ``M``: ``M_games``, ``M_wins``, ``M_not_lost``, ``M_median_plies``;
    ``target_qubic_move_ms_median``, ``_max`` and ``target_qubic_searched_move_ms_median`` (the
    moves that ran a search, not a win or a block) in games against the forcing defender;
    ``target_qubic_second_resist_games``, ``_first_wins``, ``_plies_q1``, ``_plies_median``,
    ``_plies_q3``, the median's 95 % interval ``_plies_median_low`` / ``_high``, and
    ``_move_ms_median`` / ``_max`` (the second player's moves) of the top level as second player
    against itself as first player;
    ``target_lucky_vs_flat_games``, ``target_lucky_vs_flat_score_pct`` (a win 1, a draw 1/2),
    ``target_lucky_move_ms_median`` and ``target_lucky_move_ms_max`` (our placements)."""
    figures: dict[str, float] = {}
    for label, result in strength(time.perf_counter, DEFAULT_LEVEL, None, bench_scale()).items():
        prefix = QUBIC_FIGURES[label]
        figures[f"{prefix}_games"] = result.wins + result.draws + result.losses
        figures[f"{prefix}_wins"] = result.wins
        figures[f"{prefix}_not_lost"] = result.wins + result.draws
        figures[f"{prefix}_median_plies"] = result.median_plies
    times = move_times(time.perf_counter, DEFAULT_LEVEL, scaled(QUBIC_TIMED_GAMES))
    figures["target_qubic_move_ms_median"] = round(1000 * times.median, 2)
    figures["target_qubic_move_ms_max"] = round(1000 * times.worst, 2)
    figures["target_qubic_searched_move_ms_median"] = round(1000 * times.median_searched, 2)
    resist = resistance(time.perf_counter, RESIST_ATTACKERS["level 5"], scaled(RESIST_GAMES))
    low, median, high = resist.quartiles
    resist_ms = [1000 * seconds for seconds in resist.move_seconds]
    figures["target_qubic_second_resist_games"] = len(resist.plies)
    figures["target_qubic_second_resist_first_wins"] = resist.first_wins
    figures["target_qubic_second_resist_plies_q1"] = low
    figures["target_qubic_second_resist_plies_median"] = median
    figures["target_qubic_second_resist_plies_q3"] = high
    (
        figures["target_qubic_second_resist_plies_median_low"],
        figures["target_qubic_second_resist_plies_median_high"],
    ) = resist.median_interval
    figures["target_qubic_second_resist_move_ms_median"] = round(statistics.median(resist_ms), 2)
    figures["target_qubic_second_resist_move_ms_max"] = round(max(resist_ms), 2)
    lucky = lucky_match(scaled(LUCKY_GAMES), time.perf_counter, "flat", DEFAULT_LEVEL)
    ms = [1000 * seconds for seconds in lucky.move_seconds]
    figures["target_lucky_vs_flat_games"] = lucky.games
    figures["target_lucky_vs_flat_score_pct"] = round(lucky.percent, 1)
    figures["target_lucky_move_ms_median"] = round(statistics.median(ms), 2)
    figures["target_lucky_move_ms_max"] = round(max(ms), 2)
    return figures
