"""The worker's Chromium and the asyncio tests share a thread (tests/playwright_loop.py)."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.playwright_loop import parked

ROOT = Path(__file__).resolve().parent.parent


def test_a_parked_loop_lets_an_asyncio_test_run_and_counts_as_running_again_after() -> None:
    outer = asyncio.new_event_loop()
    asyncio._set_running_loop(outer)
    try:
        with parked():
            assert asyncio._get_running_loop() is None
            assert asyncio.run(asyncio.sleep(0, "ran")) == "ran"
        assert asyncio._get_running_loop() is outer
    finally:
        asyncio._set_running_loop(None)
        outer.close()


AT_THE_END = """
import subprocess, sys
from tests.playwright_loop import end_drivers
wait = "import time; time.sleep(60)"
driver = subprocess.Popen([sys.executable, "-c", wait, "run-driver"])
bystander = subprocess.Popen([sys.executable, "-c", wait, "run-something-else"])
end_drivers()
print(driver.wait(timeout=10), bystander.poll())
bystander.kill()
"""
"""A process with a driver of its own and another child: the driver is ended, the other not.
In a process of its own, so that the worker's own driver is left alone."""


@pytest.mark.browser  # it starts a stand-in for Playwright's driver
def test_end_drivers_kills_this_process_s_driver_and_nothing_else() -> None:
    done = subprocess.run(
        [sys.executable, "-c", AT_THE_END],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(-signal.SIGKILL), "None"]
