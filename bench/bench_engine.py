"""Bench probe of the rules engine: random Qubic playouts and full game-object placements."""

from __future__ import annotations

import os
import random
import time
from concurrent.futures import ProcessPoolExecutor

from engine.bitboard import scan_forward
from engine.qubic import playout
from engine.variants import new_game

DURATION_S = 1.0


def _playouts_for(seconds: float, seed: int = 1) -> tuple[int, float]:
    """Random Qubic games (2 players) for about ``seconds``: (games played, seconds taken)."""
    rng = random.Random(seed)
    games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(200):
            playout(rng)
        games += 200
        now = time.perf_counter()
        if now >= deadline:
            return games, now - start


def _placements_for(seconds: float, seed: int = 2) -> tuple[int, float]:
    """Random Qubic games through the game object, each unwound with ``pop``: (placements, s)."""
    rng = random.Random(seed)
    placements = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        game = new_game("qubic", players=2)
        while not game.game_over:
            game.place(rng.choice(list(scan_forward(game.allowed))))
            placements += 1
        while game.actions:
            game.pop()
        now = time.perf_counter()
        if now >= deadline:
            return placements, now - start


def measure() -> dict[str, float]:
    """``engine_playouts_per_s`` (one process), ``engine_playouts_per_s_2proc`` (two processes,
    when the machine has two cores or more) and ``engine_placements_per_s`` (game object, with
    events and undo)."""
    games, elapsed = _playouts_for(DURATION_S)
    figures = {"engine_playouts_per_s": round(games / elapsed, 1)}
    if (os.cpu_count() or 1) >= 2:
        with ProcessPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(_playouts_for, [DURATION_S, DURATION_S], [11, 12]))
        figures["engine_playouts_per_s_2proc"] = round(sum(g / s for g, s in results), 1)
    placed, elapsed = _placements_for(DURATION_S)
    figures["engine_placements_per_s"] = round(placed / elapsed, 1)
    return figures
