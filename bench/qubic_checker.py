"""An independent check of the Qubic proof book: ``python -m bench.qubic_checker [book]
[--jobs N] [--longest] [--plies]``.

It shares no code with the engine: its own 76 lines, its own 192 symmetries, its own move
generator and forcing search. From every proven position of the book's header (or given roots),
it walks X's book move at each X turn and every reply of O at each O turn, and confirms that each
line ends in a four of X: at once, after a double threat, or by a forcing sequence it finds
itself where the book leaves X to the forced-win search. Rows a walk from the book's earliest
positions never uses are orphans (counted, and checked on their own). A position is looked up in
the book by its shape (what the symmetries keep of it) before any row is turned; ``--jobs``
processes (every core) share the forcing searches out. ``--plies`` confirms the plies each row
states (X's four that far away when X follows the book and O holds out longest) with its own
walk and its own shortest forcing wins.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from dataclasses import dataclass, field
from itertools import permutations, product
from pathlib import Path

FULL = (1 << 64) - 1
BOOK = Path(__file__).parent.parent / "engine/players/qubic_book.txt"


def _cell(a: int, b: int, c: int) -> int:
    return 16 * a + 4 * b + c


def _lines() -> tuple[int, ...]:
    found = set()
    for start in product(range(4), repeat=3):
        for step in product((-1, 0, 1), repeat=3):
            if step == (0, 0, 0):
                continue
            cells = [tuple(start[k] + i * step[k] for k in range(3)) for i in range(4)]
            if all(0 <= v < 4 for cell in cells for v in cell):
                found.add(sum(1 << _cell(*cell) for cell in cells))
    return tuple(sorted(found))


LINES = _lines()
THROUGH = tuple(tuple(line for line in LINES if line >> hole & 1) for hole in range(64))


def _symmetries() -> tuple[tuple[int, ...], ...]:
    maps = [m for m in permutations(range(4)) if all(m[3 - v] == 3 - m[v] for v in range(4))]
    found = set()
    for axes in permutations(range(3)):
        for m in maps:
            for flips in product((False, True), repeat=3):
                per_axis = [[3 - m[v] if flip else m[v] for v in range(4)] for flip in flips]
                perm = []
                for hole in range(64):
                    c = (hole >> 4, hole >> 2 & 3, hole & 3)
                    perm.append(_cell(*(per_axis[k][c[axes[k]]] for k in range(3))))
                found.add(tuple(perm))
    return tuple(sorted(found))


SYMMETRIES = _symmetries()


def _byte_tables(perm: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each of the board's 8 bytes, the image under ``perm`` of each of its 256 values."""
    tables = []
    for shift in range(0, 64, 8):
        images = [0] * 256
        for value in range(1, 256):
            low = value & -value
            images[value] = images[value ^ low] | 1 << perm[shift + low.bit_length() - 1]
        tables.append(tuple(images))
    return tuple(tables)


IMAGES = tuple(_byte_tables(perm) for perm in SYMMETRIES)


def _image(tables: tuple[tuple[int, ...], ...], board: int) -> int:
    t0, t1, t2, t3, t4, t5, t6, t7 = tables
    return (
        t0[board & 255]
        | t1[board >> 8 & 255]
        | t2[board >> 16 & 255]
        | t3[board >> 24 & 255]
        | t4[board >> 32 & 255]
        | t5[board >> 40 & 255]
        | t6[board >> 48 & 255]
        | t7[board >> 56]
    )


def canonical(x: int, o: int) -> tuple[tuple[int, int], tuple[int, ...]]:
    """The smallest image of the position under the symmetries, and a symmetry that gives it."""
    best = (FULL + 1, 0)
    chosen = SYMMETRIES[0]
    for perm, tables in zip(SYMMETRIES, IMAGES, strict=True):
        image_x = _image(tables, x)
        if image_x > best[0]:
            continue
        image = (image_x, _image(tables, o))
        if image < best:
            best, chosen = image, perm
    return best, chosen


Shape = tuple[int, ...]


def _line_orbits() -> tuple[int, ...]:
    """Each line's class under the symmetries (the lines one symmetry or another maps it onto)."""
    images: dict[int, int] = {}
    for line in LINES:
        if line not in images:
            orbit = len(set(images.values()))
            for tables in IMAGES:
                images[_image(tables, line)] = orbit
    return tuple(images[line] for line in LINES)


LINE_ORBITS = _line_orbits()
PLACES = tuple((line, 25 * orbit) for line, orbit in zip(LINES, LINE_ORBITS, strict=True))
"""Each line with the place of its class in a ``shape``."""
OPEN_THREES = tuple(25 * orbit + 5 * 3 + 0 for orbit in sorted(set(LINE_ORBITS)))
"""The places in a ``shape`` of the lines with three of X's pieces and none of O's."""
CORNER_LIKE = sum(1 << hole for hole in {perm[0] for perm in SYMMETRIES})
"""The holes a symmetry maps the first corner onto (the corners and the inner cube's holes)."""


