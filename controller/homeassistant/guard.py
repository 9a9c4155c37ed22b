"""What keeps a stranger on the broker from driving the board or changing what it shows.

- ``Arrivals``: the bridge's inbox. A message on one of the board's own retained topics (its
  discovery configs, state and availability) goes to the ``Keeper`` at once, never queued and
  so never dropped; a command that arrives with the retain flag is dropped before any queue
  (a press is never retained: one left on the broker would press again at every connect).
- ``PressRate``: at most one press of each button every ``PRESS_GAP_S``; the bridge drops the
  others.
- ``Keeper``: remembers what the board last sent on each of its retained topics and, when
  someone else sends something else there, sends its own again, at most once per topic every
  ``RESTORE_EVERY_S`` (so a stranger who keeps overwriting costs one message a second).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Collection, Iterable

from controller.remote.inbox import Handle, Inbox

PRESS_GAP_S = 1.0
"""The shortest time between two presses of one button that are both taken."""
RESTORE_EVERY_S = 1.0
"""The shortest time between two restorations of one topic."""


class Arrivals(Inbox):
    """The inbox of the command topics (``prefix`` + ``leaves``), with the board's own retained
    topics (``watched``) handed to ``heard`` as they arrive (see the module docstring)."""

    def __init__(
        self,
        prefix: str,
        leaves: Iterable[str],
        handle: Handle,
        *,
        watched: Collection[str],
        heard: Callable[[str, bytes], None],
        retained: Callable[[str], None],
    ) -> None:
        super().__init__(prefix, leaves, handle)
        self.watched = watched
        self.heard = heard
        self.retained = retained

    def put(self, topic: str, payload: bytes, retained: bool) -> None:
        if topic in self.watched:
            self.heard(topic, payload)
        elif retained:
            self.retained(topic)
        else:
            super().put(topic, payload, retained)


class PressRate:
    """One press of a button taken every ``gap_s`` at most."""

    def __init__(self, gap_s: float = PRESS_GAP_S, clock: Callable[[], float] = time.monotonic):
        self.gap_s = gap_s
        self.clock = clock
        self._taken: dict[str, float] = {}

    def take(self, button: str) -> bool:
        """Whether a press of ``button`` now is taken."""
        now = self.clock()
        last = self._taken.get(button)
        if last is not None and now - last < self.gap_s:
            return False
        self._taken[button] = now
        return True


class Keeper:
    """The board's retained topics: what it sent on each, and their restoration."""

    def __init__(self, publish: Callable[[str, bytes], None]) -> None:
        self._publish = publish
        self.sent: dict[str, bytes] = {}
        self.restored = 0
        """Restorations sent (each one message)."""
        self._pending: set[str] = set()
        self._due = asyncio.Event()

    def send(self, topic: str, payload: bytes) -> None:
        """Publish ``payload`` retained on ``topic`` and remember it as the board's."""
        self.sent[topic] = payload
        self._pending.discard(topic)
        self._publish(topic, payload)

    def heard(self, topic: str, payload: bytes) -> None:
        """A message someone else sent on ``topic``: restore the board's if it differs."""
        if topic in self.sent and payload != self.sent[topic]:
            self._pending.add(topic)
            self._due.set()

    async def restore(self) -> None:
        """Send the board's own message again on each overwritten topic, at most once a topic
        every ``RESTORE_EVERY_S``; runs until cancelled."""
        while True:
            await self._due.wait()
            self._due.clear()
            topics, self._pending = self._pending, set()
            for topic in sorted(topics):
                self.restored += 1
                self._publish(topic, self.sent[topic])
            await asyncio.sleep(RESTORE_EVERY_S)
