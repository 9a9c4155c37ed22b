"""The worker's Chromium and the asyncio tests share a thread (tests/playwright_loop.py)."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from tests.playwright_loop import end_drivers, parked


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


@pytest.mark.browser  # its stand-in driver's command line is a driver's
def test_end_drivers_kills_this_process_s_driver_and_nothing_else() -> None:
    wait = "import time; time.sleep(60)"
    driver = subprocess.Popen([sys.executable, "-c", wait, "run-driver"])
    bystander = subprocess.Popen([sys.executable, "-c", wait, "run-something-else"])
    try:
        end_drivers()
        assert driver.wait(timeout=10) < 0
        assert bystander.poll() is None
    finally:
        for child in (driver, bystander):
            child.kill()
            child.wait()
