"""The examples in the simulator's docstrings."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import sim.clock
import sim.view


@pytest.mark.parametrize("module", [sim.clock, sim.view])
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
