"""Board against game: a pure comparison of the expected position with a sensor reading.

>>> from hal.base import empty_reading
>>> m = reconcile(Expected(men=0b10), empty_reading(), panels="RYGB", analog=True)
>>> m.missing, m.extra, m.clean
(2, 0, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bitboard import Bitboard
from hal.base import BoardReading, Piece

PANEL_NAMES = {"R": "Red", "Y": "Yellow", "G": "Green", "B": "Blue"}


@dataclass(frozen=True)
class Expected:
    """The pieces the game says are on the board (all teams together)."""

    men: Bitboard = 0
    burocrats: Bitboard = 0

    @property
    def occupied(self) -> Bitboard:
        return self.men | self.burocrats


@dataclass(frozen=True)
class GrooveProblem:
    """Groove ``groove`` should hold panel ``expected`` but holds ``found`` (``None``: empty)."""

    groove: int
    expected: str
    found: str | None

    def words(self) -> str:
        want = PANEL_NAMES[self.expected]
        if self.found is None:
            return f"Seat the {want} panel in groove {self.groove + 1}"
        return (
            f"Groove {self.groove + 1} holds the {PANEL_NAMES.get(self.found, self.found)} panel: "
            f"put the {want} panel there"
        )


@dataclass(frozen=True)
class Mismatch:
    """How the sensed board differs from the game.

    ``missing``: expected pieces not sensed; ``extra``: pieces sensed where the game has none;
    ``wrong_kind``: a Man sensed where a Burocrat belongs or the reverse (analog sensing only).
    Holes in a groove with a problem are left out of the three: the groove is reported instead.
    """

    missing: Bitboard = 0
    extra: Bitboard = 0
    wrong_kind: Bitboard = 0
    grooves: tuple[GrooveProblem, ...] = ()

    @property
    def clean(self) -> bool:
        return not (self.missing or self.extra or self.wrong_kind or self.grooves)

    @property
    def holes(self) -> Bitboard:
        """Every hole that needs a hand."""
        return self.missing | self.extra | self.wrong_kind


def groove_mask(groove: int) -> Bitboard:
    """The 16 holes of the panel standing in ``groove``."""
    return 0xFFFF << (16 * groove)


def reconcile(expected: Expected, reading: BoardReading, *, panels: str, analog: bool) -> Mismatch:
    """Compare the game's position with the sensors.

    ``panels`` is the panel letter each groove should hold, front to back. With ``analog`` the
    sensors tell a Man from a Burocrat; ``Piece.PRESENT`` (presence-only sensing) matches either.
    """
    problems = tuple(
        GrooveProblem(g, want, found)
        for g, (want, found) in enumerate(zip(panels, reading.grooves, strict=True))
        if found != want
    )
    usable = ~0
    for problem in problems:
        usable &= ~groove_mask(problem.groove)
    sensed = reading.occupied() & usable
    expect = expected.occupied & usable
    wrong = 0
    if analog:
        for hole in range(len(reading.holes)):
            bit = 1 << hole
            if not expect & bit & sensed:
                continue
            piece = reading.holes[hole]
            if (piece is Piece.MAN and expected.burocrats & bit) or (
                piece is Piece.BUROCRAT and expected.men & bit
            ):
                wrong |= bit
    return Mismatch(
        missing=expect & ~sensed, extra=sensed & ~expect, wrong_kind=wrong, grooves=problems
    )
