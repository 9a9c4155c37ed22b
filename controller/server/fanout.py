"""The live stream's fan-out: each message serialized once, then queued as text for every
subscriber of ``WS /api/events``.

A state is a snapshot: a subscriber needs only the newest, so a new state replaces the one still
waiting in its queue (the new one goes last); events are never dropped nor reordered for a
subscriber that keeps up.

A subscriber that stops reading falls behind: once ``QUEUE_LIMIT`` messages wait for it, it gets
nothing more and its ``fell_behind`` event is set, so its socket is closed (``FELL_BEHIND``) and
the page reconnects and reads the state afresh. A subscriber that leaves takes its queue with it.
"""

from __future__ import annotations

import asyncio
from collections import deque

from controller.core.state import Event, Speech, StateMessage
from controller.wire import encode

QUEUE_LIMIT = 1000
"""Messages a subscriber may have waiting before it counts as fallen behind."""
FELL_BEHIND = 4008
"""WebSocket close code for a subscriber that fell behind (its reason says so)."""


class Subscriber:
    """One socket's waiting texts (events in order, at most one state), and whether it fell
    behind."""

    def __init__(self, limit: int = QUEUE_LIMIT) -> None:
        self.limit = limit
        self.fell_behind = asyncio.Event()
        self._waiting: deque[tuple[bool, str]] = deque()
        """``(is a state, text)``, oldest first."""
        self._ready = asyncio.Event()

    def __len__(self) -> int:
        return len(self._waiting)

    def put(self, text: str, *, state: bool) -> bool:
        """Queue ``text`` (a ``state`` replaces the state still waiting); ``False`` when the
        queue is full."""
        if state:
            for index in range(len(self._waiting) - 1, -1, -1):
                if self._waiting[index][0]:
                    del self._waiting[index]
                    break
        if len(self._waiting) >= self.limit:
            return False
        self._waiting.append((state, text))
        self._ready.set()
        return True

    async def take(self) -> list[str]:
        """Every waiting text, oldest first, once there is one."""
        while not self._waiting:
            self._ready.clear()
            await self._ready.wait()
        texts = [text for _, text in self._waiting]
        self._waiting.clear()
        return texts


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

    def send(self, message: StateMessage | Speech | Event, *, state: bool) -> None:
        """Queue ``message`` (serialized once: a new ``state``, or an event) for every subscriber
        still keeping up."""
        if not self._subscribers:
            return
        text = encode(message).decode()
        for subscriber in list(self._subscribers):
            if not subscriber.put(text, state=state):
                self._subscribers.discard(subscriber)
                subscriber.fell_behind.set()
