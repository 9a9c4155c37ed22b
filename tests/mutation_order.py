"""Under mutmut (``make mutation``, the suite's mutation sample), a mutant's tests run quickest
first: mutmut stops at the first failure (``-x``), so a mutant that a quick test kills is not
first taken through the long random-games properties. A plugin of ``tests/conftest.py``; outside
a mutant's run it changes nothing."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

STATS = Path("mutmut-stats.json")
"""mutmut's record of each test's seconds, in the folder its runs start in (``mutants/``)."""


def mutant_under_test() -> bool:
    """Whether this run tests one mutant (not mutmut's stats, clean or forced-fail run)."""
    return "__mutmut_" in os.environ.get("MUTANT_UNDER_TEST", "")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Sort a mutant's tests by the seconds mutmut recorded for each (unrecorded ones last)."""
    if not mutant_under_test() or not STATS.exists():
        return
    seconds: dict[str, float] = json.loads(STATS.read_text(encoding="utf-8"))["duration_by_test"]
    items.sort(key=lambda item: seconds.get(item.nodeid, float("inf")))
