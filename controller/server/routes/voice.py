"""The board's voice from the page: ``GET /api/voice`` and ``POST /api/voice`` (mute, volume)."""

from __future__ import annotations

from starlette.requests import Request

from controller.errors import BadOrder
from controller.server.api_routes import ORDER, ApiRoute, Operation
from controller.server.bodies import Answer, VoiceChange
from controller.server.requests import read_body
from controller.server.web_service import WebService
from controller.voice.voice import VoiceView

TAGS = ("voice",)


def routes(service: WebService) -> list[ApiRoute]:
    voice = service.voice

    def shown() -> Answer:
        return Answer(voice.view())

    async def read(request: Request) -> Answer:
        """``{"speaks", "engine", "muted", "volume"}``: whether the board speaks, and how."""
        return shown()

    async def change(request: Request) -> Answer:
        """``{"muted"?: bool, "volume"?: 0..100}``: mute or unmute the board, set its volume
        (until the next start); answers the voice as ``GET`` does."""
        body = await read_body(request, VoiceChange)
        volume = body.volume
        if volume is not None and not 0 <= volume <= 100:
            raise BadOrder(f"volume must be 0..100, not {volume}")
        voice.set(muted=body.muted, volume=volume)
        return shown()

    shown_now = Operation(
        "The board's voice: whether it speaks, its engine, mute, volume", VoiceView, TAGS
    )
    changed = Operation(
        "Mute or unmute the board, set its volume (until the next start)",
        VoiceView,
        TAGS,
        ORDER,
        VoiceChange,
    )
    return [
        ApiRoute(service, "GET", "/api/voice", read, shown_now),
        ApiRoute(service, "POST", "/api/voice", change, changed),
    ]
