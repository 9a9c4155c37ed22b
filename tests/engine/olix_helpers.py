"""Olix positions for the tests: each side's counters named, placed alternately."""

from __future__ import annotations

from engine.olix import Olix
from engine.olix_patterns import GRID
from engine.variants import new_game

SPARE = [
    "K11",
    "K9",
    "K7",
    "K5",
    "K3",
    "K1",
    "I11",
    "I9",
    "I7",
    "I5",
    "I3",
    "I1",
    "G11",
    "G9",
    "G7",
    "G5",
    "G3",
    "G1",
]
"""Cells two apart in both directions: counters there make no pattern."""


def cells(names: str) -> int:
    """The bitboard of the named cells."""
    return sum(1 << GRID.cell_index(name) for name in names.split())


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
