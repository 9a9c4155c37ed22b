"""Olix patterns on the 11x11 grid (RULES.md §11): the best O, L, I and X through one counter.

A pattern is a set of one player's counters; its value is how many counters it holds.
``I``: a straight row or column run of at least 4. ``X``: a diagonal run of at least 4.
``L``: two perpendicular orthogonal arms from one corner counter, each at least 3 counters long
(the corner counts in both arms, so the smallest L holds 5). ``O``: the border of a rectangle at
least 2x2, all the player's counters, plus the player's own counters inside it.

>>> own = sum(1 << GRID.parse(name) for name in ("a1", "b1", "c1", "d1", "a2", "a3"))
>>> sorted((kind, found.value) for kind, found in patterns_at(own, GRID.parse("a1")).items())
[('I', 4), ('L', 6)]
"""

from __future__ import annotations

from dataclasses import dataclass

from msgspec.structs import replace

from engine.bitboard import Bitboard
from engine.grid import CELLS, Grid
from engine.phrase import N_

GRID = Grid(
    "olix",
    11,
    11,
    replace(
        CELLS,
        piece=N_("counter"),
        pieces=N_("counters"),
        a_piece=N_("a counter"),
        the_piece=N_("the counter"),
    ),
)
"""The 11x11 board of cells, played with counters."""
SIZE = GRID.rows
KINDS: tuple[str, ...] = ("O", "L", "I", "X")
"""The four patterns, in the order of the scoring area."""
SMALLEST: dict[str, int] = {"O": 4, "L": 5, "I": 4, "X": 4}
"""The value of the smallest pattern of each kind."""
LARGEST: dict[str, int] = {"O": SIZE * SIZE, "L": 2 * SIZE - 1, "I": SIZE, "X": SIZE}
"""The value of the largest pattern of each kind the grid can hold."""

EAST, WEST, NORTH, SOUTH = (0, 1), (0, -1), (-1, 0), (1, 0)
Step = tuple[int, int]
AXES: dict[str, tuple[tuple[Step, Step], ...]] = {
    "I": ((EAST, WEST), (NORTH, SOUTH)),
    "X": (((1, 1), (-1, -1)), ((1, -1), (-1, 1))),
}
"""The lines of the I (rows, columns) and of the X (both diagonals), each as two directions."""


def _ray(cell: int, step: Step) -> tuple[int, ...]:
    row, column = GRID.coords(cell)
    cells = []
    row, column = row + step[0], column + step[1]
    while 0 <= row < SIZE and 0 <= column < SIZE:
        cells.append(GRID.index(row, column))
        row, column = row + step[0], column + step[1]
    return tuple(cells)


RAYS: dict[Step, tuple[tuple[int, ...], ...]] = {
    step: tuple(_ray(cell, step) for cell in range(GRID.cells))
    for step in (EAST, WEST, NORTH, SOUTH, (1, 1), (-1, -1), (1, -1), (-1, 1))
}
"""``RAYS[step][cell]``: the cells from ``cell`` outward in direction ``step`` (row, column)."""


def _segment(row: int, first: int, last: int) -> Bitboard:
    return sum(1 << GRID.index(row, column) for column in range(first, last + 1))


ROW_SEGMENTS: dict[tuple[int, int, int], Bitboard] = {
    (row, first, last): _segment(row, first, last)
    for row in range(SIZE)
    for first in range(SIZE)
    for last in range(first, SIZE)
}
"""``(row, first column, last column)`` -> the cells of that row segment."""


def _rectangle(top: int, bottom: int, left: int, right: int) -> tuple[Bitboard, Bitboard]:
    border = ROW_SEGMENTS[top, left, right] | ROW_SEGMENTS[bottom, left, right]
    inside = 0
    for row in range(top + 1, bottom):
        border |= 1 << GRID.index(row, left) | 1 << GRID.index(row, right)
        if right - left > 1:
            inside |= ROW_SEGMENTS[row, left + 1, right - 1]
    return border, inside


RECTANGLES: dict[tuple[int, int, int, int], tuple[Bitboard, Bitboard]] = {
    (top, bottom, left, right): _rectangle(top, bottom, left, right)
    for top in range(SIZE)
    for bottom in range(top + 1, SIZE)
    for left in range(SIZE)
    for right in range(left + 1, SIZE)
}
"""``(top row, bottom row, left column, right column)`` -> (border cells, inside cells)."""


