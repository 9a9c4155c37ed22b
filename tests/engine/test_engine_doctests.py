"""The docstring examples of every engine module (sub-packages included) run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(info.name for info in pkgutil.walk_packages(engine.__path__, "engine."))
MIN_EXAMPLES = 60
"""The engine's docstrings held 60 examples when this was written: fewer means some vanished."""


def test_every_engine_module_is_listed() -> None:
    assert {
        "engine.dice",
        "engine.game",
        "engine.lucky",
        "engine.qubic",
        "engine.protocol",
        "engine.players.base",
    } <= set(MODULES)


def test_the_examples_are_found() -> None:
    finder = doctest.DocTestFinder()
    found = sum(
        len(test.examples)
        for module_name in MODULES
        for test in finder.find(importlib.import_module(module_name))
    )
    assert found >= MIN_EXAMPLES


@pytest.mark.parametrize("module_name", MODULES)
def test_docstring_examples(module_name: str) -> None:
    module = importlib.import_module(module_name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {module_name}"
