"""The 76 Flix-lines: every straight line of four holes in the 4x4x4 spaceboard.

>>> len(LINES), len(LINES_THROUGH[0]), len(LINES_THROUGH[1])
(76, 7, 4)
"""

from __future__ import annotations

from itertools import product

from engine.bitboard import Bitboard, scan_forward
from engine.holes import Hole, coords, index


def _directions() -> list[tuple[int, int, int]]:
    """The 13 directions, one of each opposite pair (first non-zero step positive)."""
    result = []
    for dp, df, ds in product((-1, 0, 1), repeat=3):
        first = next((c for c in (dp, df, ds) if c), 0)
        if first > 0:
            result.append((dp, df, ds))
    return result


def _build() -> tuple[Bitboard, ...]:
    lines: list[Bitboard] = []
    for dp, df, ds in _directions():
        for p, f, s in product(range(4), repeat=3):
            cells = [(p + k * dp, f + k * df, s + k * ds) for k in range(4)]
            if all(0 <= c < 4 for cell in cells for c in cell):
                mask = 0
                for cell in cells:
                    mask |= 1 << index(*cell)
                lines.append(mask)
    return tuple(sorted(lines))


LINES: tuple[Bitboard, ...] = _build()
"""All 76 Flix-lines as masks, in increasing mask order."""

LINES_THROUGH: tuple[tuple[Bitboard, ...], ...] = tuple(
    tuple(line for line in LINES if line >> hole & 1) for hole in range(64)
)
"""For each hole, the lines through it (7 for corners and inner holes, 4 for the rest)."""


def completed_lines(own: Bitboard, hole: Hole) -> list[Bitboard]:
    """The lines through ``hole`` that lie wholly within ``own``."""
    return [line for line in LINES_THROUGH[hole] if own & line == line]


def completing(
    pieces: Bitboard,
    candidates: Bitboard,
    through: tuple[tuple[Bitboard, ...], ...] = LINES_THROUGH,
) -> Bitboard:
    """The holes of ``candidates`` where one more of ``pieces`` completes a line (``through``:
    per hole, the lines through it; the spaceboard's by default)."""
    found = 0
    for hole in scan_forward(candidates):
        mine = pieces | 1 << hole
        if any(mine & line == line for line in through[hole]):
            found |= 1 << hole
    return found


def has_line(own: Bitboard) -> bool:
    """Whether ``own`` contains any whole Flix-line."""
    return any(own & line == line for line in LINES)


def line_kind(line: Bitboard) -> str:
    """``row`` (parallel to an axis), ``diagonal`` (within a plane) or ``triagonal``."""
    holes = [h for h in range(64) if line >> h & 1]
    a, b = holes[0], holes[1]
    changed = sum(x != y for x, y in zip(coords(a), coords(b), strict=True))
    return ("row", "diagonal", "triagonal")[changed - 1]
