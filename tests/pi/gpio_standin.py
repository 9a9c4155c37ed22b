"""A stand-in for the ``RPi.GPIO`` module, wired electrically to a ``SimBoard``, and the rig that
runs a gpio backend on it (used by tests/pi and by the contract suite).

The model follows the wiring files (``wiring/pi.toml`` for the spaceboard, ``wiring/*-pi.toml``
for a flat board): a row is selected while its pin is low, or, on a board whose rows go through a
74HC154, while the select pins address it (an address past the last row selects none); a closed
switch of a selected row pulls its column low through its diode; columns and buttons idle high on
their pull-ups. A hole (or cell) switch closes when its sensor's field reaches the simulator's
threshold (either pole); a groove position's north switch closes on a north field, its south
switch on a south one. The sensors measure when a column is first read after the rows changed.
A press on the ``SimBoard`` is a falling edge on that button's pin, delivered to the callback of
``add_event_detect`` on another thread (as the real module does) unless it comes within
``bouncetime`` of the pin's last edge (board clock). Misuse raises ``RuntimeError`` or
``ValueError`` as ``RPi.GPIO``/``rpi-lgpio`` do: a pin used before ``setup()``, edge detection on
a pin that is not an input, a pull on an output, a bouncetime of 0.

Only the last wire is simulated: the backend, ``board`` and ``neopixel`` are the real code. The
NeoPixel wire write (``neopixel.neopixel_write``) is patched to decode the bytes back into a frame
on the ``SimBoard`` (exact at brightness 1; scaled colours are divided back by the brightness
the frame was shown at, the cap's or the power budget's).
"""

from __future__ import annotations

import os
import sys
import threading
import types
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any
from unittest import mock

from hal.base import HOLE_COUNT, Button
from hal.geometry import GridWiring
from hal.gpio_backend import GpioBackend, spaceboard_pins
from hal.gpio_grid import GridGpioBackend
from hal.gpio_matrix import MatrixGpioBackend, MatrixPins
from hal.long_press import LONG_PRESS_S
from hal.neopixel_strip import NeoPixelStrip
from hal.pi_grid import load_pi_grid, matrix_pins
from hal.pi_wiring import PiWiring, load_pi
from sim.board import FIELD_THRESHOLD, SimBoard
from sim.clock import SimClock

MOCK_NEOPIXEL_PIN = "NEOPIXEL"
"""The data pin of Blinka's os-agnostic mock board (``BLINKA_OS_AGNOSTIC=1``)."""
SCAN_S = 0.005
"""The scan interval at 200 Hz, the wiring files' ``scan_hz``."""


def step(backend: MatrixGpioBackend, clock: SimClock, seconds: float) -> list[float]:
    """Advance ``seconds`` scanning every 5 ms; the times at which the state changed."""
    changes = []
    for _ in range(round(seconds / SCAN_S)):
        clock.advance(SCAN_S)
        if backend.scan():
            changes.append(round(clock.now(), 6))
    return changes


