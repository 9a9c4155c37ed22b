"""Remote play (docs/REMOTE.md): ``POST /api/remote/host``, ``POST /api/remote/join``,
``POST /api/remote/leave`` and ``GET /api/remote`` (the link and its counters)."""

from __future__ import annotations

from starlette.requests import Request

from controller.core.state import RemoteView
from controller.remote.shown import Hosted
from controller.server.api_routes import GAME_ORDER, ORDER, ApiRoute, Operation, state_order
from controller.server.bodies import Answer, Empty, HostGame, JoinGame
from controller.server.privacy import may_see_codes, remote_without_codes
from controller.server.requests import read_body
from controller.server.statuses import in_this_game
from controller.server.web_service import WebService


def routes(service: WebService) -> list[ApiRoute]:
    controller = service.controller
    remote = service.remote

    async def host(request: Request) -> Answer:
        """``{"seats"?: [1]}``: open this game for the other board; answers the join codes."""
        body = await read_body(request, HostGame)
        with in_this_game():  # seats this game lacks: 409
            return Answer(await remote.host(body.seats))

    async def join(request: Request) -> Answer:
        """``{"code": "ABCDEF"}``: join (or, with a spectator's code, watch) that game."""
        body = await read_body(request, JoinGame)
        await remote.join(body.code)
        return Answer(controller.public_state())

    async def leave(request: Request) -> Answer:
        await read_body(request, Empty)
        await remote.leave()
        return Answer(controller.public_state())

    async def status(request: Request) -> Answer:
        """The remote game (``null`` outside one): role, codes (the host's; off loopback only
        with the token), link state and dropped messages."""
        remote = controller.public_state().remote
        if not may_see_codes(request, service):
            remote = remote_without_codes(remote)
        return Answer(remote)

    hosting = Operation(
        "Remote play: host this game", Hosted, ("orders",), ORDER, HostGame, refuses=GAME_ORDER
    )
    shown = Operation(
        "Remote play: the role, the codes (with the token), the link (null outside a game)",
        RemoteView | None,
        ("remote play",),
    )
    return [
        ApiRoute(service, "POST", "/api/remote/host", host, hosting),
        state_order(
            service, "/api/remote/join", join, "Remote play: join (or watch) a game", JoinGame
        ),
        state_order(
            service, "/api/remote/leave", leave, "Remote play: leave the remote game", Empty
        ),
        ApiRoute(service, "GET", "/api/remote", status, shown),
    ]
