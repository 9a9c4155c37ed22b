"""The Makefile's fast lane leaves out what tests/lanes.py calls heavy: the same lanes, and every
folder that is one lane by itself, which it does not even collect."""

from __future__ import annotations

import re
from pathlib import Path

from tests.lanes import HEAVY_LANES, LANE_BY_FOLDER

MAKEFILE = Path(__file__).resolve().parent.parent / "Makefile"


def variable(name: str) -> list[str]:
    """The words of ``NAME := ...`` in the Makefile."""
    found = re.search(rf"^{name} := (.*)$", MAKEFILE.read_text(encoding="utf-8"), re.MULTILINE)
    assert found, f"{name} is not set in the Makefile"
    return found.group(1).split()


def test_the_fast_lane_leaves_out_the_heavy_lanes_and_their_folders() -> None:
    assert set(variable("HEAVY_LANES")) - {"or"} == set(HEAVY_LANES)
    assert {folder + "/" for folder in variable("HEAVY_FOLDERS")} == set(LANE_BY_FOLDER)
