"""What remote play answers beside the state: the codes of a hosted game. (What ``/api/state``
shows of remote play, ``state.remote``, each role builds as ``controller.core.state.RemoteView``,
docs/REMOTE.md "The HTTP side".)"""

from __future__ import annotations

import msgspec


class Hosted(msgspec.Struct, frozen=True):
    """The answer to ``POST /api/remote/host``: the codes to give, the game, its remote seats."""

    code: str
    spectator_code: str
    game_id: str
    seats: list[int]
