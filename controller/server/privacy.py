"""What a request may see of a remote game: the join and spectator codes are a key to the game
(docs/REMOTE.md), so off loopback only a request with the token sees them. The state pushed on
``WS /api/events`` never carries them there (a browser cannot send the token on a WebSocket):
the page reads them from ``GET /api/remote`` with its token.
"""

from __future__ import annotations

import msgspec
from starlette.requests import HTTPConnection

from controller.core.state import RemoteView, State
from controller.server.requests import has_token


def may_see_codes(connection: HTTPConnection, token: str, token_required: bool) -> bool:
    """Whether this request may see the remote game's codes."""
    return not token_required or has_token(connection, token)


def remote_without_codes(remote: RemoteView | None) -> RemoteView | None:
    """The remote part of a state with its codes blanked (``null``)."""
    if remote is None:
        return None
    if remote.spectator_code is msgspec.UNSET:
        return msgspec.structs.replace(remote, code=None)
    return msgspec.structs.replace(remote, code=None, spectator_code=None)


def state_without_codes(state: State) -> State:
    """A state whose remote part has its codes blanked."""
    return msgspec.structs.replace(state, remote=remote_without_codes(state.remote))
