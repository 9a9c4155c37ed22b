"""The suite's lanes (docs/development.md): what a test needs beyond this process, said by the test
itself, and a guard that holds it to that.

A test says its lane by a marker, for a whole module by ``pytestmark = pytest.mark.browser`` (the
folders of the emulated Pico, the mutation sample and the mechanics are lanes by themselves,
``LANE_BY_FOLDER``). While a test runs (its set-up, the shared fixtures it starts included, its
call and its tear-down), ``guarded`` refuses to start a browser, a broker, the emulated Pico or a
live service whose lane the test does not carry: the start raises ``OutsideItsLane`` before any
process exists, so a test that forgot its marker fails in the fast lane at once."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from os import PathLike, fsdecode
from pathlib import PurePath
from typing import Any

HEAVY_LANES = ("mutation", "pico", "fuzz", "broker", "browser", "live", "tools", "slow")
"""Heaviest first: under pytest-xdist the long tests start early instead of finishing last."""
LANE_BY_FOLDER = {
    "tests/firmware/pico/": "pico",
    "tests/mutation/": "mutation",
    "tests/mechanics/": "tools",
}
"""Folders whose every test is in one lane: the emulated Pico, the mutation sample, the CAD
kernel of the mechanics."""
GUARDED_LANES = ("browser", "broker", "pico", "live")
"""The lanes of a process a test starts, which ``started`` recognises by its command line."""


class OutsideItsLane(RuntimeError):
    """A test started a process of a lane it does not carry."""


def started(argv: Sequence[str]) -> str | None:
    """The guarded lane of a command line: Playwright's driver (which starts Chromium),
    mosquitto, Node running the emulated Pico's harness, ``flixboard run``; else ``None``."""
    names = [PurePath(arg).name for arg in argv]
    if "run-driver" in argv or "chrome" in names or "chromium" in names:
        return "browser"
    if "mosquitto" in names:
        return "broker"
    if "harness.mjs" in names:
        return "pico"
    if "run" in argv and ("controller.cli" in argv or "flixboard" in names):
        return "live"
    return None


def command_line(args: Any) -> list[str]:
    """``subprocess.Popen``'s ``args`` as a list of strings (a string is one command)."""
    if isinstance(args, (str, bytes, PathLike)):
        return [fsdecode(args)]
    return [fsdecode(arg) for arg in args]


def refusal(argv: Sequence[str], lanes: set[str], test: str) -> str | None:
    """Why ``test``, carrying ``lanes``, may not start ``argv`` (``None``: it may)."""
    lane = started(argv)
    if lane is None or lane in lanes:
        return None
    return (
        f"{test} starts {list(argv[:3])}, of the {lane} lane, without carrying it: mark "
        f"its module `pytestmark = pytest.mark.{lane}` (docs/development.md)"
    )


@contextmanager
def guarded(lanes: set[str], test: str) -> Iterator[None]:
    """While inside, starting a process of a guarded lane not in ``lanes`` raises
    ``OutsideItsLane`` naming ``test``. Every ``subprocess.Popen`` (asyncio's included) starts
    its process through ``_execute_child``, which the guard wraps."""
    original = vars(subprocess.Popen)["_execute_child"]

    def execute_child(popen: subprocess.Popen[Any], args: Any, *rest: Any, **named: Any) -> Any:
        refused = refusal(command_line(args), lanes, test)
        if refused is not None:
            raise OutsideItsLane(refused)
        return original(popen, args, *rest, **named)

    setattr(subprocess.Popen, "_execute_child", execute_child)  # noqa: B010
    try:
        yield
    finally:
        setattr(subprocess.Popen, "_execute_child", original)  # noqa: B010