class StandInGPIO(types.ModuleType):
    """``RPi.GPIO`` for one ``SimBoard`` wired as ``pins``; ``switch_sensor`` gives each switch's
    sensor on the board's raw fields and the pole it closes on (``any``, ``north``, ``south``)."""

    BCM = 11
    BOARD = 10
    OUT = 0
    IN = 1
    LOW = 0
    HIGH = 1
    PUD_OFF = 20
    PUD_DOWN = 21
    PUD_UP = 22
    RISING = 31
    FALLING = 32
    BOTH = 33

    def __init__(
        self, board: SimBoard, pins: MatrixPins, switch_sensor: dict[int, tuple[int, str]]
    ) -> None:
        super().__init__("RPi.GPIO")
        self.board = board
        self.pins = pins
        self.mode: int | None = None
        self.directions: dict[int, int] = {}
        self.pulls: dict[int, int] = {}
        self.levels: dict[int, int] = {}
        self.detects: dict[int, tuple[int, Callable[[int], None] | None, int]] = {}
        self.last_edge: dict[int, float] = {}
        self.cleaned: list[int] = []
        self.callback_errors: list[BaseException] = []
        self.selections: list[tuple[int, ...]] = []
        """The rows selected at each first column read after the row or select pins changed."""
        self._fields: tuple[int, ...] = ()
        self._measured = False
        self._lock = threading.Lock()
        self._switch_sensor = switch_sensor
        self._button_pin = {Button(name): pin for name, pin in pins.buttons.items()}
        self._held_until: dict[int, float] = {}
        board.when_changed = self._board_changed

    # -- the RPi.GPIO API used by the backend ---------------------------------------------------

    def setwarnings(self, flag: bool) -> None:
        pass

    def setmode(self, mode: int) -> None:
        if self.mode is not None and mode != self.mode:
            raise ValueError("A different mode has already been set!")
        if mode not in (self.BCM, self.BOARD):
            raise ValueError(f"an invalid mode was passed to setmode(): {mode!r}")
        self.mode = mode

    def setup(
        self,
        channel: int,
        direction: int,
        pull_up_down: int | None = None,
        initial: int | None = None,
    ) -> None:
        if self.mode != self.BCM:
            raise RuntimeError("Please set pin numbering mode using GPIO.setmode(GPIO.BCM)")
        if not 0 <= channel < 54:
            raise ValueError("The channel sent is invalid on a Raspberry Pi")
        if direction == self.OUT and pull_up_down is not None:
            raise ValueError("pull_up_down parameter is not valid for outputs")
        if direction == self.IN and initial is not None:
            raise ValueError("initial parameter is not valid for inputs")
        if direction not in (self.IN, self.OUT):
            raise ValueError("An invalid direction was passed to setup()")
        self.directions[channel] = direction
        self.pulls[channel] = self.PUD_OFF if pull_up_down is None else pull_up_down
        if direction == self.OUT:
            self.levels[channel] = self.HIGH if initial == self.HIGH else self.LOW

    def output(self, channel: int, value: int) -> None:
        self._check(channel, self.OUT)
        self.levels[channel] = int(bool(value))
        self._measured = False

    def input(self, channel: int) -> int:
        if self.directions.get(channel) is None:
            raise RuntimeError("You must setup() the GPIO channel first")
        if channel in self.pins.columns:
            rows = self.rows_selected()
            if not self._measured:  # the selected row's sensors wake up and measure
                self._measured = True
                self.selections.append(rows)
                self._fields = self.board.raw_fields()
            column = self.pins.columns.index(channel)
            if any(self._closed(r * len(self.pins.columns) + column) for r in rows):
                return self.LOW
        if self._held_until.get(channel, 0.0) > self.board.clock.now():
            return self.LOW  # a button held down
        return self.HIGH if self.pulls.get(channel) == self.PUD_UP else self.LOW

    def add_event_detect(
        self,
        channel: int,
        edge: int,
        callback: Callable[[int], None] | None = None,
        bouncetime: int | None = None,
    ) -> None:
        if self.directions.get(channel) != self.IN:
            raise RuntimeError("You must setup() the GPIO channel as an input first")
        if edge not in (self.RISING, self.FALLING, self.BOTH):
            raise ValueError("The edge must be set to RISING, FALLING or BOTH")
        if bouncetime is not None and bouncetime <= 0:
            raise ValueError("Bouncetime must be greater than 0")
        if channel in self.detects:
            raise RuntimeError("Conflicting edge detection already enabled for this GPIO channel")
        self.detects[channel] = (edge, callback, bouncetime or 0)

    def remove_event_detect(self, channel: int) -> None:
        self.detects.pop(channel, None)

    def cleanup(self, channel: int | list[int] | None = None) -> None:
        pins = (
            list(self.directions)
            if channel is None
            else ([channel] if isinstance(channel, int) else list(channel))
        )
        for pin in pins:
            self.directions.pop(pin, None)
            self.levels.pop(pin, None)
            self.detects.pop(pin, None)
        self.cleaned.extend(pins)

    # -- the electrical model -------------------------------------------------------------------

    @property
    def row_selects(self) -> int:
        """How many times a row was selected and read."""
        return len(self.selections)

    def rows_selected(self) -> tuple[int, ...]:
        """The rows driven low now: by their own pins, or the one the decoder addresses."""
        if self.pins.row_pins:
            return tuple(
                r for r, pin in enumerate(self.pins.row_pins) if self.levels.get(pin) == self.LOW
            )
        address = sum(
            self.levels.get(pin, self.LOW) << bit for bit, pin in enumerate(self.pins.decoder_pins)
        )
        return (address,) if address < self.pins.rows else ()

    def _check(self, channel: int, direction: int) -> None:
        if self.directions.get(channel) != direction:
            raise RuntimeError(
                f"The GPIO channel {channel} has not been set up as an "
                f"{'OUTPUT' if direction == self.OUT else 'INPUT'}"
            )

    def _closed(self, switch: int) -> bool:
        sensor, pole = self._switch_sensor[switch]
        field = self._fields[sensor]
        if pole == "any":
            return abs(field) >= FIELD_THRESHOLD
        return field >= FIELD_THRESHOLD if pole == "north" else field <= -FIELD_THRESHOLD

    def _board_changed(self) -> None:
        """The board's hands acted: each new press is a falling edge on its button's pin (a
        long press then holds the pin low for a while)."""
        for press in self.board.take_presses():
            pin = self._button_pin[press.button]
            if press.long:  # the finger stays on the button a while
                self._held_until[pin] = press.at + LONG_PRESS_S + 0.25
            self.edge(pin, press.at)

    def edge(self, pin: int, at: float) -> None:
        """A falling edge on ``pin`` at board time ``at`` (a press, or a contact bounce)."""
        with self._lock:
            edge, callback, bouncetime = self.detects.get(pin, (0, None, 0))
            if edge not in (self.FALLING, self.BOTH) or callback is None:
                return
            last = self.last_edge.get(pin)
            if last is not None and at - last < bouncetime / 1000:
                return
            self.last_edge[pin] = at
        # The real library calls back from its own thread and only prints a callback's error;
        # the edge is delivered before this returns, so tests stay deterministic.
        errors: list[BaseException] = []

        def deliver() -> None:
            try:
                callback(pin)
            except Exception as error:
                errors.append(error)
                print(error, file=sys.stderr)

        thread = threading.Thread(target=deliver, name="gpio-standin-edge")
        thread.start()
        thread.join(timeout=10.0)
        assert not thread.is_alive(), "the edge callback did not return: a deadlock?"
        self.callback_errors.extend(errors)