def shape(x: int, o: int) -> Shape:
    """What every symmetry keeps of a position: how many lines of each class hold each count of
    X's pieces and O's (a symmetry maps lines onto lines of their class), and how many of each
    side's pieces stand on the corner-like holes. Positions of two shapes are never images."""
    counts = [0] * (25 * len(OPEN_THREES))
    for line, place in PLACES:
        counts[place + 5 * (x & line).bit_count() + (o & line).bit_count()] += 1
    return (*counts, (x & CORNER_LIKE).bit_count(), (o & CORNER_LIKE).bit_count())


def wins(own: int, other: int) -> int:
    """The empty holes that complete a line of ``own``."""
    holes = 0
    for line in LINES:
        if not line & other and (line & own).bit_count() == 3:
            holes |= line & ~own
    return holes


def _makers(own: int, other: int) -> int:
    holes = 0
    for line in LINES:
        if not line & other and (line & own).bit_count() == 2:
            holes |= line & ~own
    return holes


def has_four(board: int) -> bool:
    """Whether ``board`` holds a whole line."""
    return any(board & line == line for line in LINES)


@dataclass
class Budget:
    """Nodes left to the forcing search of one position, and positions it failed in (with the
    moves it had)."""

    left: int
    failed: dict[tuple[int, int], int] = field(default_factory=dict)


def forced_win(x: int, o: int, moves: int, budget: Budget) -> bool:
    """Whether X (to move) wins by threats alone within ``moves`` of its moves: each X move makes
    a three (blocking O's three when O has one) and O's only answer is to fill it."""
    if wins(x, o):
        return True
    return _threat_sequence(x, o, wins(o, x), moves, budget)


def _threes_through(own: int, other: int, low: int) -> int:
    """The empty holes that complete a line of ``own`` through the hole ``low`` (a board)."""
    holes = 0
    for line in THROUGH[low.bit_length() - 1]:
        if not line & other and (line & own).bit_count() == 3:
            holes |= line & ~own
    return holes


def _threat_sequence(x: int, o: int, threats: int, moves: int, budget: Budget) -> bool:
    """:func:`forced_win` where X has no three and ``threats`` are O's threes."""
    if threats & (threats - 1) or moves < 2 or budget.left <= 0:
        return False
    if budget.failed.get((x, o), 0) >= moves:
        return False
    candidates = threats if threats else _makers(x, o)
    forcing = []  # each move that makes one three: searched once none makes two
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        budget.left -= 1
        after = x | low
        made = _threes_through(after, o, low)
        if not made:
            continue
        if made & (made - 1):
            return True
        forcing.append((after, made))
    for after, made in forcing:
        if _threat_sequence(
            after, o | made, _threes_through(o | made, after, made), moves - 1, budget
        ):
            return True
    if budget.left > 0:
        budget.failed[(x, o)] = moves
    return False


def shortest_forced_win(x: int, o: int, most: int, nodes: int) -> int | None:
    """The fewest X moves (the four included) of a forced win from ``(x, o)`` (X to move),
    trying 1, 2, ... ``most`` moves, or ``None``."""
    if wins(x, o):
        return 1
    for moves in range(2, most + 1):
        if forced_win(x, o, moves, Budget(nodes)):
            return moves
    return None


TAKEN = "taken"
FOUR = "four"
DOUBLE_THREAT = "double threat"
REPLIES = "replies"


def after_x_move(x: int, o: int, move: int) -> tuple[str, int]:
    """What follows X's ``move`` in ``(x, o)``: ``TAKEN`` (the hole is not empty), ``FOUR``,
    ``DOUBLE_THREAT`` (two threes: X wins next), a failure (``"O completes a line"``, ``"the
    board fills"``), or ``REPLIES`` with O's replies worth trying (the block of X's three, else
    every empty hole)."""
    if (x | o) >> move & 1:
        return TAKEN, 0
    x |= 1 << move
    if has_four(x):
        return FOUR, 0
    if wins(o, x):
        return "O completes a line", 0
    empty = ~(x | o) & FULL
    if not empty:
        return "the board fills", 0
    threats = wins(x, o)
    if threats & (threats - 1):
        return DOUBLE_THREAT, 0
    return REPLIES, threats or empty


def _holes(board: int) -> list[int]:
    """Each set bit of ``board`` as a board of its own, lowest first."""
    holes = []
    while board:
        low = board & -board
        board ^= low
        holes.append(low)
    return holes


