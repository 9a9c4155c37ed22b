"""Fixtures of the serial tests: the whole serial stack on a pty, and a polling wait."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pico_rig import PicoRig, pico_rig


@pytest.fixture
def rig() -> Iterator[PicoRig]:
    """A ``SerialBackend`` on a simulated Pico (on a pty, linked like /dev/flixboard)."""
    with pico_rig() as opened:
        yield opened
