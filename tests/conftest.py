"""Fixtures shared by every part's tests."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from tests.lanes import HEAVY_LANES, LANE_BY_FOLDER, guarded
from tests.playwright_loop import parked, uses_the_browser

pytest_plugins = ("tests.pico_update_support", "tests.mutation_order")
"""Fixtures more than one part's tests share (the Pico update's simulated Pico and drive), and
the order of a mutant's tests under mutmut."""
ROOT = Path(__file__).resolve().parent.parent


def lanes_of(item: pytest.Item) -> set[str]:
    """The heavy lanes a collected test carries (none: the fast lane): its markers, its
    module's ``pytestmark`` among them, and its folder's lane (tests/lanes.py)."""
    lanes = {mark.name for mark in item.iter_markers() if mark.name in HEAVY_LANES}
    path = item.path.resolve().relative_to(ROOT).as_posix()
    return lanes | {lane for folder, lane in LANE_BY_FOLDER.items() if path.startswith(folder)}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test of a lane's folder with its lane, and put the heaviest lanes first, so that
    under pytest-xdist the long tests start early instead of finishing last."""
    rank: dict[str, int] = {}
    for item in items:
        lanes = lanes_of(item)
        for lane in sorted(lanes):
            item.add_marker(lane)
        rank[item.nodeid] = min(map(HEAVY_LANES.index, lanes), default=len(HEAVY_LANES))
    items.sort(key=lambda item: rank[item.nodeid])
    items[:] = dealt(items, stealing_workers(config))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(
    item: pytest.Item, nextitem: pytest.Item | None
) -> Generator[None, object, object]:
    """Run each test (set-up, call, tear-down) under the guard of its lanes: a browser, broker,
    emulated Pico or live service it starts outside them fails it (tests/lanes.py). A test that
    does not use Chromium runs with Playwright's event loop parked (tests/playwright_loop.py)."""
    with guarded(lanes_of(item), item.nodeid):
        if uses_the_browser(item):
            return (yield)
        with parked():
            return (yield)


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