@dataclass
class Report:
    """What a walk met: positions, book moves, wins found, and the failures (position, why)."""

    positions: int = 0
    book_moves: int = 0
    forced_wins: int = 0
    fours: int = 0
    failures: list[tuple[int, int, str]] = field(default_factory=list)
    seconds: float = 0.0
    rows: set[int] = field(default_factory=set)
    """The book's rows (their indices) the walk used."""

    def add(self, other: Report) -> None:
        """Count ``other``'s walk into this one."""
        self.positions += other.positions
        self.book_moves += other.book_moves
        self.forced_wins += other.forced_wins
        self.fours += other.fours
        self.failures += other.failures
        self.rows |= other.rows


class Checker:
    """Walks a book (rows ``X O move`` in hex) with its own rules."""

    def __init__(self, text: str, forcing_nodes: int = 100_000, forcing_moves: int = 24) -> None:
        self.rows: list[tuple[int, int, int]] = []
        """The book's rows as written: X, O and X's move."""
        self.forcing_nodes = forcing_nodes
        self.forcing_moves = forcing_moves
        self.plies: dict[int, int] = {}
        """The plies to X's four the book states for its rows, by row index (where it does)."""
        self._by_shape: dict[Shape, list[int]] = {}
        self._longest: dict[tuple[int, int], int] = {}
        for row in text.splitlines():
            if not row.strip() or row.startswith("#"):
                continue
            xs, os_, move, *stated = row.split()
            x, o = int(xs, 16), int(os_, 16)
            self._by_shape.setdefault(shape(x, o), []).append(len(self.rows))
            if stated:
                self.plies[len(self.rows)] = int(stated[0])
            self.rows.append((x, o, int(move)))
        self.roots = [(x, o) for x, o, _ in self.rows]

    def book_move(self, x: int, o: int) -> int | None:
        """X's book move in ``(x, o)``, mapped into this orientation, or None."""
        found = self.find(x, o)
        return None if found is None else found[1]

    def find(self, x: int, o: int, form: Shape | None = None) -> tuple[int, int] | None:
        """The book's row of ``(x, o)`` (whose ``shape`` is ``form``, when known) in any
        orientation (the last row written, if two are) and its move in this orientation;
        ``None`` when the book has none. Only a row of the position's shape is turned."""
        for index in reversed(self._by_shape.get(shape(x, o) if form is None else form, [])):
            row_x, row_o, move = self.rows[index]
            for perm, tables in zip(SYMMETRIES, IMAGES, strict=True):
                if _image(tables, row_x) == x and _image(tables, row_o) == o:
                    return index, perm[move]
        return None

    def longest(self, x: int, o: int) -> int:
        """The plies from ``(x, o)`` (X to move) to X's four when X plays the book's move where
        the book has one, else its shortest forced win, and O the reply that lasts longest:
        ``-1`` if some line does not end in a four of X. Positions met are remembered across
        calls."""
        plies = self._longest

        def last(x: int, o: int) -> int:
            key, _ = canonical(x, o)
            if key not in plies:
                plies[key] = plies_from(x, o, self.book_move(x, o))
            return plies[key]

        def plies_from(x: int, o: int, move: int | None) -> int:
            if wins(x, o):
                return 1
            if move is None:
                moves = shortest_forced_win(x, o, self.forcing_moves, self.forcing_nodes)
                return -1 if moves is None else 2 * moves - 1
            outcome, replies = after_x_move(x, o, move)
            if outcome != REPLIES:
                return {FOUR: 1, DOUBLE_THREAT: 3}.get(outcome, -1)
            longest = 0
            for reply in _holes(replies):
                rest = last(x | 1 << move, o | reply)
                if rest < 0:
                    return -1
                longest = max(longest, rest)
            return 2 + longest

        return last(x, o)

    def wrong_plies(self, rows: list[int]) -> list[tuple[int, int, int]]:
        """The ``rows`` (indices) whose stated plies differ from :meth:`longest`: (row, stated,
        found)."""
        wrong = []
        for index in rows:
            x, o, _ = self.rows[index]
            found = self.longest(x, o)
            if found != self.plies.get(index):
                wrong.append((index, self.plies.get(index, -1), found))
        return wrong

    def earliest(self) -> list[tuple[int, int]]:
        """The book's positions with the fewest pieces: where its proof starts."""
        if not self.roots:
            return []
        top = min((x | o).bit_count() for x, o in self.roots)
        return [(x, o) for x, o in self.roots if (x | o).bit_count() == top]

    def longest_games(self) -> dict[tuple[int, int], int]:
        """For each of the book's earliest positions (the fewest pieces), the plies of the
        longest game through it from the empty board (:meth:`longest`; ``-1``: not a win)."""
        games = {}
        for x, o in self.earliest():
            rest = self.longest(x, o)
            games[(x, o)] = -1 if rest < 0 else (x | o).bit_count() + rest
        return games

    def walk(
        self, roots: list[tuple[int, int]], limit: int = 10**9, share: tuple[int, int] = (0, 1)
    ) -> Report:
        """Check every line from the ``roots`` (X to move), up to ``limit`` positions.

        ``share`` (``part``, ``parts``): the walk goes through the book's rows as a whole but
        counts them only in part 0, and searches (and counts) only the other positions whose
        hash falls to ``part``: the ``parts`` walks together search each position once."""
        start = time.monotonic()
        part, parts = share
        report = Report()
        seen: set[tuple[int, int]] = set()
        walked: set[int] = set()
        counts = part == 0
        stack = list(roots)
        while stack and report.positions < limit:
            x, o = stack.pop()
            if (x, o) in seen:  # the same position reached again in another order
                continue
            seen.add((x, o))
            form = shape(x, o)
            three = any(form[place] for place in OPEN_THREES)  # X completes a line at once
            found = None if three else self.find(x, o, form)
            if found is None:
                if hash((x, o)) % parts != part:
                    continue
                report.positions += 1
                if three:
                    report.fours += 1
                elif _threat_sequence(
                    x, o, wins(o, x), self.forcing_moves, Budget(self.forcing_nodes)
                ):
                    report.forced_wins += 1
                else:
                    report.failures.append((x, o, "no book move and no forced win"))
                continue
            index, move = found
            if index in walked:  # a row met already in another orientation
                continue
            walked.add(index)
            outcome, replies = after_x_move(x, o, move)
            if counts:
                report.positions += 1
                report.rows.add(index)
                if outcome == TAKEN:
                    report.failures.append((x, o, f"book move {move} is taken"))
                else:
                    report.book_moves += 1
                if outcome in (FOUR, DOUBLE_THREAT):
                    report.fours += 1
                elif outcome not in (REPLIES, TAKEN):
                    report.failures.append((x | 1 << move, o, outcome))
            if outcome == REPLIES:
                stack.extend((x | 1 << move, o | reply) for reply in _holes(replies))
        report.seconds = time.monotonic() - start
        return report

    def walk_shared(self, roots: list[tuple[int, int]], jobs: int) -> Report:
        """:meth:`walk` over ``jobs`` processes, each walking its ``share``."""
        start = time.monotonic()
        report = Report()
        global _SHARED
        _SHARED = (self, roots, jobs)  # the processes start as copies of this one (fork)
        try:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                for part in pool.imap_unordered(_walk_part, range(jobs)):
                    report.add(part)
        finally:
            _SHARED = None
        report.seconds = time.monotonic() - start
        return report


