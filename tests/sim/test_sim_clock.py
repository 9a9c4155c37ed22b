"""SimClock: virtual time, calls in time order, stepping."""

from __future__ import annotations

from functools import partial

import pytest

from hal.base import Clock
from sim.clock import SimClock
from sim.errors import SimClockError


def test_is_a_clock_that_moves_only_when_told() -> None:
    clock = SimClock(start=10.0)
    assert isinstance(clock, Clock)
    assert clock.now() == 10.0
    clock.advance(0.5)
    clock.advance_to(12.0)
    assert clock.now() == 12.0


def test_calls_run_in_time_order_at_their_own_time() -> None:
    clock = SimClock()
    seen: list[tuple[str, float]] = []

    def note(label: str) -> None:
        seen.append((label, clock.now()))

    for label, t in (("c", 3.0), ("a", 1.0), ("b", 2.0), ("late", 9.0)):
        clock.call_at(t, partial(note, label))
    clock.advance(5.0)
    assert seen == [("a", 1.0), ("b", 2.0), ("c", 3.0)]
    assert clock.now() == 5.0
    assert clock.next_event_time() == 9.0


def test_ties_run_in_the_order_scheduled() -> None:
    clock = SimClock()
    seen: list[int] = []
    for i in range(5):
        clock.call_at(1.0, partial(seen.append, i))
    clock.advance_to(1.0)
    assert seen == [0, 1, 2, 3, 4]


def test_calls_scheduled_by_calls_run_when_due() -> None:
    clock = SimClock()
    seen: list[float] = []

    def chain() -> None:
        seen.append(clock.now())
        if len(seen) < 10:
            clock.call_later(0.25, chain)

    clock.call_at(1.0, chain)
    clock.advance(1.6)
    assert seen == [1.0, 1.25, 1.5]
    assert clock.next_event_time() == 1.75


def test_cancel_and_past_calls() -> None:
    clock = SimClock(start=5.0)
    seen: list[str] = []
    cancelled = clock.call_at(6.0, lambda: seen.append("cancelled"))
    clock.call_at(1.0, lambda: seen.append("past"))
    cancelled.cancel()
    assert clock.next_event_time() == 5.0
    clock.advance(0)
    assert seen == ["past"]
    assert clock.next_event_time() is None
    clock.advance(2.0)
    assert seen == ["past"]


def test_stepping_a_driver_deadline_and_board_events_in_order() -> None:
    clock = SimClock()
    order: list[str] = []
    clock.call_at(0.3, lambda: order.append("board"))
    controller_deadline = 0.12
    while clock.now() < 1.0:
        board_next = clock.next_event_time()
        step = min(t for t in (controller_deadline, board_next, 1.0) if t is not None)
        clock.advance_to(step)
        if clock.now() == controller_deadline:
            order.append("controller")
            controller_deadline = 2.0
    assert order == ["controller", "board"]


def test_time_never_goes_back() -> None:
    clock = SimClock(start=3.0)
    with pytest.raises(SimClockError, match="back"):
        clock.advance_to(2.0)
    with pytest.raises(SimClockError, match="negative"):
        clock.advance(-1)
    assert clock.now() == 3.0
