"""Olix positions for the tests: each side's counters named, placed alternately."""

from __future__ import annotations

from engine.olix import Olix
from engine.olix_patterns import GRID
from engine.variants import new_game

SPARE = [
    "k11",
    "k9",
    "k7",
    "k5",
    "k3",
    "k1",
    "i11",
    "i9",
    "i7",
    "i5",
    "i3",
    "i1",
    "g11",
    "g9",
    "g7",
    "g5",
    "g3",
    "g1",
]
"""Cells two apart in both directions: counters there make no pattern."""


def cells(names: str) -> int:
    """The bitboard of the named cells."""
    return sum(1 << GRID.parse(name) for name in names.split())


def position(first: str, second: str = "", **options: object) -> Olix:
    """A game in which the first player placed ``first`` and the second ``second`` (each in
    order, alternating), the shorter list made up from :data:`SPARE` cells: the first player
    is to move."""
    mine, theirs = first.split(), second.split()
    spare = [cell for cell in SPARE if cell not in mine + theirs]
    while len(theirs) < len(mine):
        theirs.append(spare.pop(0))
    while len(mine) < len(theirs):
        mine.append(spare.pop(0))
    game = new_game("olix", options=options)
    assert isinstance(game, Olix)
    for one, other in zip(mine, theirs, strict=True):
        game.place(one)
        game.place(other)
    return game
