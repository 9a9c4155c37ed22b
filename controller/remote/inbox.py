"""What arrives from the broker, before anything reads it: limits, bounded queues and a guard.

Anyone on the broker may publish on a game's topics, so nothing that arrives may stop the link
or make it grow without bound (docs/REMOTE.md "Hostile messages"). Every message passes here
before any JSON parser sees it:

- over its topic's byte limit (``SNAPSHOT_BYTES`` on ``snapshot``, ``MESSAGE_BYTES`` on every
  other topic): dropped unread, counted ``oversize``;
- nested deeper than ``MAX_DEPTH`` (its brackets counted in one pass, without recursion):
  dropped unread, counted ``too_deep``;
- otherwise it waits in its topic's queue (at most ``QUEUE_MESSAGES`` messages and
  ``QUEUE_BYTES`` bytes; more are dropped, counted ``queue_full``). The queues are served in
  turn, one message each, so a flood on one topic delays another topic by one message a turn;
- handled inside a guard: an error the handler did not expect drops the message (``failed``)
  and the link goes on.

A retained message that fails (poison left on the broker, delivered again at every connect) is
cleared with an empty retained message when the inbox has ``clear`` (the host's: the game's
topics are its own); an empty message (a topic cleared) is ignored.

>>> within_depth(b'{"msg": {"a": [[1, "]]]]"]]}}', 4)
True
>>> within_depth(b'[' * 5 + b']' * 5, 4)
False
"""

from __future__ import annotations

import asyncio
import logging
from array import array
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import accumulate
from typing import Literal, TypedDict

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

_BRACKETS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
"""An opening bracket steps one deeper (+1), a closing one back (-1 as a signed byte)."""
_NOT_BRACKETS = bytes(code for code in range(256) if code not in b"[]{}")

Handle = Callable[[str, bytes], bool]
"""Reads one message (its topic, its bytes); ``False``: it was of no use (forged, malformed)."""

log = logging.getLogger(__name__)


class Dropped(TypedDict):
    """Messages dropped here, by reason (``remote.link.dropped`` adds the role's)."""

    oversize: int
    too_deep: int
    queue_full: int
    failed: int


def within_depth(payload: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether no bracket of the JSON text ``payload`` is nested deeper than ``limit``. Strings
    are left out first (escaped backslashes and quotes, then every quoted run); what is left is
    only brackets, each a step in or out, and the deepest point is the largest running sum."""
    text = payload.replace(b"\\\\", b"").replace(b'\\"', b"")
    outside = b"".join(text.split(b'"')[::2])
    steps = array("b", outside.translate(_BRACKETS, _NOT_BRACKETS))
    return max(accumulate(steps), default=0) <= limit


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
        clear: Callable[[str], None] | None = None,
    ) -> None:
        self.prefix = prefix
        self.handle = handle
        self.clear = clear
        self.dropped = Dropped(oversize=0, too_deep=0, queue_full=0, failed=0)
        self.cleared = 0
        """Retained messages that failed and were cleared."""
        self._queues: dict[str, deque[Received]] = {leaf: deque() for leaf in leaves}
        self._bytes = dict.fromkeys(self._queues, 0)
        self._ready = asyncio.Event()
        self._failures: set[str] = set()

    def put(self, topic: str, payload: bytes, retained: bool) -> None:
        """A message from the broker: checked, then queued (or dropped and counted)."""
        leaf = topic[len(self.prefix) :] if topic.startswith(self.prefix) else ""
        queue = self._queues.get(leaf)
        if queue is None or not payload:
            return
        received = Received(leaf, topic, payload, retained)
        if len(payload) > limit_of(leaf):
            self._reject(received, "oversize")
        elif not within_depth(payload):
            self._reject(received, "too_deep")
        elif len(queue) >= QUEUE_MESSAGES or self._bytes[leaf] + len(payload) > QUEUE_BYTES:
            self.dropped["queue_full"] += 1
        else:
            queue.append(received)
            self._bytes[leaf] += len(payload)
            self._ready.set()

    async def serve(self) -> None:
        """Hand the queued messages to ``handle``, one topic after the other, yielding to the
        loop after each (the link reads on, the board runs)."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            while any(self._queues.values()):
                for leaf, queue in self._queues.items():
                    if queue:
                        received = queue.popleft()
                        self._bytes[leaf] -= len(received.payload)
                        self._guarded(received)
                        await asyncio.sleep(0)

    def _guarded(self, received: Received) -> None:
        try:
            used = self.handle(received.topic, received.payload)
        except Exception as error:  # a message must never end the link: drop it, say why once
            self.dropped["failed"] += 1
            kind = type(error).__name__
            if kind not in self._failures:
                self._failures.add(kind)
                log.warning("a message on %s failed: %s", received.leaf, kind, exc_info=True)
            used = False
        if not used:
            self._poison(received)

    def _reject(self, received: Received, reason: Literal["oversize", "too_deep"]) -> None:
        self.dropped[reason] += 1
        self._poison(received)

    def _poison(self, received: Received) -> None:
        """A message that failed: if it was retained, clear it (when this side may)."""
        if received.retained and self.clear is not None:
            self.clear(received.topic)
            self.cleared += 1
