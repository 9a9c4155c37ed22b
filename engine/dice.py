"""The three FLIX dice: faces, fair throws, reading a throw, exact odds.

By default each die has four symbols and two wild faces, ``win`` and ``flix`` (RULES.md §4, an
assumption: the game option ``dice_faces`` sets other faces, see :func:`dice_from_setting`). A
symbol fixes one coordinate of the hole; a wild face leaves it free. When all three dice are wild
the throw is an exception instead.

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
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from typing import Any, Literal

from engine.bitboard import BB_ALL, BB_FLOORS, BB_PANELS, BB_SECTIONS, Bitboard, popcount
from engine.errors import IllegalRoll, SettingError
from engine.holes import DEFAULT_LAYOUT, ROMAN, Layout
from engine.phrase import N_, why

WIN = "win"
FLIX = "flix"
WILD: tuple[str, str] = (WIN, FLIX)

COLOUR_FACES: tuple[str, ...] = ("red", "yellow", "green", "blue", WIN, FLIX)
FLOOR_FACES: tuple[str, ...] = (*ROMAN, WIN, FLIX)
SUIT_FACES: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs", WIN, FLIX)
Dice = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
"""The faces of the colour, floor and suit die (a face may repeat: each is equally likely)."""
DICE: Dice = (COLOUR_FACES, FLOOR_FACES, SUIT_FACES)
"""The default dice: the colour die, the floor die and the suit die, in the order a throw is
written. They are also every face a die may carry."""
DIE_NAMES: tuple[str, str, str] = (N_("colour"), N_("floor"), N_("suit"))

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
            (self.colour, self.floor, self.suit), DICE, DIE_NAMES, strict=True
        ):
            if face not in die:
                raise IllegalRoll(
                    why(
                        "not a face of the {what} die: {face} (faces: {faces})",
                        what=what,
                        face=repr(face),
                        faces=" ".join(die),
                    )
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


def _face(text: str, die: tuple[str, ...], what: str) -> str | None:
    """The face of ``die`` written ``text`` (any case; floor also ``1``..``4``), or ``None``."""
    lowered = text.strip().lower()
    for face in die:
        if face.lower() == lowered:
            return face
    if what == "floor" and lowered in ("1", "2", "3", "4"):
        face = ROMAN[int(lowered) - 1]
        return face if face in die else None
    return None


def _shown(die: tuple[str, ...]) -> str:
    return " ".join(die)


def parse_throw(text: str, dice: Dice = DICE) -> Throw:
    """The throw written as ``colour/floor/suit`` in any case (floor also ``1``..``4``).

    ``dice``: the faces the dice carry; a face not on its die is refused.

    >>> parse_throw("purple/II/hearts")
    Traceback (most recent call last):
    ...
    engine.errors.IllegalRoll: not a throw: 'purple/II/hearts' ('purple' is not a face of the \
colour die: red yellow green blue win flix)
    """
    if not isinstance(text, str):
        raise IllegalRoll(
            why("not a throw: {text} (expected text like 'yellow/II/hearts')", text=repr(text))
        )
    parts = text.strip().split("/")
    if len(parts) != 3:
        raise IllegalRoll(
            why(
                "not a throw: {text} (expected colour/floor/suit like 'yellow/II/hearts')",
                text=repr(text),
            )
        )
    faces: list[str] = []
    for part, die, what in zip(parts, dice, DIE_NAMES, strict=True):
        face = _face(part, die, what)
        if face is None:
            raise IllegalRoll(
                why(
                    "not a throw: {text} ({part} is not a face of the {what} die: {faces})",
                    text=repr(text),
                    part=repr(part),
                    what=what,
                    faces=_shown(die),
                )
            )
        faces.append(face)
    return Throw(*faces)


MAX_FACES = 64
"""The most faces one die of the ``dice_faces`` setting may have."""


def dice_from_setting(setting: Mapping[str, Any] | None) -> Dice:
    """The dice of the game option ``dice_faces``: ``{"colour": [...], "floor": [...], "suit":
    [...]}``, each die a list of its faces (its four symbols, ``win``, ``flix``; at least one;
    repeats allowed). A die left out keeps its six default faces; ``None``: the default dice.

    >>> dice_from_setting({"suit": ["Hearts", "win", "win"]})[2]
    ('hearts', 'win', 'win')
    >>> dice_from_setting({"floor": ["V"]})
    Traceback (most recent call last):
    ...
    engine.errors.SettingError: dice_faces: 'V' is not a face of the floor die \
