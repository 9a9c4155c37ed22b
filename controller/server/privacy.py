"""What a request may see of a remote game: the join and spectator codes are a key to the game
(docs/REMOTE.md), so off loopback only a request with the token sees them. The state pushed on
``WS /api/events`` never carries them there (a browser cannot send the token on a WebSocket):
the page reads them from ``GET /api/remote`` with its token.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
from starlette.requests import HTTPConnection

from controller.core.state import RemoteView, State
from controller.server.requests import has_token

if TYPE_CHECKING:
    from controller.server.web_service import WebService


def may_see_codes(connection: HTTPConnection, service: WebService) -> bool:
    """Whether this request may see the remote game's codes (a client past its wrong tokens
    does not, whatever it sends: ``has_token``)."""
    return not service.token_required or has_token(connection, service, refuse=False)


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
