"""What a request may see of a remote game: the join and spectator codes are a key to the game
(docs/REMOTE.md), so off loopback only a request with the token sees them. The state pushed on
``WS /api/events`` never carries them there (a browser cannot send the token on a WebSocket):
the page reads them from ``GET /api/remote`` with its token.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import HTTPConnection

from controller.server.requests import has_token

CODE_KEYS = ("code", "spectator_code")


def may_see_codes(connection: HTTPConnection, token: str, token_required: bool) -> bool:
    """Whether this request may see the remote game's codes."""
    return not token_required or has_token(connection, token)


def remote_without_codes(remote: dict[str, Any] | None) -> dict[str, Any] | None:
    """The remote part of a state with its codes blanked (``null``)."""
    if remote is None:
        return None
    return {key: None if key in CODE_KEYS else value for key, value in remote.items()}


def state_without_codes(state: dict[str, Any]) -> dict[str, Any]:
    """A state whose remote part has its codes blanked."""
    return {**state, "remote": remote_without_codes(state.get("remote"))}
