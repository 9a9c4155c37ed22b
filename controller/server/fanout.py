"""The live stream's fan-out: each message serialized once, then queued as text for every
subscriber of ``WS /api/events``.

A subscriber that stops reading falls behind: once its queue is full it gets nothing more and
its ``fell_behind`` event is set, so its socket is closed (``FELL_BEHIND``) and the page
reconnects and reads the state afresh. A subscriber that leaves takes its queue with it.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

QUEUE_LIMIT = 1000
"""Messages a subscriber may have waiting before it counts as fallen behind."""
FELL_BEHIND = 4008
"""WebSocket close code for a subscriber that fell behind (its reason says so)."""


class Subscriber:
    """One socket's queue of JSON texts, and whether it fell behind."""

    def __init__(self, limit: int = QUEUE_LIMIT) -> None:
        self.queue: asyncio.Queue[str] = asyncio.Queue(limit)
        self.fell_behind = asyncio.Event()


class Fanout:
    """The subscribers of the live stream."""

    def __init__(self, limit: int = QUEUE_LIMIT) -> None:
        self.limit = limit
        self._subscribers: set[Subscriber] = set()

    def __len__(self) -> int:
        return len(self._subscribers)

    def subscribe(self) -> Subscriber:
        subscriber = Subscriber(self.limit)
        self._subscribers.add(subscriber)
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        self._subscribers.discard(subscriber)

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (serialized once) for every subscriber still keeping up."""
        if not self._subscribers:
            return
        text = json.dumps(message, separators=(",", ":"))
        for subscriber in list(self._subscribers):
            if subscriber.queue.full():
                self._subscribers.discard(subscriber)
                subscriber.fell_behind.set()
            else:
                subscriber.queue.put_nowait(text)
