"""The lanes' guard (tests/lanes.py): the command lines that start a browser, a broker, the emulated
Pico and a live service are each known, and a test outside their lane cannot start them. This
module is in the fast lane, so its own test runs under the guard that the suite's conftest sets."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright._impl._driver import compute_driver_executable

from tests.lanes import GUARDED_LANES, OutsideItsLane, refusal, started
from tests.live_service import run_command

ROOT = Path(__file__).resolve().parent.parent
STARTS = {
    # Playwright's own start of its driver, which launches Chromium
    "browser": [*compute_driver_executable(), "run-driver"],
    "broker": [shutil.which("mosquitto") or "/usr/sbin/mosquitto", "-c", "mosquitto.conf"],
    "pico": ["node", str(ROOT / "tests/firmware/pico/harness.mjs"), "flixboard-pico.uf2"],
    "live": run_command("sim", "127.0.0.1", 8000, Path("data")),
}
"""The command lines as the suite's helpers build them."""


@pytest.mark.parametrize("lane", GUARDED_LANES)
def test_each_lane_s_start_is_known_and_refused_outside_it(lane: str) -> None:
    argv = STARTS[lane]
    assert started(argv) == lane
    assert refusal(argv, {lane}, "t") is None
    said = refusal(argv, {"fuzz"}, "t")
    assert said is not None and f"pytest.mark.{lane}" in said
    # `true` in front: should the guard let it through, nothing but `true` runs
    with pytest.raises(OutsideItsLane, match=f"of the {lane} lane"):
        subprocess.run(["true", *argv], check=True)


@pytest.mark.parametrize(
    "argv",
    [
        [sys.executable, "-m", "controller.cli", "selftest", "--board", "sim"],
        ["node", "node_modules/eslint/bin/eslint.js", "."],
        ["git", "status"],
    ],
)
def test_other_processes_are_in_no_lane(argv: list[str]) -> None:
    assert started(argv) is None


def test_a_process_of_no_lane_starts_under_the_guard() -> None:
    assert subprocess.run(["true"], check=True).returncode == 0
