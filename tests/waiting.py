"""The tests' one wait: poll a condition until it holds, else fail naming what was awaited.

For readings that arrive asynchronously (a sensor over serial, a service's state, a broker's
message), never as a timing check: the bound is generous, for a loaded 2-core machine, and a
condition that already holds returns at once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator

WAIT_S = 60.0
"""The default bound: a hang fails, speed is benched."""
FIRST_PAUSE_S = 0.005
LAST_PAUSE_S = 0.04
"""The polls start quick, for a reading a moment away, and slow down for a condition that takes
seconds (a computer's move, a restart), whose predicate may be a request to the service."""

Said = str | Callable[[], str]
"""What is awaited, or a function that says it (with what it saw last) when the wait fails."""
Predicate = Callable[..., object]
"""Called without arguments; ``...`` lets mypy type a lambda that binds a loop's variable by a
default (``lambda hole=hole: ...``)."""


def wait_until(predicate: Predicate, what: Said = "", timeout: float = WAIT_S) -> None:
    """Poll ``predicate`` until it is true; fail after ``timeout`` seconds saying ``what``."""
    for pause in pauses(timeout):
        if predicate():
            return
        time.sleep(pause)
    if not predicate():
        raise AssertionError(failure(predicate, what, timeout))


async def wait_until_async(predicate: Predicate, what: Said = "", timeout: float = WAIT_S) -> None:
    """``wait_until`` inside an event loop, which runs on between the polls."""
    for pause in pauses(timeout):
        if predicate():
            return
        await asyncio.sleep(pause)
    if not predicate():
        raise AssertionError(failure(predicate, what, timeout))


def pauses(timeout: float) -> Iterator[float]:
    """The pauses between polls, doubling from the first to the last, until ``timeout``."""
    deadline = time.monotonic() + timeout
    pause = FIRST_PAUSE_S
    while time.monotonic() < deadline:
        yield pause
        pause = min(pause * 2, LAST_PAUSE_S)


def failure(predicate: Predicate, what: Said, timeout: float) -> str:
    """A wait's failure: ``what`` (said now), else the predicate's docstring or itself."""
    said = what() if callable(what) else what
    return f"not true within {timeout} s: {said or predicate.__doc__ or predicate}"
