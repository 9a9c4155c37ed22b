"""The compiled Qubic prover: ``python -m bench.qubic_prover --opening R-I-S R-IV-C B-IV-S``.

Builds ``prover/qubic_prover.c`` with the system ``gcc`` (``make prover`` does the same), runs it
from the position the opening reaches (X first, alternating) and, when O is to move there, searches
each of O's replies (up to symmetry) in a process of its own, ``--jobs`` at a time (each job
takes the next reply when its own is done). It
prints each reply's result and the figures, and writes the book of the proven positions (X's move
per position, turned into the canonical orientation the engine's book uses); the entries of an
existing book are kept, so runs add up: a reply the book already proves is not searched again,
and when every reply is proven, X's last opening move is added as the proven move before it.
With ``--choose`` (X to move after the opening, the empty board included) the search chooses
X's move: X's moves up to symmetry in its own order (``-m``), each searched in turn with O's
replies shared out, until one is proven.
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from engine.holes import name, parse
from engine.lines import has_line
from engine.players.qubic_proof import BOOK_PATH, Book, minimal_book
from engine.players.qubic_threats import completing
from engine.symmetry import SYMMETRIES, apply, canonical_key, canonical_symmetry, packed_hash

SOURCE = Path(__file__).resolve().parent.parent / "prover" / "qubic_prover.c"
FLAGS = ("-O2", "-march=native", "-Wall", "-Wextra", "-Werror")


def build(directory: Path) -> Path:
    """The prover compiled into ``directory`` (raises when ``gcc`` is missing or fails)."""
    gcc = shutil.which("gcc")
    if gcc is None:
        raise RuntimeError("the Qubic prover needs gcc (apt-get install gcc)")
    binary = directory / "qubic_prover"
    subprocess.run([gcc, *FLAGS, "-o", str(binary), str(SOURCE)], check=True)
    return binary


@dataclass
class Run:
    """What one prover process printed: the result, each reply's line, the figures, the book."""

    result: str
    replies: list[str] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)
    rows: list[str] = field(default_factory=list)


def prove(binary: Path, holes: list[int], options: list[str], book: Path | None = None) -> Run:
    """Run the prover from the position ``holes`` reach (hole indices, X first)."""
    command = [str(binary), *options]
    if book is not None:
        command += ["-b", str(book)]
    out = subprocess.run(
        [*command, *map(str, holes)], check=True, capture_output=True, text=True
    ).stdout
    run = Run("open")
    for line in out.splitlines():
        word, _, rest = line.partition(" ")
        if word == "result":
            run.result = rest
        elif word == "reply":
            run.replies.append(rest)
        elif word == "stats":
            fields = rest.split()
            run.stats = {k: float(v) for k, v in zip(fields[::2], fields[1::2], strict=True)}
    if book is not None and book.exists():
        run.rows = [row for row in book.read_text().splitlines() if row.strip()]
    return run


def canonical_book(rows: list[str]) -> Book:
    """The prover's rows (``X O move`` in any orientation) as a book in the engine's canonical
    orientation."""
    entries: dict[int, tuple[int, int, int]] = {}
    for row in rows:
        xs, os_, move = row.split()
        x, o = int(xs, 16), int(os_, 16)
        packed = packed_hash(x, o)
        perm = SYMMETRIES[canonical_symmetry(packed)]
        entries[canonical_key(packed)] = (apply(perm, x), apply(perm, o), perm[int(move)])
    return Book(entries)


def reachable(book: Book, roots: list[tuple[int, int]]) -> Book:
    """The rows a walk from the ``roots`` (X to move) uses: X's book move where the book has
    one (a position without one is left to the forcing search), every O reply. Two processes may
    prove the same position with different moves; the book keeps one, and the rows under the
    other are orphans this drops."""

    def won(x: int, o: int, x_turn: bool) -> bool:
        if x_turn:
            return book.move(x, o) is None
        threes = completing(x, o)
        return has_line(x) or threes & (threes - 1) != 0

    kept: dict[int, tuple[int, int, int]] = {}
    for x, o in roots:
        kept.update(minimal_book(x, o, True, book, won).entries)
    return Book(kept)


@dataclass
class Search:
    """What the search from one position found: its result, the processes it used, the book's
    new rows, the header's lines for each reply, the nodes expanded."""

    result: str
    jobs: int
    rows: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    expanded: float = 0.0


def search(
    binary: Path, holes: list[int], options: list[str], jobs: int, previous: Book, work: Path
) -> Search:
    """Search the position ``holes`` reach: when O is to move there, each of O's replies (up to
    symmetry, those ``previous`` proves skipped) in a process of its own, ``jobs`` at a time;
    else the position itself in one process."""
    o_to_move = len(holes) % 2 == 1
    x = sum(1 << hole for hole in holes[::2])
    o = sum(1 << hole for hole in holes[1::2])
    lines: list[str] = []
    roots = [holes]
    if o_to_move:
        known = [
            str(reply)
            for reply in range(64)
            if not (x | o) >> reply & 1 and previous.move(x, o | 1 << reply) is not None
        ]
        # O's replies up to symmetry (the prover lists them, most promising first), each a root
        listing = [str(binary), "-r", "-n", "0", "-t", "8"]
        for reply in known:
            listing += ["-k", reply]
        out = subprocess.run(
            [*listing, *map(str, holes)], check=True, capture_output=True, text=True
        ).stdout
        roots = []
        for line in out.splitlines():
            word, _, rest = line.partition(" ")
            if word == "reply":
                hole, status, *_ = rest.split()
                if status == "known":
                    lines.append(f"# reply {name(int(hole))}: known (the book's)")
                else:
                    roots.append([*holes, int(hole)])
    else:
        jobs = 1

    def one(root: list[int]) -> Run:
        book = work / f"qubic_prover_{'-'.join(map(str, root))}.txt"
        run = prove(binary, root, options, book)
        book.unlink(missing_ok=True)
        return run

    # the roots are shared out to `jobs` processes: each takes the next when it is done
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = list(pool.map(one, roots))
    found = Search(
        "proven" if all(run.result == "proven" for run in runs) else "open",
        jobs,
        [row for run in runs for row in run.rows],
        lines,
        sum(run.stats.get("expanded", 0.0) for run in runs),
    )
    if o_to_move:
        for root, run in zip(roots, runs, strict=True):
            figures = f"expanded {run.stats['expanded']:.0f} seconds {run.stats['seconds']:.1f}"
            found.lines.append(f"# reply {name(root[-1])}: {run.result} ({figures})")
        if found.result == "proven":
            # every reply is proven: X's last move is a proven move of the position before it
            found.rows.append(f"{x & ~(1 << holes[-1]):016x} {o:016x} {holes[-1]}")
    return found


