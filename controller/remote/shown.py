"""What ``/api/state`` shows of remote play (``state.remote``, docs/REMOTE.md "The HTTP side"):
typed values each role builds, written by the one JSON encoder."""

from __future__ import annotations

from typing import Literal

import msgspec

Peer = Literal["unknown", "online", "gone", "left"]


class LinkShown(msgspec.Struct, frozen=True):
    """The link: the connection to the broker, the other side, what was applied and dropped."""

    state: str
    for_s: float
    error: str | None
    restarts: int
    internal_error: str | None
    broker: str
    peer: Peer
    peer_gone_s: float | None
    applied: int
    dropped: dict[str, int]


class JoinShown(msgspec.Struct, frozen=True):
    """The host's join codes: wrong guesses, codes drawn, whether joining is closed."""

    failed: int
    codes: int
    closed: bool
    spectator_failed: int


class RemoteShown(msgspec.Struct, frozen=True):
    """``state.remote`` of a joining, joined or watching board (``waiting``: an order sent and
    not yet in the host's log)."""

    role: Literal["joining", "guest", "spectator"]
    code: str | None
    game_id: str | None
    seats: list[int]
    log: int
    waiting: bool
    problem: str | None
    link: LinkShown


class HostShown(msgspec.Struct, frozen=True):
    """``state.remote`` of the hosting board."""

    code: str
    spectator_code: str
    game_id: str
    joined: bool
    join: JoinShown
    seats: list[int]
    log: int
    problem: str | None
    link: LinkShown
    role: Literal["host"] = "host"


class Hosted(msgspec.Struct, frozen=True):
    """The answer to ``POST /api/remote/host``: the codes to give, the game, its remote seats."""

    code: str
    spectator_code: str
    game_id: str
    seats: list[int]
