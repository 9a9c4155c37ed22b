"""What arrives from the broker, before anything reads it: limits, bounded queues and a guard.

Anyone on the broker may publish on a game's topics, so nothing that arrives may stop the link
or make it grow without bound (docs/REMOTE.md "Hostile messages"). Every message passes here
before any JSON parser sees it:

- over its topic's byte limit (``SNAPSHOT_BYTES`` on ``snapshot``, ``MESSAGE_BYTES`` on every
  other topic): dropped unread, counted ``oversize``;
- otherwise it waits in its topic's queue (at most ``QUEUE_MESSAGES`` messages and
  ``QUEUE_BYTES`` bytes; more are dropped unread, counted ``queue_full``). The queues are served
  in turn, one message each, so a flood on one topic delays another topic by one message a
  turn, and a flood beyond what the side can read costs it only a length check a message;
- handled inside a guard: an error the handler did not expect drops the message (``failed``)
  and the link goes on.

An empty message (a topic cleared) is ignored. Retained poison (a message that fails, left on
the broker to be delivered again at every connect) is dropped like any other; the host clears
what is retained on its game's topics when it connects (``Host.on_connect``).

>>> within_depth(b'{"msg": {"a": [[1, "]]]]"]]}}', 4)
True
>>> within_depth(b'[' * 5 + b']' * 5, 4)
False
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypedDict

from controller.remote import messages

MESSAGE_BYTES = 8 * 1024
"""The largest message read on any topic but ``snapshot`` (a log entry or an order is a few
hundred bytes)."""
SNAPSHOT_BYTES = 256 * 1024
"""The largest snapshot read (a whole game's log)."""
MAX_DEPTH = 16
"""The deepest nesting of brackets read (a snapshot's is 5)."""
QUEUE_MESSAGES = 256
QUEUE_BYTES = 1024 * 1024
"""The bounds of each topic's queue (it holds at least ``SNAPSHOT_BYTES``)."""

_NOT_JSON_SYNTAX = bytes(code for code in range(256) if code not in b'"[]{}')
_QUOTED = re.compile(rb'"[^"]*"')
_SQUARE = bytes.maketrans(b"{}", b"[]")

OTHERS = "*"
"""The queue of every topic but ``prefix`` + a leaf (the join exchanges), where there is one."""

Handle = Callable[[str, bytes], object]
"""Reads one message: its topic, its bytes."""

log = logging.getLogger(__name__)


class Dropped(TypedDict):
    """Messages dropped here, by reason (``remote.link.dropped`` adds the role's)."""

    oversize: int
    queue_full: int
    failed: int


def within_depth(payload: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether no bracket of the JSON text ``payload`` is nested deeper than ``limit``, found
    without recursion and without a Python step per byte: escapes, every other byte and then
    every quoted run are left out, so only brackets stay. Each pass removes the innermost pairs;
    after ``k`` passes a run of ``limit + 1 - k`` opening brackets, or anything left after
    ``limit`` passes, means deeper (or not JSON)."""
    text = payload.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _NOT_JSON_SYNTAX)
    brackets = _QUOTED.sub(b"", text.replace(b'""', b"")).translate(_SQUARE)
    for passes in range(limit + 1):
        if b"[" * (limit + 1 - passes) in brackets:
            return False
        inner = brackets.replace(b"[]", b"")
        if len(inner) == len(brackets):
            break
        brackets = inner
    return not brackets


def limit_of(leaf: str) -> int:
    """The byte limit of a topic's messages."""
    return SNAPSHOT_BYTES if leaf == messages.SNAPSHOT else MESSAGE_BYTES


@dataclass(frozen=True)
class Received:
    leaf: str
    topic: str
    payload: bytes
    retained: bool


class Inbox:
    """The queues of one side's topics (``prefix`` + ``leaves``) and the guard around
    ``handle`` (see the module docstring); ``serve`` runs while the link is connected."""

    def __init__(
        self,
        prefix: str,
        leaves: Iterable[str],
        handle: Handle,
        *,
        others: bool = False,
    ) -> None:
        self.prefix = prefix
        self.handle = handle
        self.dropped = Dropped(oversize=0, queue_full=0, failed=0)
        self._queues: dict[str, deque[Received]] = {leaf: deque() for leaf in leaves}
        if others:  # one more queue, for every other topic subscribed to
            self._queues[OTHERS] = deque()
        self._bytes = dict.fromkeys(self._queues, 0)
        self._ready = asyncio.Event()
        self._failures: set[str] = set()

    def counts(self) -> dict[str, int]:
        """The messages dropped here, by reason."""
        dropped = self.dropped
        return {
            "oversize": dropped["oversize"],
            "queue_full": dropped["queue_full"],
            "failed": dropped["failed"],
        }

    def put(self, topic: str, payload: bytes, retained: bool) -> None:
        """A message from the broker: queued, or dropped and counted (never read here)."""
        leaf = topic[len(self.prefix) :] if topic.startswith(self.prefix) else OTHERS
        if leaf not in self._queues:
            leaf = OTHERS
        queue = self._queues.get(leaf)
        if queue is None or not payload:
            return
        if len(payload) > limit_of(leaf):
            self.dropped["oversize"] += 1
        elif len(queue) >= QUEUE_MESSAGES or self._bytes[leaf] + len(payload) > QUEUE_BYTES:
            self.dropped["queue_full"] += 1
        else:
            queue.append(Received(leaf, topic, payload, retained))
            self._bytes[leaf] += len(payload)
            self._ready.set()

    async def serve(self) -> None:
        """Hand the queued messages to ``handle``, one topic after the other, yielding to the
        loop after each (the link reads on, the board runs)."""
        while True:
            if not any(self._queues.values()):
                self._ready.clear()
                await self._ready.wait()
            for leaf, queue in self._queues.items():
                if queue:
                    received = queue.popleft()
                    self._bytes[leaf] -= len(received.payload)
                    self._guarded(received)
                    await asyncio.sleep(0)

    def _guarded(self, received: Received) -> None:
        try:
            self.handle(received.topic, received.payload)
        except Exception as error:  # a message must never end the link: drop it, say why once
            self.dropped["failed"] += 1
            kind = type(error).__name__
            if kind not in self._failures:
                self._failures.add(kind)
                log.warning("a message on %s failed: %s", received.leaf, kind, exc_info=True)
