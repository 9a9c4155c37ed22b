"""Remote play (docs/REMOTE.md): ``POST /api/remote/host``, ``POST /api/remote/join``,
``POST /api/remote/leave`` and ``GET /api/remote`` (the link and its counters)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from controller.server.bodies import Answer, Empty, HostGame, JoinGame
from controller.server.privacy import may_see_codes, remote_without_codes
from controller.server.requests import check_order, read_body
from controller.server.statuses import answer, in_this_game
from controller.server.web_service import WebService


def routes(service: WebService) -> list[Route]:
    controller = service.controller
    remote = service.remote

    async def host(request: Request) -> Answer:
        """``{"seats"?: [1]}``: open this game for the other board; answers the join codes."""
        check_order(request, service)
        body = await read_body(request, HostGame)
        with in_this_game():  # seats this game lacks: 409
            return Answer(await remote.host(body.seats))

    async def join(request: Request) -> Answer:
        """``{"code": "ABCDEF"}``: join (or, with a spectator's code, watch) that game."""
        check_order(request, service)
        body = await read_body(request, JoinGame)
        await remote.join(body.code)
        return Answer(controller.public_state())

    async def leave(request: Request) -> Answer:
        check_order(request, service)
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

    return [
        Route("/api/remote/host", answer(host), methods=["POST"]),
        Route("/api/remote/join", answer(join), methods=["POST"]),
        Route("/api/remote/leave", answer(leave), methods=["POST"]),
        Route("/api/remote", answer(status), methods=["GET"]),
    ]
