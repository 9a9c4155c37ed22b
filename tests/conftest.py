"""Fixtures shared by every part's tests."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest


def _wait_until(predicate: Callable[[], object], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout} s: {predicate.__doc__ or predicate}")
        time.sleep(0.005)


@pytest.fixture
def wait_until() -> Callable[..., None]:
    """``wait_until(predicate, timeout=10.0)``: poll until ``predicate()`` is true (at once if it
    already is), else fail. For readings that arrive asynchronously, never as a timing check."""
    return _wait_until