(faces: I II III IV win flix)
    """
    if setting is None:
        return DICE
    if not isinstance(setting, Mapping):
        raise SettingError(
            f"dice_faces must map dice (colour, floor, suit) to lists of faces: {setting!r}"
        )
    unknown = sorted(str(key) for key in setting if key not in DIE_NAMES)
    if unknown:
        raise SettingError(
            f"dice_faces: no die {', '.join(map(repr, unknown))}; dice: {' '.join(DIE_NAMES)}"
        )
    dice: list[tuple[str, ...]] = []
    for die, what in zip(DICE, DIE_NAMES, strict=True):
        given = setting.get(what)
        if given is None:
            dice.append(die)
            continue
        if not isinstance(given, list | tuple) or not given:
            raise SettingError(
                f"dice_faces: the {what} die needs a list of at least one face: {given!r}"
            )
        if len(given) > MAX_FACES:
            raise SettingError(
                f"dice_faces: the {what} die has {len(given)} faces: at most {MAX_FACES}"
            )
        faces: list[str] = []
        for item in given:
            face = _face(item, die, what) if isinstance(item, str) else None
            if face is None:
                raise SettingError(
                    f"dice_faces: {item!r} is not a face of the {what} die (faces: {_shown(die)})"
                )
            faces.append(face)
        dice.append(tuple(faces))
    result: Dice = (dice[0], dice[1], dice[2])
    if reading_probabilities(result)["free_throws"] == 1:
        raise SettingError(
            "dice_faces: every throw of these dice grants free throws, so nobody could ever "
            f"place: colour {_shown(result[0])}; floor {_shown(result[1])}; "
            f"suit {_shown(result[2])}"
        )
    return result


def throw_dice(rng: random.Random, dice: Dice = DICE) -> Throw:
    """A fair throw: each die shows each of its faces (six by default) with equal chance."""
    return Throw(rng.choice(dice[0]), rng.choice(dice[1]), rng.choice(dice[2]))


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


def all_throws(dice: Dice = DICE) -> list[Throw]:
    """Every equally likely combination of faces: the 216 throws of the default dice (with
    repeated faces a throw appears as often as its faces allow)."""
    return [Throw(*faces) for faces in product(*dice)]


def reading_probabilities(dice: Dice = DICE) -> dict[str, Fraction]:
    """Exact chance of each reading kind; ``holes_1/4/16`` split ``holes`` by size.

    >>> p = reading_probabilities()
    >>> p["anywhere"], p["free_throws"], p["opponent_anywhere"], p["holes"]
    (Fraction(1, 216), Fraction(1, 36), Fraction(1, 216), Fraction(26, 27))
    >>> p["holes_1"], p["holes_4"], p["holes_16"]
    (Fraction(8, 27), Fraction(4, 9), Fraction(2, 9))
    """
    wins = [Fraction(die.count(WIN), len(die)) for die in dice]
    flixes = [Fraction(die.count(FLIX), len(die)) for die in dice]
    wild = [win + flix for win, flix in zip(wins, flixes, strict=True)]
    anywhere = wins[0] * wins[1] * wins[2]
    opponent_anywhere = flixes[0] * flixes[1] * flixes[2]
    sizes: dict[str, Fraction] = {}
    for free in range(3):
        chance = Fraction(0)
        for free_dice in combinations(range(3), free):
            term = Fraction(1)
            for index in range(3):
                term *= wild[index] if index in free_dice else 1 - wild[index]
            chance += term
        sizes[f"holes_{4**free}"] = chance
    return {
        "holes": sum(sizes.values(), Fraction(0)),
        **sizes,
        "anywhere": anywhere,
        "opponent_anywhere": opponent_anywhere,
        "free_throws": wild[0] * wild[1] * wild[2] - anywhere - opponent_anywhere,
    }
