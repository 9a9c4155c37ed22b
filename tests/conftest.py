"""Fixtures shared by every part's tests."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest_plugins = ("tests.pico_update_support", "tests.mutation_order")
"""Fixtures more than one part's tests share (the Pico update's simulated Pico and drive), and
the order of a mutant's tests under mutmut."""


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


# The lanes (docs/development.md): a test that needs one of these resources carries its marker,
# set here from what the test uses; only a long test that shows none of them (a random-games
# property, a bench probe) is marked in its file. `make check` runs the rest.
LANE_BY_FIXTURE = {
    "browser": "browser",
    "open_page": "browser",
    "mosquitto": "broker",
    "service": "live",
    "launch_service": "live",
}
# Names a test module imports that start the resource for it (a live `flixboard run`, a broker).
LANE_BY_IMPORTED_NAME = {
    "sync_playwright": "browser",
    "Mosquitto": "broker",
    "LiveService": "live",
    "searching_service": "live",
    "start_service": "live",
}
# Folders and file names: the emulated Pico, the mutation sample, the fuzzes, the CAD kernel of
# the mechanics and the C compiler of the Qubic prover's core.
LANE_BY_PATH = {
    "tests/firmware/pico/": "pico",
    "tests/mutation/": "mutation",
    "_fuzz.py": "fuzz",
    "tests/mechanics/": "tools",
    "tests/engine/test_qubic_prover_core.py": "tools",
}
HEAVY_LANES = ("mutation", "pico", "fuzz", "broker", "browser", "live", "tools", "slow")
ROOT = Path(__file__).resolve().parent.parent


def lanes_of(item: pytest.Item) -> set[str]:
    """The heavy lanes a collected test belongs to (none: the fast lane)."""
    lanes = {LANE_BY_FIXTURE[name] for name in item.fixturenames if name in LANE_BY_FIXTURE}
    module = getattr(item, "module", None)
    names = vars(module) if module is not None else {}
    lanes |= {lane for name, lane in LANE_BY_IMPORTED_NAME.items() if name in names}
    path = item.path.resolve().relative_to(ROOT).as_posix()
    lanes |= {lane for part, lane in LANE_BY_PATH.items() if part in path}
    return lanes


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test with its lanes, and put the heaviest lanes first, so that under
    pytest-xdist the long tests start early instead of finishing last."""
    rank: dict[str, int] = {}
    for item in items:
        for lane in sorted(lanes_of(item)):
            item.add_marker(lane)
        marked = {mark.name for mark in item.iter_markers()}  # those set by hand too
        heaviness = [HEAVY_LANES.index(lane) for lane in marked.intersection(HEAVY_LANES)]
        rank[item.nodeid] = min(heaviness, default=len(HEAVY_LANES))
    items.sort(key=lambda item: rank[item.nodeid])
    items[:] = dealt(items, stealing_workers(config))


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """(pytest-xdist's controller) Tell each worker how the workers share the tests: a worker's
    own ``--dist`` option reads ``no``."""
    node.workerinput["dist"] = node.config.getoption("dist")


def stealing_workers(config: pytest.Config) -> int:
    """The number of pytest-xdist workers when they share the tests by ``--dist worksteal``
    (this process one of them), else 1."""
    worker: dict[str, object] = getattr(config, "workerinput", {})
    if worker.get("dist") != "worksteal":
        return 1
    count = worker["workercount"]
    assert isinstance(count, int)
    return count


def dealt(items: list[pytest.Item], hands: int) -> list[pytest.Item]:
    """``items`` dealt round into ``hands`` equal runs, one after the other, each in the order
    of ``items``. worksteal gives each worker one run of the list at the start and lets an idle
    worker take the second half of another's queue: dealt, every worker starts on its share of
    the heavy lanes, and what moves between them is the quick tests at the end of a run (in
    one heavy-first list the first worker would hold every heavy test, and the long ones at its
    front would be taken last)."""
    return [item for hand in range(hands) for item in items[hand::hands]]
