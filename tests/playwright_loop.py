"""Playwright's sync API and the asyncio tests in one worker. While Chromium is up, Playwright's
event loop counts as running in the worker's thread between its calls, and an asyncio test could
not start a loop of its own: ``parked`` hides it for such a test's whole run."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

BROWSER_FIXTURE = "chromium"
"""The session fixture of the worker's Chromium (tests/web/conftest.py)."""


def uses_the_browser(item: pytest.Item) -> bool:
    """Whether a test asks for Chromium (directly or through another fixture)."""
    return BROWSER_FIXTURE in getattr(item, "fixturenames", ())


@contextmanager
def parked() -> Iterator[None]:
    """While inside, no event loop counts as running in this thread; afterwards the one that did
    (Playwright's, if Chromium is up) does again."""
    running = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(running)


def resume(loop: asyncio.AbstractEventLoop) -> None:
    """Let Playwright's ``loop`` count as running again (to close Chromium from a test that
    parked it)."""
    asyncio._set_running_loop(loop)


def end_drivers() -> None:
    """Kill the Playwright drivers this process started (``node ... run-driver``)."""
    me = str(os.getpid())
    for proc in Path("/proc").iterdir():
        try:
            parent = (proc / "stat").read_text().rsplit(")", 1)[1].split()[1]
            command = (proc / "cmdline").read_bytes().split(b"\0")
        except (OSError, IndexError):
            continue
        if parent == me and b"run-driver" in command:
            os.kill(int(proc.name), signal.SIGKILL)
