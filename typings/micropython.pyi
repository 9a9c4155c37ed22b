"""MicroPython's ``micropython`` module: the members the firmware uses."""

from collections.abc import Callable
from typing import TypeVar

def const(expr: int) -> int: ...
def kbd_intr(chr: int, /) -> None: ...

_F = TypeVar("_F", bound=Callable[..., object])

def viper(function: _F, /) -> _F: ...
