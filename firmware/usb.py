"""The Pico's USB serial as a byte transport for ``board.Board`` (needs ``kbd_intr(-1)``).

``read()`` allocates nothing while no byte waits (``ipoll`` and ``readinto`` into buffers made
once), so the main loop does not feed the garbage collector on every pass."""

TYPE_CHECKING = False
if TYPE_CHECKING:  # MicroPython's select and sys, typed in typings/ (the host's are CPython's)
    import uselect as select
    import usys as sys
else:
    import select
    import sys


class UsbSerial:
    """Non-blocking reads of at most ``limit`` bytes a pass, blocking writes."""

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._buffer = bytearray(limit)
        self._view = memoryview(self._buffer)
        self._byte = bytearray(1)

    def _waiting(self) -> bool:
        for _ in self._poll.ipoll(0):
            return True
        return False

    def read(self) -> memoryview | None:
        """The bytes waiting now, at most ``limit`` (None when there are none). The view is
        valid until the next call."""
        count = 0
        byte = self._byte
        buffer = self._buffer
        while count < self.limit and self._waiting():
            if not self._in.readinto(byte):
                break
            buffer[count] = byte[0]
            count += 1
        return self._view[:count] if count else None

    def write(self, data: bytes) -> None:
        self._out.write(data)
