"""The examples in the hardware layer's docstrings, every module of ``hal``."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import hal


def test_docstring_examples() -> None:
    attempted = failed = 0
    for info in pkgutil.iter_modules(hal.__path__, "hal."):
        result = doctest.testmod(importlib.import_module(info.name))
        attempted, failed = attempted + result.attempted, failed + result.failed
    assert failed == 0
    assert attempted >= 10  # a vanished set of examples fails too