def spaceboard_gpio(board: SimBoard, wiring: PiWiring) -> StandInGPIO:
    """The stand-in wired to the spaceboard as ``wiring/pi.toml`` says."""
    return StandInGPIO(board, spaceboard_pins(wiring), _switch_sensors(wiring))


def grid_gpio(board: SimBoard, wiring: GridWiring) -> StandInGPIO:
    """The stand-in wired to a flat board: switch ``k`` under cell ``k``."""
    cells = range(wiring.geometry.cells)
    return StandInGPIO(board, matrix_pins(wiring), {cell: (cell, "any") for cell in cells})


def _switch_sensors(wiring: PiWiring) -> dict[int, tuple[int, str]]:
    """Switch index -> (sensor index on the board's raw fields, the pole it closes on)."""
    sensors = {s: (hole, "any") for hole, s in enumerate(wiring.hole_switch)}
    for sensor, (north, south) in wiring.groove_switches.items():
        sensors[north] = (sensor, "north")
        sensors[south] = (sensor, "south")
    assert len(sensors) == wiring.switch_count and min(wiring.groove_switches) == HOLE_COUNT
    return sensors


def failing_setup(gpio: StandInGPIO, after: int, failure: Exception) -> Callable[..., None]:
    """A ``setup`` for ``gpio`` that claims ``after`` pins, then raises ``failure``: a claim
    failing part way, whose claimed pins must be released."""
    real_setup = gpio.setup
    claimed: list[int] = []

    def setup(channel: int, *args: Any, **kwargs: Any) -> None:
        if len(claimed) == after:
            raise failure
        claimed.append(channel)
        real_setup(channel, *args, **kwargs)

    return setup


