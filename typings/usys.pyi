"""MicroPython's ``sys`` module (also importable as ``usys``): the members the firmware uses.

Typed under the ``usys`` name because the host's ``sys`` is CPython's; the firmware imports
``sys`` at run time and this module only for the type checker."""

class _Buffer:
    def readinto(self, buf: bytearray | memoryview, /) -> int | None: ...
    def write(self, buf: bytes | bytearray | memoryview, /) -> int | None: ...

class _Stream:
    buffer: _Buffer

stdin: _Stream
stdout: _Stream
