"""Bitboards: sets of holes as 64-bit ints, with tiny pure helpers."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from engine.holes import DEFAULT_LAYOUT, ROMAN, Hole, Layout, name

Bitboard = int
"""A set of holes: bit ``h`` is set when hole ``h`` is in the set."""

BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = (1 << 64) - 1

BB_PANELS: tuple[Bitboard, ...] = tuple(0xFFFF << (16 * p) for p in range(4))
"""The 16 holes of each panel (groove order, front to back)."""
BB_FLOORS: tuple[Bitboard, ...] = tuple(
    sum(0xF << (16 * p + 4 * f) for p in range(4)) for f in range(4)
)
"""The 16 holes of each floor, I..IV."""
BB_SECTIONS: tuple[Bitboard, ...] = tuple(
    sum(1 << (16 * p + 4 * f + s) for p in range(4) for f in range(4)) for s in range(4)
)
"""The 16 holes above each suit strip (left to right)."""


def bit(hole: Hole) -> Bitboard:
    """The board with only ``hole`` set."""
    return 1 << hole


def popcount(bb: Bitboard) -> int:
    """How many holes are in the set."""
    return bb.bit_count()


def scan_forward(bb: Bitboard) -> Iterator[Hole]:
    """The holes of ``bb`` in increasing order."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def from_holes(holes: Iterable[Hole]) -> Bitboard:
    """The board with exactly these holes set."""
    bb = 0
    for hole in holes:
        bb |= 1 << hole
    return bb


class HoleSet:
    """A debuggable set of holes that prints as the four panels side by side.

    >>> print(HoleSet(0b1001))
         R SHDC  Y SHDC  G SHDC  B SHDC
      IV   ....    ....    ....    ....
     III   ....    ....    ....    ....
      II   ....    ....    ....    ....
       I   #..#    ....    ....    ....
    """

    __slots__ = ("mask",)

    def __init__(self, mask: Bitboard | Iterable[Hole] = 0) -> None:
        self.mask: Bitboard = mask & BB_ALL if isinstance(mask, int) else from_holes(mask)

    def __iter__(self) -> Iterator[Hole]:
        return scan_forward(self.mask)

    def __len__(self) -> int:
        return popcount(self.mask)

    def __contains__(self, hole: object) -> bool:
        return isinstance(hole, int) and 0 <= hole < 64 and bool(self.mask >> hole & 1)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HoleSet):
            return self.mask == other.mask
        if isinstance(other, int):
            return self.mask == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def names(self, layout: Layout = DEFAULT_LAYOUT) -> list[str]:
        """Canonical names of the holes, in index order."""
        return [name(h, layout) for h in self]

    def grid(self, layout: Layout = DEFAULT_LAYOUT) -> str:
        """The four panels side by side, floor IV on top, sections left to right."""
        header = "     " + "  ".join(f"{p} {layout.suits}" for p in layout.panels)
        rows = [header]
        for floor in range(3, -1, -1):
            cells = []
            for panel in range(4):
                base = 16 * panel + 4 * floor
                cells.append("".join("#" if self.mask >> (base + s) & 1 else "." for s in range(4)))
            rows.append(f"{ROMAN[floor]:>4} " + "  ".join(f"  {c}" for c in cells))
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.grid()

    def __repr__(self) -> str:
        return f"HoleSet(0x{self.mask:016x})"