def x_moves(binary: Path, holes: list[int], width: int) -> list[int]:
    """X's moves where ``holes`` leave X to move, up to symmetry, in the search's order (the
    ``width`` best by its threat score)."""
    out = subprocess.run(
        [str(binary), "-m", "-t", "8", "-w", str(width), *map(str, holes)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [int(line.split()[1]) for line in out.splitlines() if line.startswith("move ")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--opening", nargs="*", default=[], help="moves from the empty board")
    parser.add_argument(
        "--choose",
        action="store_true",
        help="X to move after the opening: try X's moves in the search's order, each with O's"
        " replies shared out, and keep the first proven",
    )
    parser.add_argument("--jobs", type=int, default=2, help="processes sharing O's replies")
    parser.add_argument("--seconds", type=float, default=600.0, help="time budget per reply")
    parser.add_argument("--width", type=int, default=8, help="X's holes tried per node")
    parser.add_argument("--leaf-nodes", type=int, default=1000, help="forcing-search nodes a leaf")
    parser.add_argument("--leaf-moves", type=int, default=12, help="forcing-search moves a leaf")
    parser.add_argument(
        "--walk-nodes", type=int, default=15_000, help="forcing search that ends the book's walk"
    )
    parser.add_argument(
        "--table-bits", type=int, default=25, help="transposition table of 2^N entries (24 bytes)"
    )
    parser.add_argument("--epsilon", type=float, default=0.25, help="df-pn's 1+epsilon trick")
    parser.add_argument(
        "--free-reply-pn", type=int, default=4, help="proof number of a new unforced O turn"
    )
    parser.add_argument("--book", type=Path, default=BOOK_PATH, help="book to extend")
    args = parser.parse_args(argv)
    holes = [parse(move) for move in args.opening]
    if args.choose and len(holes) % 2 == 1:
        parser.error("--choose: the opening must leave X to move")
    options = [
        "-s", str(args.seconds), "-w", str(args.width), "-L", str(args.leaf_nodes),
        "-D", str(args.leaf_moves), "-B", str(args.walk_nodes),
        "-t", str(args.table_bits), "-e", str(args.epsilon),
        "-H", str(args.free_reply_pn),
    ]  # fmt: skip
    x = sum(1 << hole for hole in holes[::2])
    o = sum(1 << hole for hole in holes[1::2])
    previous = Book.parse(args.book.read_text()) if args.book.exists() else Book({})
    start = time.monotonic()
    work = Path(args.book).resolve().parent
    binary = build(work)
    if args.choose:
        found = Search("open", args.jobs)
        rows: list[str] = []
        tried, expanded = [], 0.0
        for move in x_moves(binary, holes, args.width):
            found = search(binary, [*holes, move], options, args.jobs, previous, work)
            rows += found.rows  # a reply proven under a move not kept is proven all the same
            expanded += found.expanded
            tried.append(f"# X's move {name(move)}: {found.result}")
            if found.result == "proven":
                break
        found.rows, found.expanded = rows, expanded
        found.lines += tried
    else:
        found = search(binary, holes, options, args.jobs, previous, work)
    binary.unlink()
    seconds = time.monotonic() - start
    merged = Book({**previous.entries, **canonical_book(found.rows).entries})
    if found.result == "proven":
        # of the new rows, those the root's proof uses (no orphans)
        o_to_move = len(holes) % 2 == 1
        start_position = (x & ~(1 << holes[-1]), o) if o_to_move else (x, o)
        merged = Book({**previous.entries, **reachable(merged, [start_position]).entries})
    command = "python -m bench.qubic_prover " + shlex.join(sys.argv[1:] if argv is None else argv)
    header = [
        "# Qubic proof book: X's proven move per position (X O move; hex boards in the canonical",
        "# orientation under the 192 symmetries, move as hole index in that orientation).",
        f"# rebuilt by: {command}",
        f"# opening {' '.join(args.opening) or '(empty board)'}: root {found.result};"
        f" expanded {found.expanded:.0f} nodes in {found.jobs} processes, {seconds:.0f} s;"
        f" {len(merged.entries)} entries",
        *sorted(found.lines),
    ]
    if args.book.exists():
        earlier = [row for row in args.book.read_text().splitlines() if row.startswith("#")]
        header += [row for row in earlier[2:] if row not in header]
    args.book.write_text("\n".join([*header, *merged.lines()]) + "\n")
    print("\n".join(header))
    return 0 if found.result == "proven" else 1


if __name__ == "__main__":
    raise SystemExit(main())
