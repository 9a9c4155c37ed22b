"""Bench probe of Flip 4: the computer at the default level against a random-legal-move player
(200 two-player games, seats alternating) and 10,000 random games through the engine.
"""

from __future__ import annotations

import statistics
import time

from bench.bench_scale import scaled
from bench.flip4_bench import flip4_match, random_playouts
from engine.players.base import DEFAULT_LEVEL

MATCH_GAMES = 200
PLAYOUTS = 10_000
SEED = 1000


def measure() -> dict[str, float]:
    """``target_flip4_vs_random_games``, ``_score_pct`` (a win 1, a draw 1/2),
    ``target_flip4_move_ms_median`` and ``_max`` (the computer's decisions other than rolls);
    ``flip4_playouts_games``, ``_won``, ``_drawn``, ``_most_turns``, ``_seconds`` and
    ``_actions_per_second`` (random 2-, 3- and 4-player games, every action checked)."""
    match = flip4_match(scaled(MATCH_GAMES), time.perf_counter, DEFAULT_LEVEL, SEED)
    ms = [1000 * seconds for seconds in match.move_seconds]
    figures: dict[str, float] = {
        "target_flip4_vs_random_games": match.games,
        "target_flip4_vs_random_score_pct": round(match.percent, 1),
        "target_flip4_move_ms_median": round(statistics.median(ms), 2),
        "target_flip4_move_ms_max": round(max(ms), 2),
    }
    start = time.perf_counter()
    played = random_playouts(scaled(PLAYOUTS), SEED)
    seconds = time.perf_counter() - start
    figures.update(
        flip4_playouts_games=played.games,
        flip4_playouts_won=played.won,
        flip4_playouts_drawn=played.drawn,
        flip4_playouts_most_turns=played.most_turns,
        flip4_playouts_seconds=round(seconds, 1),
        flip4_playouts_actions_per_second=round(played.actions / seconds),
    )
    return figures