@dataclass(frozen=True)
class Pattern:
    """One pattern of one player: its kind (``O L I X``), value and counters (a bitboard)."""

    kind: str
    value: int
    cells: Bitboard


def run(own: Bitboard, cell: int, step: Step) -> int:
    """How many of ``own``'s counters follow ``cell`` without a gap in direction ``step``."""
    count = 0
    for other in RAYS[step][cell]:
        if not own >> other & 1:
            break
        count += 1
    return count


def _arm(cell: int, step: Step, length: int) -> Bitboard:
    """``cell`` and the next ``length - 1`` cells in direction ``step``."""
    mask = 1 << cell
    for other in RAYS[step][cell][: length - 1]:
        mask |= 1 << other
    return mask


def best_line(own: Bitboard, cell: int, kind: str) -> Pattern | None:
    """The longest run of ``own`` through ``cell`` along the lines of ``kind`` (``I``: rows and
    columns, ``X``: diagonals), if it holds at least 4 counters."""
    best: Pattern | None = None
    for forward, backward in AXES[kind]:
        ahead, behind = run(own, cell, forward), run(own, cell, backward)
        length = ahead + behind + 1
        if length >= 4 and (best is None or length > best.value):
            start = RAYS[backward][cell][behind - 1] if behind else cell
            best = Pattern(kind, length, _arm(start, forward, length))
    return best


def _corner_l(own: Bitboard, corner: int, arms: tuple[Step, ...]) -> Pattern | None:
    """The largest L with its corner at ``corner`` and one arm along each of ``arms``'s
    candidates: ``arms`` holds the directions the first arm may take (the arm that must reach
    the placed counter), the second arm goes north or south / east or west across it."""
    best: Pattern | None = None
    for first in arms:
        across = (NORTH, SOUTH) if first in (EAST, WEST) else (EAST, WEST)
        length = run(own, corner, first) + 1
        if length < 3:
            continue
        for second in across:
            other = run(own, corner, second) + 1
            if other >= 3 and (best is None or length + other - 1 > best.value):
                best = Pattern(
                    "L",
                    length + other - 1,
                    _arm(corner, first, length) | _arm(corner, second, other),
                )
    return best


def best_l(own: Bitboard, cell: int) -> Pattern | None:
    """The most valuable L holding the counter on ``cell``: as its corner, or on an arm whose
    corner lies in the same row or column run."""
    candidates = [_corner_l(own, cell, (EAST, WEST, NORTH, SOUTH))]
    for step, back in ((EAST, WEST), (WEST, EAST), (NORTH, SOUTH), (SOUTH, NORTH)):
        for corner in RAYS[step][cell][: run(own, cell, step)]:
            candidates.append(_corner_l(own, corner, (back,)))
    found = [pattern for pattern in candidates if pattern is not None]
    return max(found, key=lambda pattern: pattern.value, default=None)


def best_o(own: Bitboard, cell: int) -> Pattern | None:
    """The most valuable O holding the counter on ``cell``, on its border or inside it."""
    row, column = GRID.coords(cell)
    best: Pattern | None = None
    for left in range(column + 1):
        left_cell = GRID.index(row, left)
        if not own >> left_cell & 1:
            continue
        left_up, left_down = run(own, left_cell, NORTH), run(own, left_cell, SOUTH)
        for right in range(max(column, left + 1), SIZE):
            right_cell = GRID.index(row, right)
            if not own >> right_cell & 1:
                continue
            low = row - min(left_up, run(own, right_cell, NORTH))
            high = row + min(left_down, run(own, right_cell, SOUTH))
            full = [
                r
                for r in range(low, high + 1)
                if own & ROW_SEGMENTS[r, left, right] == ROW_SEGMENTS[r, left, right]
            ]
            for top in full:
                if top > row:
                    break
                for bottom in full:
                    if bottom < max(row, top + 1):
                        continue
                    border, inside = RECTANGLES[top, bottom, left, right]
                    counters = border | own & inside
                    value = counters.bit_count()
                    if best is None or value > best.value:
                        best = Pattern("O", value, counters)
    return best


def patterns_at(own: Bitboard, cell: int) -> dict[str, Pattern]:
    """The most valuable pattern of each kind that holds ``own``'s counter on ``cell`` (kinds
    with none are left out). ``own`` includes ``cell``."""
    found = {
        "O": best_o(own, cell),
        "L": best_l(own, cell),
        "I": best_line(own, cell, "I"),
        "X": best_line(own, cell, "X"),
    }
    return {kind: pattern for kind, pattern in found.items() if pattern is not None}
