"""The data a game starts from, as the journal keeps it in its ``new_game`` entry and remote
play and the seats read it: the engine's game, who plays each seat, and the host's game a joined
board follows."""

from __future__ import annotations

from typing import NotRequired, TypedDict


class SeatData(TypedDict):
    """Who plays a seat (``controller.seats``): ``human`` or ``computer`` at a level."""

    kind: str
    level: NotRequired[int | None]
    name: NotRequired[str | None]


class RemoteOrigin(TypedDict):
    """The host's game a joined board follows (``controller.remote.guest``)."""

    game_id: str
    game: int
    seats: NotRequired[list[int]]
    spectator: NotRequired[bool]
    dice_seed: NotRequired[str]
    """This board's secret seed of its chain of dice shares (``controller.remote.fair_dice``)."""


class DealOrigin(TypedDict):
    """The shares a remote Pay-Off game's deal follows from (``controller.remote.fair_deal``):
    each side's share of the game after game ``after`` (none of the guest's: the host dealt
    alone)."""

    after: int
    host: str
    guest: NotRequired[str]


class NewGameData(TypedDict):
    """A ``new_game`` entry: the engine's game (``variant``, ``players``, ``seed``, ``options``),
    who plays each seat and whether hints show, the game record's key and start, and on a joined
    board the host's game it follows."""

    variant: str
    players: int
    seed: int
    options: dict[str, object]
    seats: NotRequired[list[SeatData]]
    hints: NotRequired[bool]
    record: NotRequired[str]
    started: NotRequired[str]
    remote: NotRequired[RemoteOrigin]
    dealt: NotRequired[DealOrigin]
