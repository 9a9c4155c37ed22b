"""Rebuild the Qubic proof book: ``python -m bench.qubic_proof --opening R-I-S --seconds 600``.

Runs :class:`engine.players.qubic_proof.ProofSearch` from the position the opening moves reach
(X first, alternating), within a node and time budget, prints how far each of the second
player's replies got, and writes the book of the proven replies (a walk from each keeps only the
entries it uses) with the command and figures in its header. Entries of an existing book are
reused as proven positions, so a longer run resumes a shorter one.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

from engine.holes import name, parse
from engine.players.qubic_proof import (
    BOOK_PATH,
    Book,
    ProofSearch,
    leaf_value,
    minimal_book,
    timed,
)
from engine.players.qubic_threats import ForcingSearch


def opening_position(moves: list[str]) -> tuple[int, int, bool]:
    """X's and O's pieces after ``moves`` (hole names, X first), and whether X moves next."""
    x = o = 0
    for ply, text in enumerate(moves):
        if ply % 2 == 0:
            x |= 1 << parse(text)
        else:
            o |= 1 << parse(text)
    return x, o, len(moves) % 2 == 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--opening", nargs="*", default=["R-I-S"], help="moves from the empty board"
    )
    parser.add_argument("--nodes", type=int, default=10_000_000, help="nodes to expand at most")
    parser.add_argument("--seconds", type=float, default=600.0, help="time budget")
    parser.add_argument("--width", type=int, default=8, help="X's holes tried per node")
    parser.add_argument("--leaf-nodes", type=int, default=400, help="forcing-search nodes a leaf")
    parser.add_argument("--leaf-moves", type=int, default=12, help="forcing-search moves a leaf")
    parser.add_argument("--book", type=Path, default=BOOK_PATH, help="book to resume and write")
    args = parser.parse_args(argv)
    x, o, x_to_move = opening_position(args.opening)
    search = ProofSearch(
        x, o, x_to_move, width=args.width, leaf_nodes=args.leaf_nodes, leaf_moves=args.leaf_moves
    )
    previous = Book.parse(args.book.read_text()) if args.book.exists() else Book({})
    search.resume(previous)
    start = time.monotonic()

    def report(s: ProofSearch) -> None:
        print(
            f"{time.monotonic() - start:7.0f} s  expanded {s.expanded}  evaluated {s.evaluated}"
            f"  root pn {s.root.proof} dn {s.root.disproof}",
            flush=True,
        )

    result = search.run(args.nodes, timed(args.seconds), report, every=2_000)
    seconds = time.monotonic() - start

    def leaf(bx: int, bo: int, x_turn: bool) -> bool:
        forcing = ForcingSearch(args.leaf_nodes)
        return leaf_value(bx, bo, x_turn, forcing, args.leaf_moves) is True

    proven_roots: list[tuple[int, int, bool]] = []
    rows = []
    if result:
        proven_roots.append((x, o, x_to_move))
    for hole, child in search.replies():
        status = "proven" if child.proof == 0 else "disproven" if child.disproof == 0 else "open"
        rows.append(f"# reply {name(hole)}: {status} (pn {child.proof}, dn {child.disproof})")
        if child.proof == 0 and not result:
            proven_roots.append((child.x, child.o, child.x_to_move))
    book = Book(search.book)
    kept: dict[int, tuple[int, int, int]] = dict(previous.entries)
    for bx, bo, turn in proven_roots:
        try:
            kept.update(minimal_book(bx, bo, turn, book, leaf).entries)
        except ValueError as error:
            rows.append(f"# not kept, its walk failed: {error}")
    command = "python -m bench.qubic_proof " + shlex.join(sys.argv[1:] if argv is None else argv)
    header = [
        "# Qubic proof book: X's proven move per position (X O move; hex boards in the canonical",
        "# orientation under the 192 symmetries, move as hole index in that orientation).",
        f"# rebuilt by: {command}",
        f"# opening {' '.join(args.opening)}: root "
        + ("proven" if result else "disproven" if result is False else "open")
        + f"; expanded {search.expanded} nodes, evaluated {search.evaluated} leaves,"
        f" {seconds:.0f} s; {len(kept)} entries",
        *rows,
    ]
    args.book.write_text("\n".join([*header, *Book(kept).lines()]) + "\n")
    print("\n".join(header))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
