"""Bench probe: Pay-Off's information-set player against today's line-search player at equal time.

Level 5 of each (:mod:`bench.payoff_ismcts`), each seeing only its seat's view, 400 games (times
``--scale``), every seeded opening twice with the seats swapped, game seeds from
:data:`~bench.payoff_ismcts.MEASURE_SEED` (not the seeds the player was tuned on): first both
capped at 100 ms a decision, then both held to ``EQUAL_NODES`` nodes a decision (what the cap
buys on a loaded machine depends on the load; a node budget does not). The games run in chunks
on two processes (:mod:`bench.chunks`); each finished chunk prints a progress line to stderr.
"""

from __future__ import annotations

import time
from functools import partial

from bench.bench_scale import scaled
from bench.chunks import match_figures, run_chunks
from bench.payoff_ismcts import MOVETIME, PayOffResult, play_chunk

GAMES = 400
EQUAL_NODES = 500
"""The equal-node match: nodes per decision for both, about what 100 ms buys either of them on
the loaded two-core machine (300-700 nodes a decision measured there)."""


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
    movetime = None if nodes is not None else MOVETIME
    play = partial(play_chunk, clock=time.perf_counter, movetime=movetime, nodes=nodes)
    total = run_chunks(prefix, play, games, PayOffResult())
    return {
        **match_figures(prefix, total),
        f"{prefix}_wins": total.wins,
        f"{prefix}_draws": total.draws,
        f"{prefix}_losses": total.losses,
        f"{prefix}_money_pct": round(total.money_percent, 1),
        f"{prefix}_money_ci95_pct": round(total.money_interval, 1),
    }
