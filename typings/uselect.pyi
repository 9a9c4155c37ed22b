"""MicroPython's ``select`` module (also importable as ``uselect``): the members the firmware
uses.

Typed under the ``uselect`` name because the host's ``select`` is CPython's; the firmware imports
``select`` at run time and this module only for the type checker."""

from collections.abc import Iterator

POLLIN: int

class _Poll:
    def register(self, obj: object, eventmask: int = ..., /) -> None: ...
    def ipoll(self, timeout: int = -1, flags: int = 0, /) -> Iterator[tuple[object, int]]: ...

def poll() -> _Poll: ...
