"""Remote play (docs/REMOTE.md): ``POST /api/remote/host``, ``POST /api/remote/join``,
``POST /api/remote/leave`` and ``GET /api/remote`` (the link and its counters)."""

from __future__ import annotations

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from controller.errors import BadOrder
from controller.server.privacy import may_see_codes, remote_without_codes
from controller.server.requests import check_order, is_whole, read_body
from controller.server.statuses import answer
from controller.server.web_service import WebService


def routes(service: WebService) -> list[Route]:
    controller = service.controller
    remote = service.remote

    async def host(request: Request) -> JSONResponse:
        """``{"seats"?: [1]}``: open this game for the other board; answers the join codes."""
        check_order(request, service)
        body = await read_body(request, {}, {"seats": list})
        seats = body.get("seats")
        if seats is not None and not all(is_whole(seat) for seat in seats):
            raise BadOrder(f"seats must be a list of seat numbers (from 0), not {seats!r}")
        return JSONResponse(msgspec.to_builtins(await remote.host(seats)))

    async def join(request: Request) -> JSONResponse:
        """``{"code": "ABCDEF"}``: join (or, with a spectator's code, watch) that game."""
        check_order(request, service)
        body = await read_body(request, {"code": str}, {})
        await remote.join(body["code"])
        return JSONResponse(controller.state())

    async def leave(request: Request) -> JSONResponse:
        check_order(request, service)
        await read_body(request, {}, {})
        await remote.leave()
        return JSONResponse(controller.state())

    async def status(request: Request) -> JSONResponse:
        """The remote game: role, codes (the host's; off loopback only with the token), link
        state and dropped messages."""
        remote = controller.state()["remote"]
        if not may_see_codes(request, service.token, service.token_required):
            remote = remote_without_codes(remote)
        return JSONResponse(remote)

    return [
        Route("/api/remote/host", answer(host), methods=["POST"]),
        Route("/api/remote/join", answer(join), methods=["POST"]),
        Route("/api/remote/leave", answer(leave), methods=["POST"]),
        Route("/api/remote", answer(status), methods=["GET"]),
    ]
