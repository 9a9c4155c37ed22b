"""The docstring examples of every engine module run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(info.name for info in pkgutil.iter_modules(engine.__path__, "engine."))


def test_every_engine_module_is_listed() -> None:
    assert {"engine.dice", "engine.game", "engine.lucky", "engine.qubic", "engine.protocol"} <= set(
        MODULES
    )


@pytest.mark.parametrize("module_name", MODULES)
def test_docstring_examples(module_name: str) -> None:
    module = importlib.import_module(module_name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {module_name}"
