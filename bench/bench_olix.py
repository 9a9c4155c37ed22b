"""Bench probe of Olix: the computer player's target against random legal placements (200
games at the default level, seats alternating, no movetime cap) and 10,000 random games
through the rule engine (none may raise, each must end)."""

from __future__ import annotations

import statistics
import time

from bench.bench_scale import scaled
from bench.olix_bench import random_games, versus_random
from engine.players.base import DEFAULT_LEVEL

TARGET_GAMES = 200
RANDOM_GAMES = 10_000


def measure() -> dict[str, float]:
    """``target_olix_vs_random_games``, ``_score_pct`` (a win 1, a draw 1/2), ``_wins``,
    ``target_olix_move_ms_median`` and ``_max`` (our placements); ``olix_random_games``,
    ``olix_random_games_s``, ``olix_random_longest`` (placements) and
    ``olix_random_ended_<reason>`` per way the games ended."""
    match = versus_random(time.perf_counter, DEFAULT_LEVEL, scaled(TARGET_GAMES))
    ms = [1000 * seconds for seconds in match.move_seconds]
    figures: dict[str, float] = {
        "target_olix_vs_random_games": match.games,
        "target_olix_vs_random_wins": match.wins,
        "target_olix_vs_random_score_pct": round(match.percent, 2),
        "target_olix_move_ms_median": round(statistics.median(ms), 2),
        "target_olix_move_ms_max": round(max(ms), 2),
    }
    start = time.perf_counter()
    played = random_games(scaled(RANDOM_GAMES))
    figures["olix_random_games"] = played.games
    figures["olix_random_games_s"] = round(time.perf_counter() - start, 2)
    figures["olix_random_longest"] = played.longest
    for reason, games in sorted(played.reasons.items()):
        figures[f"olix_random_ended_{reason.replace(' ', '_').replace('-', '_')}"] = games
    return figures