_SHARED: tuple[Checker, list[tuple[int, int]], int] | None = None
"""The checker, the roots and the processes of :meth:`Checker.walk_shared` under way."""


def _walk_part(part: int) -> Report:
    """A process's part of :meth:`Checker.walk_shared`."""
    assert _SHARED is not None
    checker, roots, parts = _SHARED
    return checker.walk(roots, share=(part, parts))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.qubic_checker", description=__doc__)
    parser.add_argument("book", nargs="?", type=Path, default=BOOK)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument(
        "--longest", action="store_true", help="also the longest game through the first rows"
    )
    parser.add_argument(
        "--plies", action="store_true", help="also confirm the plies each row states"
    )
    args = parser.parse_args(argv)
    checker = Checker(args.book.read_text())
    total = checker.walk_shared(checker.earliest(), args.jobs)
    orphans = len(checker.rows) - len(total.rows)
    if orphans:  # the rows the proof does not use are checked too
        total = checker.walk_shared(checker.roots, args.jobs)
    print(
        f"{len(checker.roots)} book entries walked: {total.positions} positions,"
        f" {total.book_moves} book moves, {total.forced_wins} forced wins, {total.fours} fours,"
        f" {len(total.failures)} failures, {orphans} orphans, {total.seconds:.1f} s"
        f" ({args.jobs} processes)"
    )
    if args.longest:
        for (x, o), plies in checker.longest_games().items():
            print(f"the longest game through {x:016x} {o:016x}: {plies} plies from the empty board")
    wrong: list[tuple[int, int, int]] = []
    if args.plies:
        started = time.monotonic()
        deepest_first = sorted(
            checker.plies, key=lambda i: -(checker.rows[i][0] | checker.rows[i][1]).bit_count()
        )
        wrong = checker.wrong_plies(deepest_first)
        print(
            f"{len(checker.plies)} rows' plies confirmed: {len(wrong)} wrong, "
            f"{time.monotonic() - started:.1f} s"
        )
    for x, o, why in total.failures[:10]:
        print(f"FAIL {x:016x} {o:016x}: {why}")
    for index, stated, found in wrong[:10]:
        print(f"FAIL row {index}: it states {stated} plies, the walk finds {found}")
    return 1 if total.failures or wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
