"""Square grids of cells (Olix: 11x11): indices, coordinates and names.

Cell ``(row, column)``, each ``0 .. size - 1``, has index ``size * row + column``: its bit in a
bitboard of ``size * size`` bits. Names are a column letter and a row number, as on a chess
board: ``A1`` is row 0, column 0 (the bottom left corner as the board is shown), ``K11`` the
top right corner of an 11x11 grid.

>>> grid = Grid(11)
>>> grid.cell_name(0), grid.cell_name(120), grid.cell_index(" f6 ")
('A1', 'K11', 60)
>>> grid.cell_index("L1")
Traceback (most recent call last):
...
engine.errors.HoleNameError: not a cell of the 11x11 grid: 'L1' (columns A..K, rows 1..11)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import HoleNameError, SettingError

_NAME = re.compile(r"([A-Za-z])([0-9]{1,2})")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Grid:
    """A square grid of ``size`` x ``size`` cells, named ``A1`` .. (see the module text)."""

    size: int

    def __post_init__(self) -> None:
        if isinstance(self.size, bool) or not isinstance(self.size, int):
            raise SettingError(f"a grid size must be a whole number: {self.size!r}")
        if not 2 <= self.size <= len(LETTERS):
            raise SettingError(f"a grid size must be 2..{len(LETTERS)}: {self.size}")

    @property
    def cell_count(self) -> int:
        """``size * size``."""
        return self.size * self.size

    @property
    def full(self) -> int:
        """The bitboard of every cell."""
        return (1 << self.cell_count) - 1

    def cell(self, row: int, column: int) -> int:
        """The index of ``(row, column)``."""
        if not (0 <= row < self.size and 0 <= column < self.size):
            raise ValueError(f"not a cell of the {self}: {(row, column)}")
        return self.size * row + column

    def coords(self, cell: int) -> tuple[int, int]:
        """``(row, column)`` of a cell index."""
        return divmod(cell, self.size)

    def cell_name(self, cell: int) -> str:
        """``A1`` .. (column letter, row number from 1)."""
        if not 0 <= cell < self.cell_count:
            raise ValueError(f"not a cell index of the {self}: {cell!r}")
        row, column = self.coords(cell)
        return f"{LETTERS[column]}{row + 1}"

    def cell_index(self, text: str) -> int:
        """The cell named ``text``: a column letter and a row number, any case, e.g. ``f6``."""
        shape = f"columns A..{LETTERS[self.size - 1]}, rows 1..{self.size}"
        if not isinstance(text, str):
            raise HoleNameError(f"not a cell name: {text!r} (expected text like 'F6')")
        found = _NAME.fullmatch(text.strip())
        if found is None:
            raise HoleNameError(f"not a cell name: {text!r} ({shape}, like 'F6')")
        column = LETTERS.find(found.group(1).upper())
        row = int(found.group(2)) - 1
        if not (0 <= column < self.size and 0 <= row < self.size):
            raise HoleNameError(f"not a cell of the {self}: {text!r} ({shape})")
        return self.cell(row, column)

    def __str__(self) -> str:
        return f"{self.size}x{self.size} grid"
