"""Flat square boards: cells, names, neighbours and lines.

A cell is ``row * cols + col``: the bit of that cell in a bitboard. Rows count from the top
(1, 2, ...), columns are letters from the left (a, b, ...), so the top left cell is ``a1``.
The FLIX spaceboard of 64 holes is not a grid: its holes live in :mod:`engine.holes`. A game on
a flat board declares its grid (``Game.grid``); :data:`engine.variants.GRIDS` lists the
registered games' grids by key.

>>> square = Grid("square", 5, 5)
>>> square.name(7), square.parse(" C2 "), square.cells
('c2', 7, 25)
>>> [square.name(c) for c in square.corners_list()]
['a1', 'e1', 'a5', 'e5']
>>> Grid("wide", 11, 11).name(120)
'k11'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

import msgspec

from engine.bitboard import Bitboard, bit, scan_forward
from engine.errors import HoleNameError
from engine.phrase import N_, why

LETTERS = "abcdefghijklmnopqrstuvwxyz"
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
)
"""The 8 steps to a neighbouring cell: (row, column)."""
LINE_STEPS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Horizontal, vertical and the two diagonal directions of a straight line."""

_CELL_NAME = re.compile(r"([a-z])([0-9]{1,2})")


class Nouns(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How people name a board's places and pieces, in English (message ids, which
    ``controller.words`` translates; the state and ``GET /api/info`` carry them translated):
    ``place``/``places`` (holes, squares, cells), ``into`` (a piece goes *in* a hole, *on* a
    square), ``piece``/``pieces``, ``a_piece``/``the_piece`` (as the object of a sentence:
    German declines them) and ``tally``, the label of the lines each team scored (``None``
    where the first line ends the game or no line counts)."""

    place: str
    places: str
    into: str
    piece: str
    pieces: str
    a_piece: str
    the_piece: str
    tally: str | None


CELLS = Nouns(
    N_("cell"),
    N_("cells"),
    N_("on"),
    N_("piece"),
    N_("pieces"),
    N_("a piece"),
    N_("the piece"),
    None,
)
"""A flat board's words unless its declaration names its own."""


@dataclass(frozen=True)
class Grid:
    """A board of ``rows`` x ``cols`` cells, known to the whole project by ``key``; ``nouns``:
    how people name its places and pieces."""

    key: str
    rows: int
    cols: int
    nouns: Nouns = CELLS

    @property
    def cells(self) -> int:
        """How many cells (sensors, LEDs) the board has."""
        return self.rows * self.cols

    @property
    def all(self) -> Bitboard:
        """Every cell."""
        return (1 << self.cells) - 1

    @property
    def corners(self) -> Bitboard:
        """The four corner cells."""
        return sum(bit(cell) for cell in self.corners_list())

    def corners_list(self) -> tuple[int, int, int, int]:
        """The corners top left, top right, bottom left, bottom right."""
        last = self.cells - 1
        return 0, self.cols - 1, last - self.cols + 1, last

    def index(self, row: int, col: int) -> int:
        """The cell at ``row``, ``col`` (both from 0)."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"no cell at row {row}, column {col} of {self.key}")
        return row * self.cols + col

    def coords(self, cell: int) -> tuple[int, int]:
        """``(row, col)`` of a cell."""
        return divmod(cell, self.cols)

    def name(self, cell: int) -> str:
        """The cell's name: column letter and row number, e.g. ``c2``."""
        if not 0 <= cell < self.cells:
            raise ValueError(f"not a cell of {self.key}: {cell!r}")
        row, col = self.coords(cell)
        return f"{LETTERS[col]}{row + 1}"

    def parse(self, text: str) -> int:
        """The cell named ``text`` (any case, spaces around ignored)."""
        shape = f"a..{LETTERS[self.cols - 1]}, 1..{self.rows}"
        found = _CELL_NAME.fullmatch(text.strip().lower()) if isinstance(text, str) else None
        if found is None:
            raise HoleNameError(
                why(
                    "not a cell name: {text} ({shape}: a column and a row, as 'c2')",
                    text=repr(text),
                    shape=shape,
                )
            )
        col, row = LETTERS.index(found.group(1)), int(found.group(2)) - 1
        if not (0 <= row < self.rows and col < self.cols):
            raise HoleNameError(
                why(
                    "no cell {text} on the {board} board ({shape})",
                    text=repr(text.strip()),
                    board=self.key,
                    shape=shape,
                )
            )
        return self.index(row, col)

    def names(self, mask: Bitboard) -> list[str]:
        """The names of the cells in ``mask``, in cell order."""
        return [self.name(cell) for cell in scan_forward(mask)]

    @cached_property
    def neighbours(self) -> tuple[Bitboard, ...]:
        """Per cell, the cells one step away in the 8 directions."""
        result = []
        for cell in range(self.cells):
            row, col = self.coords(cell)
            mask = 0
            for dr, dc in DIRECTIONS:
                if 0 <= row + dr < self.rows and 0 <= col + dc < self.cols:
                    mask |= bit(self.index(row + dr, col + dc))
            result.append(mask)
        return tuple(result)

    def lines(self, length: int) -> tuple[Bitboard, ...]:
        """Every straight run of ``length`` cells (rows, columns, both diagonals)."""
        found = []
        for cell in range(self.cells):
            row, col = self.coords(cell)
            for dr, dc in LINE_STEPS:
                end_row, end_col = row + dr * (length - 1), col + dc * (length - 1)
                if 0 <= end_row < self.rows and 0 <= end_col < self.cols:
                    found.append(
                        sum(bit(self.index(row + dr * i, col + dc * i)) for i in range(length))
                    )
        return tuple(found)
