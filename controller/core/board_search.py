"""A board that may not be there yet: the service comes up without it and finds it later.

``BoardSearch`` opens the board again and again on a thread of its own until it answers (a
Pico plugged in after the service started, as systemd does at boot), then is that board: its
readings, presses, connection and pixels. Until then it reads an empty board, says it is not
connected (the state's ``board_status`` is ``searching``) and keeps the latest LED frame, which
the board gets the moment it answers. Once found, the board's own reconnection (an unplug)
takes over. ``release_port`` pauses the search (the Pico's update from the settings page uses
the port meanwhile), ``reclaim_port`` resumes it, as a found ``SerialBackend`` lets go of its
port.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import ClassVar

from hal.base import (
    FLIX_GEOMETRY,
    Backend,
    BoardGeometry,
    BoardReading,
    ButtonPress,
    Color,
    PixelStrip,
    empty_reading,
)
from hal.errors import BoardDisconnected, HalError
from hal.sensor_health import SensorFault
from hal.serial_backend import SerialBackend

RETRY_S = 1.0
"""Pause between two attempts to open the board."""


class _Pixels(PixelStrip):
    """The LED frames, passed to the found board's pixels (the latest one kept until then)."""

    def __init__(self, max_brightness: float, pixels: int) -> None:
        super().__init__(pixels, max_brightness=max_brightness)
        self._lock = threading.Lock()
        self._target: PixelStrip | None = None
        self._latest: tuple[tuple[Color, ...], float] | None = None

    def attach(self, target: PixelStrip) -> None:
        with self._lock:
            self._target = target
            if self._latest is not None:
                _show(target, *self._latest)

    def _transmit(self, colors: tuple[Color, ...], brightness: float) -> None:
        with self._lock:
            self._latest = (colors, brightness)
            if self._target is not None:
                _show(self._target, colors, brightness)


def _show(strip: PixelStrip, colors: tuple[Color, ...], brightness: float) -> None:
    strip[:] = colors
    strip.brightness = brightness
    strip.show()


class BoardSearch(Backend):
    """See the module docstring. ``open_board`` opens the board of ``geometry`` or raises a
    ``HalError``; ``say`` reports what the search finds (the service's log); ``port``: the
    serial port searched."""

    name: ClassVar[str] = "serial"

    def __init__(
        self,
        open_board: Callable[[], Backend],
        *,
        where: str,
        max_brightness: float,
        say: Callable[[str], None],
        retry_s: float = RETRY_S,
        geometry: BoardGeometry = FLIX_GEOMETRY,
        port: str = "",
    ) -> None:
        super().__init__()
        self.port = port
        self.geometry = geometry
        if geometry.flat:
            self.sensing = "presence"
        self._pixels = _Pixels(max_brightness, geometry.pixel_count)
        self.pixels = self._pixels
        self.board: Backend | None = None
        """The board, once it answered."""
        self.where = where
        self._open_board = open_board
        self._say = say
        self._retry_s = retry_s
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._paused = threading.Event()
        self._attempt = threading.Lock()
        """Held while the board is being opened, so that a pause waits for the attempt."""
        self._empty = empty_reading(
            grooves=("R", "Y", "G", "B")[: geometry.grooves], cells=geometry.cells
        )
        self._thread = threading.Thread(target=self._search, name="flixboard-search", daemon=True)
        self._thread.start()

    def _search(self) -> None:
        said: str | None = None
        while not self._stop.is_set():
            try:
                with self._attempt:
                    if self._paused.is_set():
                        raise BoardDisconnected("the port is let go for an update")
                    board = self._open_board()
            except HalError as error:
                if self._paused.is_set():
                    self._stop.wait(self._retry_s)
                    continue
                if str(error) != said:
                    said = str(error)
                    self._say(f"searching for the board on {self.where}: {error}")
                self._stop.wait(self._retry_s)
                continue
            with self._lock:
                if self._stop.is_set():
                    board.close()
                    return
                board.when_changed = self._notify
                self.board = board
            self._pixels.attach(board.pixels)
            self._say(f"found the board on {self.where}")
            self._notify()
            return

    def release_port(self, timeout: float = 5.0) -> None:
        """Stop opening the port until ``reclaim_port`` (an attempt under way ends first); the
        found board, if any, lets go of it."""
        self._paused.set()
        with self._attempt:
            board = self.board
        if isinstance(board, SerialBackend):
            board.release_port(timeout)

    def reclaim_port(self) -> None:
        """Search (or read the found board) again after ``release_port``."""
        board = self.board
        if isinstance(board, SerialBackend):
            board.reclaim_port()
        self._paused.clear()

    def read(self) -> BoardReading:
        board = self.board
        return self._empty if board is None else board.read()

    def take_presses(self) -> list[ButtonPress]:
        board = self.board
        return [] if board is None else board.take_presses()

    def raw_fields(self) -> tuple[int, ...]:
        board = self.board
        if board is None:
            raise BoardDisconnected(f"searching for the board on {self.where}")
        return board.raw_fields()

    @property
    def connected(self) -> bool:
        board = self.board
        return not self.closed and board is not None and board.connected

    @property
    def sensor_faults(self) -> tuple[SensorFault, ...]:
        board = self.board
        return () if board is None else board.sensor_faults

    def close(self) -> None:
        with self._lock:
            self._stop.set()
            board = self.board
        if board is not None:
            board.close()
        super().close()
