"""Bench probe of the Qubic proof viewer (``python -m bench --only bench_qubic_view``).

``GAMES`` games (times ``--scale``) on fresh seeds: X follows the proof (the view's move), O
places the reply the view says holds out longest or, every other time on average, at random
(so that the games reach deep positions and the proof's byways); at every position the view is
asked for (:func:`engine.players.qubic_proof_view.proof_view`, the work behind
``GET /api/proof``) and X's book move is looked up (:meth:`engine.players.qubic_proof.Book.move`,
the first player's top level), each timed. The book is read before the clock starts (once a
process: ``qubic_book_load_s``).

- ``qubic_proof_view_ms_p50`` / ``_p99`` / ``_max``: one view (target: 50 ms);
- ``qubic_book_move_ms_p50`` / ``_p99`` / ``_max``: one book move (target: 1 ms);
- ``qubic_proof_view_positions``, ``qubic_proof_view_games``: what was timed.
"""

from __future__ import annotations

import random
import secrets
import statistics
import time

from bench.bench_scale import scaled
from bench.bench_voice import percentile
from engine.bitboard import BB_ALL
from engine.lines import LINES
from engine.players.qubic_proof import committed_book
from engine.players.qubic_proof_view import proof_view

GAMES = 40


def measure() -> dict[str, float]:
    started = time.perf_counter()
    book = committed_book()
    loaded = time.perf_counter() - started
    rng = random.Random(secrets.randbits(64))
    views: list[float] = []
    moves: list[float] = []
    games = scaled(GAMES)
    for _ in range(games):
        x = o = 0
        x_turn = True
        while not any(line & x == line for line in LINES) and (x | o) != BB_ALL:
            started = time.perf_counter()
            view = proof_view(x, o, x_to_move=x_turn)
            views.append(time.perf_counter() - started)
            if view is None:
                raise AssertionError(f"the proof left the game at {x:016x} {o:016x}")
            if x_turn:
                started = time.perf_counter()
                book.move(x, o)
                moves.append(time.perf_counter() - started)
                assert view.move is not None
                x |= 1 << view.move
            elif view.replies and rng.random() < 0.5:
                o |= 1 << view.replies[0][0]
            else:
                empty = [hole for hole in range(64) if not (x | o) >> hole & 1]
                o |= 1 << rng.choice(empty)
            x_turn = not x_turn
    return {
        "qubic_proof_view_games": games,
        "qubic_book_load_s": round(loaded, 3),
        "qubic_proof_view_positions": len(views),
        "qubic_proof_view_ms_p50": round(1000 * statistics.median(views), 3),
        "qubic_proof_view_ms_p99": round(1000 * percentile(views, 0.99), 3),
        "qubic_proof_view_ms_max": round(1000 * max(views), 3),
        "qubic_book_move_ms_p50": round(1000 * statistics.median(moves), 4),
        "qubic_book_move_ms_p99": round(1000 * percentile(moves, 0.99), 4),
        "qubic_book_move_ms_max": round(1000 * max(moves), 4),
    }
