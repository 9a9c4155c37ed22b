"""Bench probe of the game records: ``GET /api/games`` of a real ``flixboard run`` whose data
directory holds ``GAMES`` stored games (seeded random games of every variant, kept the way the
service keeps its own, named after four players).

- ``games_list_ms_p50`` / ``_p99``: the first page (20 games, newest first), ``REQUESTS`` times,
  each on a fresh loopback connection (as ``bench_fanout`` times ``GET /api/state``);
- ``games_filtered_ms_p99``: a page filtered by player and variant, and a later page;
- ``games_stats_ms_p99``: ``GET /api/games/stats``;
- ``games_stored``, ``games_store_s``: how many games were stored and how long that took.
"""

from __future__ import annotations

import http.client
import statistics
import tempfile
import time
from pathlib import Path

from bench.bench_controller import free_port, running_service
from bench.random_games import VARIANTS, random_game
from controller.records.keeping import keep_played
from controller.records.store import GameStore
from engine.notation import SeatInfo

GAMES = 200
REQUESTS = 500
PLAYERS = ("Ann", "Ben", "Cy", "Dee")
FILTERED = ("/api/games?player=Cy&variant=lucky", "/api/games?page=5&per_page=20")


def store_games(data_dir: Path, count: int) -> float:
    """Store ``count`` random games in ``data_dir``; the seconds it took."""
    started = time.perf_counter()
    store = GameStore(data_dir)
    try:
        for seed in range(count):
            game = random_game(VARIANTS[seed % len(VARIANTS)], seed)
            seats = [
                SeatInfo(PLAYERS[(seed + seat) % len(PLAYERS)]) for seat in range(game.players)
            ]
            keep_played(store, game, seats, key=f"bench-{seed}", started=None, ended=None)
    finally:
        store.close()
    return time.perf_counter() - started


def _timed(port: int, path: str, count: int) -> list[float]:
    times = []
    for _ in range(count):
        started = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
        finally:
            connection.close()
        times.append(time.perf_counter() - started)
        if response.status != 200:
            raise RuntimeError(f"GET {path} answered {response.status}")
    return times


def _p99(times: list[float]) -> float:
    ordered = sorted(times)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 2)


def measure() -> dict[str, float]:
    """The records' figures for ``python -m bench``."""
    with tempfile.TemporaryDirectory() as data:
        store_s = store_games(Path(data), GAMES)
        port = free_port()
        with running_service(data, port):
            _timed(port, "/api/games", 20)  # warm up
            listing = _timed(port, "/api/games", REQUESTS)
            filtered = [t for path in FILTERED for t in _timed(port, path, REQUESTS // 2)]
            stats = _timed(port, "/api/games/stats", REQUESTS // 5)
    return {
        "games_stored": GAMES,
        "games_store_s": round(store_s, 2),
        "games_list_ms_p50": round(statistics.median(listing) * 1000, 2),
        "games_list_ms_p99": _p99(listing),
        "games_filtered_ms_p99": _p99(filtered),
        "games_stats_ms_p99": _p99(stats),
    }
