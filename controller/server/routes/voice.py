"""The board's voice from the page: ``GET /api/voice`` and ``POST /api/voice`` (mute, volume)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from controller.errors import BadOrder
from controller.server.bodies import Answer, VoiceChange
from controller.server.requests import check_order, read_body
from controller.server.statuses import answer
from controller.server.web_service import WebService


def routes(service: WebService) -> list[Route]:
    voice = service.voice

    def shown() -> Answer:
        return Answer(voice.view())

    async def read(request: Request) -> Answer:
        """``{"speaks", "engine", "muted", "volume"}``: whether the board speaks, and how."""
        return shown()

    async def change(request: Request) -> Answer:
        """``{"muted"?: bool, "volume"?: 0..100}``: mute or unmute the board, set its volume
        (until the next start); answers the voice as ``GET`` does."""
        check_order(request, service)
        body = await read_body(request, VoiceChange)
        volume = body.volume
        if volume is not None and not 0 <= volume <= 100:
            raise BadOrder(f"volume must be 0..100, not {volume}")
        voice.set(muted=body.muted, volume=volume)
        return shown()

    return [
        Route("/api/voice", answer(read), methods=["GET"]),
        Route("/api/voice", answer(change), methods=["POST"]),
    ]
