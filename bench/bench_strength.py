"""Bench probe of the players' strength: a table from self-play, every variant and level.

Each level plays its own variant's level 1 and the one-ply player (win, else block, else the
most open hole: :mod:`engine.players.qubic_opponents` for Qubic,
:mod:`engine.players.dice_opponents` after the dice for Lucky and Pay-Off; Tac-T-Flix has none:
its Burocrat substitutions need a player of its own). Seats alternate, every game is seeded.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from bench.bench_scale import scaled
from engine.players import make_player, qubic_opponents
from engine.players.arena import match
from engine.players.base import LEVELS, Player
from engine.players.dice_opponents import OnePlyPlayer, play_match

GAMES = 20
"""Games per pairing at bench scale 1."""
SEED = 3000
ONE_PLY: dict[str, Callable[[], Player]] = {"lucky": OnePlyPlayer, "payoff": OnePlyPlayer}
"""The one-ply yardstick of each dice game that has one."""


def _percent(wins: int, draws: int, games: int) -> float:
    return round(100 * (wins + draws / 2) / games, 1)


def qubic_score(level: int, opponent: str, games: int) -> float:
    """Score in percent of Qubic ``level`` against ``"l1"`` or ``"oneply"``, seats alternating."""

    def theirs(seed: int) -> Player:
        if opponent == "l1":
            return make_player("qubic", 1, seed + 1)
        return qubic_opponents.OnePlyPlayer(seed)

    result = match(
        lambda seed: make_player("qubic", level, seed),
        theirs,
        games,
        time.perf_counter,
        seed=SEED,
        ours_first=None,
    )
    return _percent(result.wins, result.draws, games)


def dice_score(variant: str, level: int, opponent: str, games: int) -> float:
    """Score in percent of a FLIX game's ``level`` against ``"l1"`` or ``"oneply"``. Game ``i``
    has seed ``SEED + i``, and so have the players in it (Pay-Off and Tac-T-Flix have no dice:
    without their own seeds the players would play the same two games over and over)."""
    ours, l1 = itertools.count(SEED), itertools.count(SEED + 1)
    theirs = ONE_PLY[variant] if opponent == "oneply" else lambda: make_player(variant, 1, next(l1))
    result = play_match(
        lambda: make_player(variant, level, next(ours)),
        theirs,
        games,
        time.perf_counter,
        SEED,
        variant,
    )
    return _percent(result.wins, result.draws, result.games)


def measure() -> dict[str, float]:
    """``strength_games`` (games per pairing) and, per variant ``V`` and level ``N`` 1..5,
    ``strength_V_lN_vs_l1_pct`` and ``strength_V_lN_vs_oneply_pct``: the score in percent (a
    win 1, a draw 1/2) of that level against level 1 and against the one-ply player."""
    games = scaled(GAMES)
    figures: dict[str, float] = {"strength_games": games}
    for variant in ("qubic", "lucky", "payoff", "tactflix"):
        for level in LEVELS:
            for opponent in ("l1", "oneply"):
                name = f"strength_{variant}_l{level}_vs_{opponent}_pct"
                if variant == "qubic":
                    figures[name] = qubic_score(level, opponent, games)
                elif opponent == "l1" or variant in ONE_PLY:
                    figures[name] = dice_score(variant, level, opponent, games)
    return figures
