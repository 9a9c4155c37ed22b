"""The board's voice from the page: ``GET /api/voice`` and ``POST /api/voice`` (mute, volume)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from controller.errors import BadOrder
from controller.server.requests import check_order, read_body
from controller.server.statuses import answer
from controller.server.web_service import WebService


def routes(service: WebService) -> list[Route]:
    voice = service.voice

    async def read(request: Request) -> JSONResponse:
        """``{"speaks", "engine", "muted", "volume"}``: whether the board speaks, and how."""
        return JSONResponse(voice.to_json())

    async def change(request: Request) -> JSONResponse:
        """``{"muted"?: bool, "volume"?: 0..100}``: mute or unmute the board, set its volume
        (until the next start); answers the voice as ``GET`` does."""
        check_order(request, service)
        body = await read_body(request, {}, {"muted": bool, "volume": int})
        volume = body.get("volume")
        if volume is not None and not 0 <= volume <= 100:
            raise BadOrder(f"volume must be 0..100, not {volume}")
        voice.set(muted=body.get("muted"), volume=volume)
        return JSONResponse(voice.to_json())

    return [
        Route("/api/voice", answer(read), methods=["GET"]),
        Route("/api/voice", answer(change), methods=["POST"]),
    ]
