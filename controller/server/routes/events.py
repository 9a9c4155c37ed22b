"""``WS /api/events``: the current state, then each public event and each new state as JSON."""

from __future__ import annotations

import asyncio

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from controller.server.requests import cross_site
from controller.server.web_service import WebService

CROSS_SITE = 1008
"""Close code (policy violation) for a socket opened by a page of another site: refused
before it is accepted, so the browser sees the handshake fail (HTTP 403)."""


def routes(service: WebService) -> list[WebSocketRoute]:
    async def events(websocket: WebSocket) -> None:
        if cross_site(websocket):
            await websocket.close(CROSS_SITE, "a page of another site may not watch the board")
            return
        await websocket.accept()
        queue = service.subscribe()
        try:
            await websocket.send_json({"type": "state", "state": service.controller.state()})
            receiver = asyncio.ensure_future(websocket.receive())
            while True:
                getter = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait(
                    {getter, receiver}, return_when=asyncio.FIRST_COMPLETED
                )
                if receiver in done:
                    getter.cancel()
                    message = receiver.result()
                    if message["type"] == "websocket.disconnect":
                        return
                    receiver = asyncio.ensure_future(websocket.receive())
                    continue
                await websocket.send_json(getter.result())
        except WebSocketDisconnect:
            return
        finally:
            service.unsubscribe(queue)

    return [WebSocketRoute("/api/events", events)]
