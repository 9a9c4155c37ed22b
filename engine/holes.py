"""Holes of the spaceboard: indices, coordinates and names.

A hole is ``(panel, floor, section)``, each 0..3, with index ``16*panel + 4*floor + section``:
the bit of that hole in a 64-bit board. Panels stand in the grooves front to back, floors count
from the base up (I..IV), sections are the card-suit strips left to right.

>>> name(parse("y2h"))
'Y-II-H'
>>> index(1, 1, 1)
21
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from engine.errors import HoleNameError, SettingError
from engine.phrase import why

Hole = int
"""A hole index, 0..63."""

HOLES: range = range(64)
ROMAN: tuple[str, ...] = ("I", "II", "III", "IV")

PANEL_COLOURS: dict[str, str] = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
SUIT_NAMES: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass(frozen=True)
class Layout:
    """Which panel stands in which groove and which suit strip runs where.

    ``panels`` lists panel letters front to back, ``suits`` suit letters left to right.
    The defaults are an assumption of RULES.md (settings ``panels`` and ``suits``).
    """

    panels: str = "RYGB"
    suits: str = "SHDC"

    def __post_init__(self) -> None:
        if sorted(self.panels.upper()) != sorted(PANEL_COLOURS) or len(self.panels) != 4:
            raise SettingError(
                f"panels must order the letters R, Y, G, B once each: {self.panels!r}"
            )
        if sorted(self.suits.upper()) != sorted(SUIT_NAMES) or len(self.suits) != 4:
            raise SettingError(f"suits must order the letters S, H, D, C once each: {self.suits!r}")
        object.__setattr__(self, "panels", self.panels.upper())
        object.__setattr__(self, "suits", self.suits.upper())

    def panel_of_colour(self, colour: str) -> int:
        """The groove (0..3) of the panel with this colour name or letter."""
        letter = colour[:1].upper()
        if letter not in PANEL_COLOURS or colour.lower() not in (
            letter.lower(),
            PANEL_COLOURS[letter],
        ):
            raise SettingError(f"not a panel colour: {colour!r}")
        return self.panels.index(letter)

    def section_of_suit(self, suit: str) -> int:
        """The section (0..3) of the strip with this suit name or letter."""
        letter = suit[:1].upper()
        if letter not in SUIT_NAMES or suit.lower() not in (letter.lower(), SUIT_NAMES[letter]):
            raise SettingError(f"not a suit: {suit!r}")
        return self.suits.index(letter)

    def name(self, hole: Hole) -> str:
        """The canonical name of ``hole`` in this layout (see :func:`name`)."""
        return name(hole, self)

    def parse(self, text: str) -> Hole:
        """The hole named by ``text`` in this layout (see :func:`parse`)."""
        return parse(text, self)


class Naming(Protocol):
    """What names a board's holes or cells: a FLIX :class:`Layout` or a grid (engine.grid)."""

    def name(self, hole: Hole) -> str:
        """The canonical name of a hole or cell."""
        ...

    def parse(self, text: str) -> Hole:
        """The hole or cell named by ``text``."""
        ...


DEFAULT_LAYOUT = Layout()

_DASHED = re.compile(r"([A-Za-z])-(I|II|III|IV)-([A-Za-z])", re.IGNORECASE)
_COMPACT = re.compile(r"([A-Za-z])([1-4])([A-Za-z])")


def index(panel: int, floor: int, section: int) -> Hole:
    """The hole at these coordinates."""
    if not (0 <= panel < 4 and 0 <= floor < 4 and 0 <= section < 4):
        raise ValueError(f"coordinates out of range: {(panel, floor, section)}")
    return 16 * panel + 4 * floor + section


def coords(hole: Hole) -> tuple[int, int, int]:
    """``(panel, floor, section)`` of a hole."""
    return hole >> 4, (hole >> 2) & 3, hole & 3


def name(hole: Hole, layout: Layout = DEFAULT_LAYOUT) -> str:
    """The canonical name, e.g. ``Y-II-H``."""
    if not 0 <= hole < 64:
        raise ValueError(f"not a hole index: {hole!r}")
    panel, floor, section = coords(hole)
    return f"{layout.panels[panel]}-{ROMAN[floor]}-{layout.suits[section]}"


def parse(text: str, layout: Layout = DEFAULT_LAYOUT) -> Hole:
    """The hole named by ``text``: ``Y-II-H`` in any case, or compact ``y2h``.

    >>> parse("Q-II-H")
    Traceback (most recent call last):
    ...
    engine.errors.HoleNameError: not a hole name: 'Q-II-H' (panel letter must be one of RYGB)
    """
    if not isinstance(text, str):
        raise HoleNameError(
            why("not a hole name: {text} (expected text like 'Y-II-H')", text=repr(text))
        )
    stripped = text.strip()
    dashed = _DASHED.fullmatch(stripped)
    if dashed:
        letter, floor_text, suit = dashed.groups()
        floor = ROMAN.index(floor_text.upper())
    else:
        compact = _COMPACT.fullmatch(stripped)
        if not compact:
            raise HoleNameError(
                why(
                    "not a hole name: {text} (expected panel-floor-suit like 'Y-II-H' or 'y2h')",
                    text=repr(text),
                )
            )
        letter, floor_digit, suit = compact.groups()
        floor = int(floor_digit) - 1
    letter, suit = letter.upper(), suit.upper()
    if letter not in layout.panels:
        raise HoleNameError(
            why(
                "not a hole name: {text} (panel letter must be one of {letters})",
                text=repr(text),
                letters=layout.panels,
            )
        )
    if suit not in layout.suits:
        raise HoleNameError(
            why(
                "not a hole name: {text} (suit letter must be one of {letters})",
                text=repr(text),
                letters=layout.suits,
            )
        )
    return index(layout.panels.index(letter), floor, layout.suits.index(suit))
