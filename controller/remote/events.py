"""Remote play's events on a joined board (published as the controller's own,
``controller.core.state``)."""

from __future__ import annotations

from typing import TypeAlias

from msgspec import UNSET, UnsetType

from controller.core.state import Happened, SaidView


class RemoteOrder(Happened, tag="remote_order"):
    """An action of this board sent to the host, to be applied once it is in the host's log."""

    action: str
    seat: int


class RemoteRefused(Happened, tag="remote_refused"):
    """The host refused this board's order (``said``: the reason as a message, for a page in
    another language)."""

    reason: str
    said: SaidView | UnsetType = UNSET


class RemoteResync(Happened, tag="remote_resync"):
    """This board no longer agrees with the host: it starts again from a snapshot."""

    reason: str


class RemoteDiceRefused(Happened, tag="remote_dice_refused"):
    """A throw of the host that does not follow from both boards' shares (``fair_dice``): not
    applied, and the game goes no further on this board."""

    reason: str


RemoteEvent: TypeAlias = RemoteOrder | RemoteRefused | RemoteResync | RemoteDiceRefused
"""Remote play's events on a joined board."""
