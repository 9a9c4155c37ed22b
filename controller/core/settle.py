"""Debouncing on the backend's clock: a sensor change counts only once it has been stable.

Each hole and each groove settles on its own: a new value is accepted when it has read the same
for ``settle_s``. A sensor that chatters (``CHATTER_CHANGES`` changes within ``CHATTER_WINDOW_S``)
must stay quiet for ``CHATTER_WINDOW_S`` instead, so a noisy sensor never produces a move.

>>> from hal.base import empty_reading
>>> s = Settler(0.12, empty_reading())
>>> s.observe(empty_reading(grooves=("R", None, "G", "B")), now=1.0)
>>> s.advance(1.05), s.next_deadline()
(False, 1.12)
>>> s.advance(1.12), s.stable.grooves[1]
(True, None)
"""

from __future__ import annotations

from collections import deque
from typing import Any, Generic, TypeVar

from hal.base import BoardReading, Piece

CHATTER_CHANGES = 4
CHATTER_WINDOW_S = 1.0

T = TypeVar("T")


class _Input(Generic[T]):
    """One sensor: its accepted value and the raw value it has read since ``since``."""

    __slots__ = ("before", "changes", "raw", "since", "stable")

    def __init__(self, value: T) -> None:
        self.stable: T = value
        self.raw: T = value
        self.since = 0.0
        self.changes: deque[float] = deque(maxlen=CHATTER_CHANGES)
        self.before: tuple[T, float] = (value, 0.0)
        """The raw value and its start before the latest change."""

    def observe(self, value: T, now: float) -> None:
        if value == self.raw:
            return
        if self.changes and self.changes[-1] == now:
            # The latest raw value lasted no time at all (two readings of one instant): it was
            # never seen on the board, so it is no change and no sign of chatter.
            self.changes.pop()
            self.raw, self.since = self.before
            if value == self.raw:
                return
        self.before = (self.raw, self.since)
        self.raw = value
        self.since = now
        self.changes.append(now)

    def due(self, settle_s: float) -> float | None:
        """When the raw value will be accepted, or ``None`` when it already is."""
        if self.raw == self.stable:
            return None
        hold = settle_s
        if len(self.changes) == CHATTER_CHANGES and self.since - self.changes[0] < CHATTER_WINDOW_S:
            hold = max(settle_s, CHATTER_WINDOW_S)
        return self.since + hold


class Settler:
    """The settled view of a noisy board."""

    def __init__(self, settle_s: float, initial: BoardReading) -> None:
        self.settle_s = settle_s
        self._holes: list[_Input[Piece]] = [_Input(p) for p in initial.holes]
        self._grooves: list[_Input[str | None]] = [_Input(g) for g in initial.grooves]
        self._inputs: list[_Input[Any]] = [*self._holes, *self._grooves]
        self._at = initial.at
        self._stable = initial

    @property
    def stable(self) -> BoardReading:
        """The board as accepted so far."""
        return self._stable

    @property
    def unsettled(self) -> int:
        """Bitboard of holes whose sensor reads something not yet accepted."""
        return sum(1 << h for h, s in enumerate(self._holes) if s.raw != s.stable)

    def observe(self, reading: BoardReading, now: float) -> None:
        """Take a raw reading made at ``now``."""
        for sensor, piece in zip(self._holes, reading.holes, strict=True):
            sensor.observe(piece, now)
        for groove, letter in zip(self._grooves, reading.grooves, strict=True):
            groove.observe(letter, now)

    def advance(self, now: float) -> bool:
        """Accept every value stable by ``now``; whether the settled board changed."""
        changed = False
        for sensor in self._inputs:
            due = sensor.due(self.settle_s)
            if due is not None and due <= now:
                sensor.stable = sensor.raw
                changed = True
        if changed:
            self._stable = BoardReading(
                tuple(s.stable for s in self._holes), tuple(g.stable for g in self._grooves), now
            )
        return changed

    def accept(self, holes: int, now: float) -> bool:
        """Accept at once what the sensors of ``holes`` read (the board's own hands moved those
        pieces: nothing to wait out); whether the settled board changed."""
        changed = False
        for hole, sensor in enumerate(self._holes):
            if holes >> hole & 1 and sensor.raw != sensor.stable:
                sensor.stable = sensor.raw
                changed = True
        if changed:
            self._stable = BoardReading(
                tuple(s.stable for s in self._holes), tuple(g.stable for g in self._grooves), now
            )
        return changed

    def next_deadline(self) -> float | None:
        """When a pending change will be accepted if nothing else happens."""
        dues = [d for s in self._inputs if (d := s.due(self.settle_s)) is not None]
        return min(dues, default=None)
