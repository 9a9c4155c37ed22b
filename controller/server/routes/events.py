"""``WS /api/events``: the current state, then each public event and each new state as JSON.

A page of another site is refused (``CROSS_SITE``); a reader that falls behind is closed with
``FELL_BEHIND`` (``controller.server.fanout``): the page reconnects and reads the state again.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from controller.server.fanout import FELL_BEHIND
from controller.server.requests import cross_site
from controller.server.web_service import WebService

CROSS_SITE = 1008
"""Close code (policy violation) for a socket opened by a page of another site: refused
before it is accepted, so the browser sees the handshake fail (HTTP 403)."""
CLOSE_TIMEOUT_S = 5.0
"""How long a reader that fell behind gets to take the close frame."""


def routes(service: WebService) -> list[WebSocketRoute]:
    async def events(websocket: WebSocket) -> None:
        if cross_site(websocket):
            await websocket.close(CROSS_SITE, "a page of another site may not watch the board")
            return
        await websocket.accept()
        subscriber = service.subscribe()
        state = {"type": "state", "state": service.controller.state()}
        receiver = asyncio.ensure_future(websocket.receive())
        behind = asyncio.ensure_future(subscriber.fell_behind.wait())
        pending: set[asyncio.Future[Any]] = {receiver, behind}
        try:
            await websocket.send_text(json.dumps(state, separators=(",", ":")))
            while True:
                sender = asyncio.ensure_future(_next(websocket, subscriber.queue))
                pending.add(sender)
                done, _ = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                if behind in done:
                    sender.cancel()
                    await asyncio.wait_for(
                        websocket.close(FELL_BEHIND, "fell behind: read /api/state again"),
                        CLOSE_TIMEOUT_S,
                    )
                    return
                if receiver in done:
                    sender.cancel()
                    pending.discard(sender)
                    if receiver.result()["type"] == "websocket.disconnect":
                        return
                    pending.discard(receiver)
                    receiver = asyncio.ensure_future(websocket.receive())
                    pending.add(receiver)
                    continue
                pending.discard(sender)
                sender.result()
        except (WebSocketDisconnect, TimeoutError):
            return
        finally:
            for future in pending:
                future.cancel()
            service.unsubscribe(subscriber)

    return [WebSocketRoute("/api/events", events)]


async def _next(websocket: WebSocket, queue: asyncio.Queue[str]) -> None:
    """Send the next queued text."""
    await websocket.send_text(await queue.get())
