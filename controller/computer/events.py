"""The computer seats' events (published as the controller's own, ``controller.core.state``)."""

from __future__ import annotations

from typing import TypeAlias

from msgspec import UNSET, UnsetType

from controller.core.state import Happened, Hole, SaidView


class ComputerPlayed(Happened, tag="computer"):
    """A computer seat made its move (``hole``: where, when it names one)."""

    seat: int
    action: str
    reason: str
    words: str
    hole: Hole | UnsetType = UNSET
    said: SaidView | UnsetType = UNSET
    """The reason as a message, said in each page's and the voice's language."""


class ComputerRefused(Happened, tag="computer_refused"):
    """The game refused the computer seat's move."""

    seat: int
    reason: str


class ComputerError(Happened, tag="computer_error"):
    """The computer's search failed; the seat waits for the next change."""

    reason: str


class HintShown(Happened, tag="hint"):
    """A hint: the seat to move, its action and where, and why (``to``: a Flip 4 step)."""

    seat: int
    action: str
    hole: Hole | None
    reason: str
    to: Hole | UnsetType = UNSET
    said: SaidView | UnsetType = UNSET
    """The reason as a message, said in each page's language."""


ComputerEvent: TypeAlias = ComputerPlayed | ComputerRefused | ComputerError | HintShown
"""The computer seats' events."""
