"""MicroPython's ``time`` module (also importable as ``utime``): the members the firmware uses.

Typed under the ``utime`` name because the host's ``time`` is CPython's; the firmware imports
``time`` at run time and this module only for the type checker."""

def ticks_ms() -> int: ...
def sleep_us(us: int, /) -> None: ...
