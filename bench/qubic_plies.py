"""Write into the Qubic proof book, for each row, the plies to X's four when X follows the proof
and O holds out longest: ``python -m bench.qubic_plies [--jobs N] [book]``.

The walk starts at the empty board and goes through the proof as the first player plays it
(``engine.players.qubic_proof_view``): X's book move at each row, every reply of O (the block
when X has a three), X's shortest forcing win between rows. A row's plies are 2 plus the longest
of its replies' (1 when the book move makes a four). The replies to the first row's move are
shared out over ``--jobs`` processes. The book is written again with its plies column and the
three replies to each row's move that hold out longest (``X O move plies hole:plies...``, the
holes in the row's frame, each with the plies from before it), which the proof viewer shows
without a search; the prover writes it without (``python -m bench.qubic_prover``), so this
runs after it. The independent checker (``python -m bench.qubic_checker --plies``) confirms
them with its own search.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

from engine.bitboard import BB_ALL, Bitboard
from engine.lines import LINES
from engine.players.qubic_proof import BOOK_PATH, Book
from engine.players.qubic_proof_view import SHOWN_REPLIES, shortest_win
from engine.players.qubic_threats import completing
from engine.symmetry import SYMMETRIES, canonical_key, canonical_symmetry, packed_hash

sys.setrecursionlimit(10_000)


class Walk:
    """The plies of every X-to-move position of the proof met so far, by canonical key, and for
    each book row its longest-holding replies."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self.seen: dict[int, int] = {}
        self.replies: dict[int, tuple[tuple[int, int], ...]] = {}
        """By a row's key: O's replies to its move that hold out longest, (hole in the row's
        frame, plies from before the reply), longest first."""

    def plies(self, x: Bitboard, o: Bitboard) -> int:
        """The plies to X's four from ``(x, o)``, X to move (``-1``: not a win of the proof)."""
        key = canonical_key(packed_hash(x, o))
        if key not in self.seen:
            self.seen[key] = self._plies(x, o)
        return self.seen[key]

    def _plies(self, x: Bitboard, o: Bitboard) -> int:
        if completing(x, o):
            return 1
        move = self.book.move(x, o)
        if move is None:
            win = shortest_win(x, o)
            return -1 if win is None else 2 * win[1] - 1
        plies, replies = self.after_move(x | 1 << move, o)
        if replies:
            packed = packed_hash(x, o)
            frame = SYMMETRIES[canonical_symmetry(packed)]
            ranked = sorted((-(1 + after), frame[hole]) for hole, after in replies)
            self.replies[canonical_key(packed)] = tuple(
                (hole, -minus) for minus, hole in ranked[:SHOWN_REPLIES]
            )
        return plies

    def after_move(self, x: Bitboard, o: Bitboard) -> tuple[int, list[tuple[int, int]]]:
        """The plies from X's move that made ``x`` (that move counted), and each reply of O
        with the plies after it (none listed where the move makes a four or two threes)."""
        if any(line & x == line for line in LINES):
            return 1, []
        threes = completing(x, o)
        if threes & (threes - 1):
            return 3, []  # two threes: O blocks one, X completes the other
        holes = threes or ~(x | o) & BB_ALL
        replies = []
        while holes:
            low = holes & -holes
            holes ^= low
            rest = self.plies(x, o | low)
            if rest < 0:
                return -1, []
            replies.append((low.bit_length() - 1, rest))
        return 2 + max(rest for _, rest in replies), replies


Found = tuple[dict[int, int], dict[int, tuple[tuple[int, int], ...]]]
"""A walk's plies by position and longest replies by row."""


def _reply_plies(task: tuple[str, int, int]) -> Found:
    """One process's share: the plies of every position below one reply to the first move."""
    text, x, o = task
    walk = Walk(Book.parse(text))
    walk.plies(x, o)
    return walk.seen, walk.replies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.qubic_plies", description=__doc__)
    parser.add_argument("book", nargs="?", type=Path, default=BOOK_PATH)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    text = args.book.read_text()
    book = Book.parse(text)
    started = time.monotonic()
    first = book.move(0, 0)
    if first is None:
        print("the book has no move for the empty board", file=sys.stderr)
        return 1
    x = 1 << first
    unique: dict[int, int] = {}
    for hole in range(64):  # one reply of each orbit under the symmetries
        if hole == first:
            continue
        unique.setdefault(canonical_key(packed_hash(x, 1 << hole)), hole)
    tasks = [(text, x, 1 << hole) for hole in unique.values()]
    walk = Walk(book)
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for found, longest in pool.imap_unordered(_reply_plies, tasks):
            walk.seen.update(found)
            walk.replies.update(longest)
    seen = walk.seen
    total = walk.plies(0, 0)
    missing = [key for key in book.entries if key not in seen and key != canonical_key(0)]
    if total < 0 or any(seen[key] < 0 for key in book.entries if key in seen):
        print("a row of the book is not a win of the proof", file=sys.stderr)
        return 1
    book.plies.clear()
    book.plies.update({key: seen[key] for key in book.entries if key in seen})
    book.replies.clear()
    book.replies.update({key: walk.replies[key] for key in book.entries if key in walk.replies})
    header = [row for row in text.splitlines() if row.startswith("#")]
    note = f"# plies: from the empty board X wins in {total} plies (python -m bench.qubic_plies)"
    header = [row for row in header if not row.startswith("# plies:")] + [note]
    args.book.write_text("\n".join([*header, *book.lines()]) + "\n")
    print(
        f"{len(book.plies)} rows with their plies ({len(missing)} rows off the walk), "
        f"{len(seen)} positions, X wins in {total} plies from the empty board, "
        f"{time.monotonic() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