def rpi_modules(gpio: StandInGPIO) -> dict[str, types.ModuleType]:
    """The ``sys.modules`` entries that make ``import RPi.GPIO`` find the stand-in."""
    package = types.ModuleType("RPi")
    package.__path__ = []
    vars(package)["GPIO"] = gpio
    return {"RPi": package, "RPi.GPIO": gpio}


def frame_decoder(
    board: SimBoard, backend: Callable[[], MatrixGpioBackend | None], pins: MatrixPins
) -> Callable[[Any, Any], None]:
    """A ``neopixel_write(pin, buf)`` that shows the bytes on ``board`` as one frame, pixels in
    ``pins.chain`` order (the dark frame written while the backend opens is shown at
    brightness 1)."""

    def neopixel_write(pin: Any, buf: Any) -> None:
        data = bytes(buf)
        opened = backend()
        strip = None if opened is None else opened.pixels
        brightness = strip.applied if isinstance(strip, NeoPixelStrip) else 1.0
        colors: list[tuple[int, int, int]] = [(0, 0, 0)] * len(pins.chain)
        for k, logical in enumerate(pins.chain):
            channel = dict(zip(pins.pixel_order, data[3 * k : 3 * k + 3], strict=True))
            red, green, blue = (_unscale(channel[c], brightness) for c in "RGB")
            colors[logical] = (red, green, blue)
        board.pixels[:] = colors
        board.pixels.brightness = brightness
        board.pixels.show()

    return neopixel_write


def _unscale(value: int, brightness: float) -> int:
    return 0 if brightness <= 0 else min(255, round(value / brightness))


@contextmanager
def blinka_mock_board() -> Iterator[Any]:
    """Blinka's os-agnostic mock board for this block; yields the real ``neopixel`` module."""
    with mock.patch.dict(os.environ, {"BLINKA_OS_AGNOSTIC": "1"}):
        import neopixel  # Blinka reads BLINKA_OS_AGNOSTIC when it is first imported

        yield neopixel


@contextmanager
def gpio_rig(
    *, clock: SimClock | None = None, scan_thread: bool = True, grid: str | None = None
) -> Iterator[tuple[MatrixGpioBackend, SimBoard]]:
    """A gpio backend on the stand-in ``RPi.GPIO`` and Blinka's mock board, wired to a
    ``SimBoard``: the spaceboard's, or with ``grid`` (``flip4``, ``olix``) that flat board's
    wired as ``wiring/<grid>-pi.toml``. Frames written to the NeoPixel wire are recorded on the
    board."""
    opened: list[MatrixGpioBackend] = []
    if grid is None:
        board = SimBoard(clock=clock or SimClock())
        gpio = spaceboard_gpio(board, load_pi())
    else:
        wiring = load_pi_grid(grid)
        board = SimBoard(clock=clock or SimClock(), geometry=wiring.geometry, sensing="presence")
        gpio = grid_gpio(board, wiring)
    with ExitStack() as stack:
        stack.callback(board.close)
        neopixel = stack.enter_context(blinka_mock_board())
        stack.enter_context(mock.patch.dict(sys.modules, rpi_modules(gpio)))
        stack.enter_context(
            mock.patch.object(
                neopixel,
                "neopixel_write",
                frame_decoder(board, lambda: opened[0] if opened else None, gpio.pins),
            )
        )
        options: dict[str, Any] = {
            "clock": clock,
            "led_pin": MOCK_NEOPIXEL_PIN,
            "scan_thread": scan_thread,
            "row_settle_s": 0.0,
        }
        backend: MatrixGpioBackend = (
            GpioBackend(**options)
            if grid is None
            else GridGpioBackend(wiring=load_pi_grid(grid), **options)
        )
        opened.append(backend)
        stack.callback(backend.close)
        yield backend, board
