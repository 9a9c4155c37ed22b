"""Fixtures of the serial tests: the whole serial stack on a pty, and a polling wait."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest

from sim.pico_rig import PicoRig, pico_rig


@pytest.fixture
def rig() -> Iterator[PicoRig]:
    """A ``SerialBackend`` on a simulated Pico (on a pty, linked like /dev/flixboard)."""
    with pico_rig() as opened:
        yield opened


def _wait_for(predicate: Callable[[], object], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout} s: {predicate.__doc__ or predicate}")
        time.sleep(0.005)


@pytest.fixture
def wait_for() -> Callable[..., None]:
    """``wait_for(predicate, timeout=10.0)``: poll until true (generous timeout), else fail."""
    return _wait_for
