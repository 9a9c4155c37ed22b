"""The three FLIX dice: faces, fair throws, reading a throw, exact odds.

Each die has four symbols and two wild faces, ``win`` and ``flix`` (RULES.md §4). A symbol fixes
one coordinate of the hole; a wild face leaves it free. When all three dice are wild the throw is
an exception instead.

>>> from engine.bitboard import HoleSet
>>> t = parse_throw("Yellow/ii/HEARTS")
>>> str(t)
'yellow/II/hearts'
>>> r = read_throw(t)
>>> r.kind, HoleSet(r.holes).names()
('holes', ['Y-II-H'])
>>> read_throw(parse_throw("win/II/flix")).size
16
>>> read_throw(parse_throw("flix/win/flix")).kind
'free_throws'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Literal

from engine.bitboard import BB_ALL, BB_FLOORS, BB_PANELS, BB_SECTIONS, Bitboard, popcount
from engine.errors import IllegalRoll
from engine.holes import DEFAULT_LAYOUT, ROMAN, Layout

WIN = "win"
FLIX = "flix"
WILD: tuple[str, str] = (WIN, FLIX)

COLOUR_FACES: tuple[str, ...] = ("red", "yellow", "green", "blue", WIN, FLIX)
FLOOR_FACES: tuple[str, ...] = (*ROMAN, WIN, FLIX)
SUIT_FACES: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs", WIN, FLIX)
DICE: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    COLOUR_FACES,
    FLOOR_FACES,
    SUIT_FACES,
)
"""The colour die, the floor die and the suit die, in the order a throw is written."""

ReadingKind = Literal["holes", "anywhere", "free_throws", "opponent_anywhere"]
READING_KINDS: tuple[ReadingKind, ...] = ("holes", "anywhere", "free_throws", "opponent_anywhere")
FREE_THROWS_GRANTED = 2
"""How many free throws ``two win + one flix`` or ``two flix + one win`` grant."""


@dataclass(frozen=True)
class Throw:
    """The faces of one throw of the three dice, e.g. ``yellow/II/hearts``."""

    colour: str
    floor: str
    suit: str

    def __post_init__(self) -> None:
        for face, die, what in zip(
            (self.colour, self.floor, self.suit), DICE, ("colour", "floor", "suit"), strict=True
        ):
            if face not in die:
                raise IllegalRoll(
                    f"not a face of the {what} die: {face!r} (faces: {' '.join(die)})"
                )

    @property
    def faces(self) -> tuple[str, str, str]:
        """The three faces: colour, floor, suit."""
        return self.colour, self.floor, self.suit

    @property
    def wild(self) -> int:
        """How many dice show ``win`` or ``flix``."""
        return sum(face in WILD for face in self.faces)

    def __str__(self) -> str:
        return "/".join(self.faces)


@dataclass(frozen=True)
class Reading:
    """What a throw means: a kind and, for ``holes``/``anywhere``, the holes it allows.

    ``opponent_anywhere`` also carries all 64 holes: the opponent on the left places anywhere.
    ``free_throws`` carries no holes.
    """

    kind: ReadingKind
    holes: Bitboard

    @property
    def size(self) -> int:
        """How many holes the throw allows."""
        return popcount(self.holes)


def _face(text: str, die: tuple[str, ...], what: str, whole: str) -> str:
    lowered = text.strip().lower()
    for face in die:
        if face.lower() == lowered:
            return face
    if die is FLOOR_FACES and lowered in ("1", "2", "3", "4"):
        return ROMAN[int(lowered) - 1]
    raise IllegalRoll(
        f"not a throw: {whole!r} ({text!r} is not a face of the {what} die: {' '.join(die)})"
    )


def parse_throw(text: str) -> Throw:
    """The throw written as ``colour/floor/suit`` in any case (floor also ``1``..``4``).

    >>> parse_throw("purple/II/hearts")
    Traceback (most recent call last):
    ...
    engine.errors.IllegalRoll: not a throw: 'purple/II/hearts' ('purple' is not a face of the \
colour die: red yellow green blue win flix)
    """
    if not isinstance(text, str):
        raise IllegalRoll(f"not a throw: {text!r} (expected text like 'yellow/II/hearts')")
    parts = text.strip().split("/")
    if len(parts) != 3:
        raise IllegalRoll(
            f"not a throw: {text!r} (expected colour/floor/suit like 'yellow/II/hearts')"
        )
    colour, floor, suit = (
        _face(part, die, what, text)
        for part, die, what in zip(parts, DICE, ("colour", "floor", "suit"), strict=True)
    )
    return Throw(colour, floor, suit)


def throw_dice(rng: random.Random) -> Throw:
    """A fair throw: each die shows each of its six faces with chance 1/6."""
    return Throw(rng.choice(COLOUR_FACES), rng.choice(FLOOR_FACES), rng.choice(SUIT_FACES))


def read_throw(throw: Throw, layout: Layout = DEFAULT_LAYOUT) -> Reading:
    """What the throw allows under this panel and suit layout (RULES.md §4)."""
    if throw.wild == 3:
        wins = throw.faces.count(WIN)
        if wins == 3:
            return Reading("anywhere", BB_ALL)
        if wins == 0:
            return Reading("opponent_anywhere", BB_ALL)
        return Reading("free_throws", 0)
    holes = BB_ALL
    if throw.colour not in WILD:
        holes &= BB_PANELS[layout.panel_of_colour(throw.colour)]
    if throw.floor not in WILD:
        holes &= BB_FLOORS[ROMAN.index(throw.floor)]
    if throw.suit not in WILD:
        holes &= BB_SECTIONS[layout.section_of_suit(throw.suit)]
    return Reading("holes", holes)


def all_throws() -> list[Throw]:
    """The 216 equally likely throws."""
    return [Throw(*faces) for faces in product(*DICE)]


def reading_probabilities() -> dict[str, Fraction]:
    """Exact chance of each reading kind; ``holes_1/4/16`` split ``holes`` by size.

    >>> p = reading_probabilities()
    >>> p["anywhere"], p["free_throws"], p["opponent_anywhere"], p["holes"]
    (Fraction(1, 216), Fraction(1, 36), Fraction(1, 216), Fraction(26, 27))
    >>> p["holes_1"], p["holes_4"], p["holes_16"]
    (Fraction(8, 27), Fraction(4, 9), Fraction(2, 9))
    """
    wild = Fraction(len(WILD), 6)
    sure = 1 - wild
    per_wild_face = Fraction(1, 6)
    exceptions = {
        "anywhere": per_wild_face**3,
        "opponent_anywhere": per_wild_face**3,
        "free_throws": wild**3 - 2 * per_wild_face**3,
    }
    sizes = {
        f"holes_{4**free}": Fraction(_choose(3, free)) * wild**free * sure ** (3 - free)
        for free in range(3)
    }
    return {"holes": sum(sizes.values(), Fraction(0)), **sizes, **exceptions}


def _choose(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result
