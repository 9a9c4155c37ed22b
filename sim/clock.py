"""A deterministic virtual clock with scheduled calls.

>>> clock = SimClock()
>>> seen = []
>>> _ = clock.call_at(2.0, lambda: seen.append(("b", clock.now())))
>>> _ = clock.call_at(1.0, lambda: seen.append(("a", clock.now())))
>>> clock.next_event_time()
1.0
>>> clock.advance(5.0)
>>> seen, clock.now()
([('a', 1.0), ('b', 2.0)], 5.0)
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable

from hal.base import Clock
from sim.errors import SimClockError


class ScheduledCall:
    """A call waiting for the clock to reach ``when``; ``cancel()`` withdraws it."""

    __slots__ = ("cancelled", "fn", "when")

    def __init__(self, when: float, fn: Callable[[], None]) -> None:
        self.when = when
        self.fn = fn
        self.cancelled = False

    def cancel(self) -> None:
        """Do not run this call."""
        self.cancelled = True

    def __repr__(self) -> str:
        state = " cancelled" if self.cancelled else ""
        return f"<ScheduledCall at={self.when:g}{state}>"


class SimClock(Clock):
    """Virtual seconds that move only through ``advance`` and ``advance_to``.

    Calls run in time order (ties: in the order scheduled); while one runs, ``now()`` is its time.
    Calls scheduled by a running call run in the same advance when they are due by its end.
    """

    def __init__(self, start: float = 0.0) -> None:
        self._now = float(start)
        self._queue: list[tuple[float, int, ScheduledCall]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def call_at(self, t: float, fn: Callable[[], None]) -> ScheduledCall:
        """Run ``fn`` when the clock reaches ``t``; a past ``t`` runs at the next advance."""
        call = ScheduledCall(max(float(t), self._now), fn)
        heapq.heappush(self._queue, (call.when, next(self._order), call))
        return call

    def call_later(self, delay: float, fn: Callable[[], None]) -> ScheduledCall:
        """Run ``fn`` ``delay`` seconds from now."""
        return self.call_at(self._now + delay, fn)

    def next_event_time(self) -> float | None:
        """When the next call is due, or ``None`` when nothing is scheduled."""
        self._drop_cancelled()
        return self._queue[0][0] if self._queue else None

    def advance(self, seconds: float) -> None:
        """Move ``seconds`` forward (0 runs the calls already due)."""
        if seconds < 0:
            raise SimClockError(f"cannot advance a clock by a negative time: {seconds!r} s")
        self.advance_to(self._now + seconds)

    def advance_to(self, t: float) -> None:
        """Move to time ``t``, running every call due by then in order."""
        if t < self._now:
            raise SimClockError(f"cannot move the clock back from {self._now:g} s to {t:g} s")
        while True:
            self._drop_cancelled()
            if not self._queue or self._queue[0][0] > t:
                break
            when, _, call = heapq.heappop(self._queue)
            self._now = when
            call.fn()
        self._now = float(t)

    def _drop_cancelled(self) -> None:
        while self._queue and self._queue[0][2].cancelled:
            heapq.heappop(self._queue)

    def __repr__(self) -> str:
        return f"<SimClock now={self._now:g} pending={len(self._queue)}>"
