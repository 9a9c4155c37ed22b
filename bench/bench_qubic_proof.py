"""Bench probe of the Qubic proof book (``python -m bench --only bench_qubic_proof``).

- ``qubic_book_entries``: the committed book's size (X's proven moves).
- ``qubic_book_orphans``: the entries a walk from the book's earliest positions never uses.
- ``qubic_book_checked_positions``, ``_book_moves``, ``_forced_wins``, ``_fours``,
  ``_failures``, ``_seconds``: the independent checker (:mod:`bench.qubic_checker`, on every
  core) walking every second-player reply from the book's earliest positions (from every entry
  when some are orphans).
- ``qubic_book_longest_game_plies``: the longest game the book allows, from the empty board
  through its earliest positions: X plays the book's move, else its shortest forced win; O
  the reply that lasts longest (:meth:`bench.qubic_checker.Checker.longest`).
- ``qubic_book_lookup_ms_mean`` / ``_max``: :meth:`engine.players.qubic_proof.Book.move` over
  every entry, each in a random one of the 192 orientations.
"""

from __future__ import annotations

import os
import random
import statistics
import time

from bench.qubic_checker import Checker
from engine.players.qubic_proof import BOOK_PATH, Book
from engine.symmetry import SYMMETRIES, apply


def lookup_seconds(book: Book, seed: int = 25) -> list[float]:
    """The time of each entry's lookup, the position turned by a random symmetry."""
    rng = random.Random(seed)
    times = []
    for x, o, _ in book.entries.values():
        perm = rng.choice(SYMMETRIES)
        turned = apply(perm, x), apply(perm, o)
        start = time.perf_counter()
        found = book.move(*turned)
        times.append(time.perf_counter() - start)
        if found is None:
            raise AssertionError(f"book entry {x:016x} {o:016x} not found when turned")
    return times


def measure() -> dict[str, float]:
    """The book's size, the checker's whole walk, and the lookup times."""
    text = BOOK_PATH.read_text()
    checker = Checker(text)
    jobs = os.cpu_count() or 1
    report = checker.walk_shared(checker.earliest(), jobs)
    orphans = len(checker.rows) - len(report.rows)
    if orphans:
        report = checker.walk_shared(checker.roots, jobs)
    figures: dict[str, float] = {
        "qubic_book_entries": len(checker.roots),
        "qubic_book_orphans": orphans,
        "qubic_book_checked_positions": report.positions,
        "qubic_book_checked_book_moves": report.book_moves,
        "qubic_book_checked_forced_wins": report.forced_wins,
        "qubic_book_checked_fours": report.fours,
        "qubic_book_checked_failures": len(report.failures),
        "qubic_book_checked_seconds": round(report.seconds, 2),
        "qubic_book_longest_game_plies": max(checker.longest_games().values(), default=0),
    }
    times = lookup_seconds(Book.parse(text))
    if times:
        figures["qubic_book_lookup_ms_mean"] = round(1000 * statistics.mean(times), 4)
        figures["qubic_book_lookup_ms_max"] = round(1000 * max(times), 4)
    return figures
