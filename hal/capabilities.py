"""Capabilities a board may have beyond the ``Backend`` contract, asked for by ``isinstance``.

A caller asks whether a board can do something (``isinstance(board, Hands)``), never which
class it is, so the simulator is named only where it is built.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Protocol, runtime_checkable

from hal.base import Piece


@runtime_checkable
class Hands(Protocol):
    """A board that can seat and lift pieces by itself (the simulator's hands). Holes are
    indices or names; a hand that cannot act raises an error of ``hal.errors`` or ``ValueError``
    and changes nothing."""

    def place(self, hole: int | str, piece: Piece | str = Piece.MAN) -> None:
        """Seat a Man or a Burocrat in an empty hole."""

    def lift(self, hole: int | str) -> Piece:
        """Take the piece out of a hole; the piece it was."""

    def piece_at(self, hole: int | str) -> Piece:
        """What a hand finds in a hole now (before the board has sensed it settle)."""

    def moving(self) -> AbstractContextManager[None]:
        """The moves of hands made inside are kept once, when it ends (the simulator's state
        file): the board is read, and its frame shown, before they are written."""


@runtime_checkable
class Wires(Protocol):
    """A board whose sensors' wires can be broken and mended on purpose (the simulator), to
    show what a broken wire does (``Backend.sensor_faults``)."""

    def fault_disconnected(self, hole: int | str) -> None:
        """The wire of a hole's sensor breaks: its input reads 0 V."""

    def clear_fault(self, hole: int | str | None = None) -> None:
        """Mend a hole's sensor (every sensor: ``None``)."""
