"""``WS /api/events``: the current state, then each public event and each new state as JSON;
``GET /api/events/schema``: the JSON Schema of every event kind (``controller.events``).

A page of another site is refused (``CROSS_SITE``); a reader that falls behind is closed with
``FELL_BEHIND`` (``controller.server.fanout``): the page reconnects and reads the state again.
A reader falls behind because its connection stopped taking data, so its close frame waits for
the connection to take it (the server's write buffer drained below its low mark) however long
that takes, or for the reader to leave: given up after a fixed time, a reader slower than that
never got its close (the server only closed its side once the reader had drained the backlog:
a bare end of stream, or nothing while the reader reads nothing). The reader is unsubscribed at
once, so the wait holds no queue.
Each socket has one sending loop and one listening loop for its whole life, so a message costs
one wake-up per subscriber, whatever their number.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from starlette.requests import Request
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from controller.core.state import JsonObject, StateMessage
from controller.events import events_schema
from controller.server.api_routes import ApiRoute, Operation
from controller.server.bodies import Answer
from controller.server.fanout import FELL_BEHIND, Subscriber
from controller.server.privacy import state_without_codes
from controller.server.requests import cross_site
from controller.server.web_service import WebService
from controller.wire import encode

CROSS_SITE = 1008
"""Close code (policy violation) for a socket opened by a page of another site: refused
before it is accepted, so the browser sees the handshake fail (HTTP 403)."""


def routes(service: WebService) -> list[WebSocketRoute | ApiRoute]:
    async def events(websocket: WebSocket) -> None:
        if cross_site(websocket):
            await websocket.close(CROSS_SITE, "a page of another site may not watch the board")
            return
        await websocket.accept()
        subscriber = service.subscribe()
        state = service.controller.public_state()
        if service.token_required:  # a WebSocket carries no token: no codes
            state = state_without_codes(state)
        first = encode(StateMessage(state)).decode()
        sending = asyncio.ensure_future(_send(websocket, first, subscriber))
        listening = asyncio.ensure_future(_listen(websocket))
        behind = asyncio.ensure_future(subscriber.fell_behind.wait())
        tasks: set[asyncio.Future[Any]] = {sending, listening, behind}
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            if subscriber.fell_behind.is_set() and listening not in done:
                service.unsubscribe(subscriber)
                sending.cancel()
                closing = asyncio.ensure_future(_close_behind(websocket))
                tasks.add(closing)
                await asyncio.wait({closing, listening}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()  # each ends quietly: its own errors are those of a closed socket
            service.unsubscribe(subscriber)

    async def schema(request: Request) -> Answer:
        """The JSON Schema of the published events: one tagged class per kind."""
        return Answer(events_schema())

    return [
        WebSocketRoute("/api/events", events),
        ApiRoute(
            service,
            "GET",
            "/api/events/schema",
            schema,
            Operation(
                "The JSON Schema of every event kind on WS /api/events", JsonObject, ("state",)
            ),
        ),
    ]


async def _send(websocket: WebSocket, first: str, subscriber: Subscriber) -> None:
    """Send ``first``, then every queued text, until the socket goes or falls behind (its
    stale backlog is not sent)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await websocket.send_text(first)
        while True:
            for text in await subscriber.take():
                if subscriber.fell_behind.is_set():
                    return
                await websocket.send_text(text)


async def _close_behind(websocket: WebSocket) -> None:
    """Close with ``FELL_BEHIND`` once the connection takes the frame (it ends quietly if the
    reader left first)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await websocket.close(FELL_BEHIND, "fell behind: read /api/state again")


async def _listen(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it disconnects."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass
