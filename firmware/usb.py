"""The Pico's USB serial as a byte transport for ``board.Board`` (needs ``kbd_intr(-1)``)."""

import select
import sys


class UsbSerial:
    """Non-blocking reads of at most ``limit`` bytes a pass, blocking writes."""

    def __init__(self, limit: int = 256):
        self.limit = limit
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer

    def read(self):
        """The bytes waiting now (None when there are none)."""
        data = bytearray()
        while len(data) < self.limit and self._poll.poll(0):
            data += self._in.read(1)
        return bytes(data) if data else None

    def write(self, data: bytes) -> None:
        self._out.write(data)
