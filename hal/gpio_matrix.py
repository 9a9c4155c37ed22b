"""What every board wired straight to a Raspberry Pi's GPIO header shares: a Hall switch matrix
scanned through the ``RPi.GPIO`` API, buttons edge-detected on their own pins, NeoPixels through
Blinka (``hal.neopixel_strip``).

The matrix is scanned one row at a time: a row is driven low directly (a pin per row) or through
a decoder (select pins, bit 0 first: output ``k`` drives row ``k``; all select pins high address
an unused output, so no row is selected between scans). The columns are read with pull-ups, a
low column meaning a closed switch. A switch's new state counts once it has held for the
debounce time on the backend's clock. Buttons are edge-detected by ``RPi.GPIO`` (falling edge,
``bouncetime``); MENU held down is a long press. ``rpi-lgpio`` provides the same API on lgpio
(needed on a Pi 5 and for edge detection on Linux 6.6 and later). ``RPi.GPIO``, ``board`` and
``neopixel`` are imported only when a backend is opened.

A board's backend (``hal.gpio_backend`` for the spaceboard, ``hal.gpio_grid`` for a flat board)
gives its ``MatrixPins`` and decodes the debounced switch bits into a ``BoardReading``.
"""

from __future__ import annotations

import contextlib
import glob
import importlib
import os
import threading
from dataclasses import dataclass
from types import ModuleType
from typing import Any, TypedDict

from hal.base import Backend, BoardReading, Button, ButtonPress, Clock
from hal.errors import BackendUnavailable, BoardDisconnected
from hal.long_press import HoldTimer
from hal.neopixel_strip import NeoPixelStrip
from hal.power import PowerBudget

REPLACE_RPI_GPIO = "pip uninstall RPi.GPIO && pip install --force-reinstall --no-deps rpi-lgpio"
"""rpi-lgpio and RPi.GPIO own the same files: removing RPi.GPIO removes rpi-lgpio's too."""
INSTALL_HINT = (
    f"install the Pi extras with pip install '.[pi]', then {REPLACE_RPI_GPIO} (the RPi.GPIO "
    "API on lgpio: needed on a Raspberry Pi 5, and for button edges on Linux 6.6 and later)"
)
GPIO_DEVICES = "/dev/gpiomem*"
_EPSILON_S = 1e-9
"""Clock readings closer than this are the same instant (sums of float steps drift)."""


@dataclass(frozen=True)
class MatrixPins:
    """The pins and timings of a GPIO board, as its wiring file gives them.

    Switch ``s`` of the matrix sits on row ``s // len(columns)``, column ``s % len(columns)``.
    """

    rows: int
    row_pins: tuple[int, ...]
    """One pin per row, row 0 first (empty when a decoder drives the rows)."""
    decoder_pins: tuple[int, ...]
    """The row decoder's select pins, bit 0 first (empty without a decoder)."""
    columns: tuple[int, ...]
    buttons: dict[str, int]
    bouncetime_ms: int
    row_settle_s: float
    scan_hz: float
    debounce_s: float
    chain: tuple[int, ...]
    """``chain[k]``: the logical pixel at position ``k`` of the NeoPixel wire."""
    pixel_order: str
    """The byte order the driver writes."""
    orders: tuple[str, ...]
    """Each wire position's own colour order (a chain may mix pixels)."""
    power: PowerBudget
    """The LEDs' supply (the wiring file's ``[power]``): every frame stays within its budget."""
    source: str
    """The wiring file, named in errors (its comments give the boot configuration)."""

    @property
    def outputs(self) -> tuple[int, ...]:
        """The pins the scan drives: the rows, or the decoder's select pins."""
        return self.row_pins or self.decoder_pins

    @property
    def switch_count(self) -> int:
        return self.rows * len(self.columns)


class ScanOptions(TypedDict, total=False):
    """The options every GPIO board takes beside its wiring (see ``MatrixGpioBackend``)."""

    clock: Clock | None
    max_brightness: float
    scan_thread: bool
    row_settle_s: float | None


class MatrixGpioBackend(Backend):
    """A board on the Pi's GPIO header: the scan, the debounce, the buttons and the strip.

    A subclass passes its ``MatrixPins`` and the Blinka pin of its NeoPixels, and overrides
    ``_decode``. ``max_brightness`` is the LED brightness cap; whatever it is, every frame is
    scaled to stay within the wiring's power budget (``MatrixPins.power``). A daemon thread
    scans the matrix ``scan_hz`` times a second; with ``scan_thread=False`` nothing scans until
    ``scan()`` is called (tests step scans on a simulated clock). ``row_settle_s`` overrides the
    wiring's settle time.
    """

    sensing = "presence"

    def __init__(
        self,
        pins: MatrixPins,
        led_pin: str,
        *,
        clock: Clock | None = None,
        max_brightness: float = 1.0,
        scan_thread: bool = True,
        row_settle_s: float | None = None,
    ) -> None:
        super().__init__(clock=clock)
        self.pins = pins
        self.row_settle_s = pins.row_settle_s if row_settle_s is None else row_settle_s
        self._gpio = _import_gpio()
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._failure: Exception | None = None
        self._presses: list[ButtonPress] = []
        self._button_of = {pin: Button(name) for name, pin in pins.buttons.items()}
        self._pending: dict[int, float] = {}
        self._menu = HoldTimer()
        self._setup_pins()
        try:
            self._strip = NeoPixelStrip(
                led_pin,
                pins.chain,
                pixel_order=pins.pixel_order,
                max_brightness=max_brightness,
                budget=pins.power,
                orders=pins.orders,
            )
        except BaseException:
            self._release_pins()
            raise
        self.pixels = self._strip
        try:
            self._state = self._scan_matrix()
        except Exception as error:  # a GPIO line that cannot be driven or read
            self._release_pins()
            with contextlib.suppress(Exception):
                self._strip.close()
            raise BackendUnavailable(f"cannot scan the sensor matrix: {error}") from error
        self._watch_buttons()
        if scan_thread:
            self._thread = threading.Thread(target=self._scan_loop, name="gpio-scan", daemon=True)
            self._thread.start()

    # -- the Backend contract -------------------------------------------------------------------

    def read(self) -> BoardReading:
        with self._lock:
            self._check_open()
            if self._failure is not None:
                raise BoardDisconnected(f"the GPIO matrix scan failed: {self._failure}")
            state = self._state
        return self._decode(state)

    def take_presses(self) -> list[ButtonPress]:
        with self._lock:
            self._check_open()
            presses, self._presses = self._presses, []
        return presses

    @property
    def connected(self) -> bool:
        return not self.closed and self._failure is None

    def close(self) -> None:
        with self._lock:
            if self.closed:
                return
            super().close()
            self._stop.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5.0)
        try:
            for pin in self.pins.buttons.values():
                self._gpio.remove_event_detect(pin)
            self._gpio.cleanup(self._used_pins())
        finally:
            self._strip.close()

    # -- scanning -------------------------------------------------------------------------------

    def scan(self) -> bool:
        """Scan the matrix once now and debounce, and see whether MENU is still held; ``True``
        when the debounced state changed or a press became known (``when_changed`` has then
        been called)."""
        with self._lock:
            if self.closed:
                return False
            now = self.clock.now()
            raw = self._scan_matrix()
            changed = self._debounce(raw, now)
            if self._menu.pressing:
                held = not self._gpio.input(self.pins.buttons[Button.MENU.value])
                changed |= self._add_menu(self._menu.poll(now, held=held), now)
        if changed:
            self._notify()
        return changed

    def _decode(self, state: int) -> BoardReading:
        """The reading of debounced switch bits (bit ``s`` set: switch ``s`` closed)."""
        raise NotImplementedError

    def _scan_loop(self) -> None:
        interval = 1.0 / self.pins.scan_hz
        while not self._stop.wait(interval):
            try:
                self.scan()
            except Exception as error:  # a dead GPIO line must show as a disconnected board
                with self._lock:
                    self._failure = error
                self._notify()
                return

    def _scan_matrix(self) -> int:
        """One pass over every row: bit ``s`` set when switch ``s`` is closed."""
        gpio, columns = self._gpio, self.pins.columns
        closed = 0
        for r in range(self.pins.rows):
            self._select(r)
            if self.row_settle_s > 0:
                self._stop.wait(self.row_settle_s)
            for c, column in enumerate(columns):
                if not gpio.input(column):
                    closed |= 1 << (r * len(columns) + c)
            if self.pins.row_pins:
                gpio.output(self.pins.row_pins[r], gpio.HIGH)
        if self.pins.decoder_pins:
            self._select(None)
        return closed

    def _select(self, row: int | None) -> None:
        """Drive ``row`` low: its own pin, or its address on the decoder (``None``: the unused
        output of all select pins high)."""
        gpio = self._gpio
        if self.pins.row_pins:
            if row is not None:
                gpio.output(self.pins.row_pins[row], gpio.LOW)
            return
        address = (1 << len(self.pins.decoder_pins)) - 1 if row is None else row
        for bit, pin in enumerate(self.pins.decoder_pins):
            gpio.output(pin, gpio.HIGH if address >> bit & 1 else gpio.LOW)

    def _debounce(self, raw: int, now: float) -> bool:
        """Accept each switch's new state once it has held for ``debounce_s``."""
        differing = raw ^ self._state
        self._pending = {s: t for s, t in self._pending.items() if differing >> s & 1}
        accepted = 0
        bits = differing
        while bits:
            lowest = bits & -bits
            bits ^= lowest
            switch = lowest.bit_length() - 1
            since = self._pending.setdefault(switch, now)
            if now - since >= self.pins.debounce_s - _EPSILON_S:
                accepted |= lowest
                del self._pending[switch]
        self._state ^= accepted
        return accepted != 0

    # -- pins and buttons -----------------------------------------------------------------------

    def _used_pins(self) -> list[int]:
        p = self.pins
        return [*p.outputs, *p.columns, *p.buttons.values()]

    def _setup_pins(self) -> None:
        """Row (or select) pins as outputs idling high (no row selected), columns and buttons as
        inputs with pull-ups. Any failure releases the pins and says why (``rpi-lgpio`` reports
        a missing permission or a pin claimed elsewhere as ``lgpio.error``, not as
        ``RuntimeError``)."""
        gpio = self._gpio
        try:
            gpio.setwarnings(False)
            gpio.setmode(gpio.BCM)
            for pin in self.pins.outputs:
                gpio.setup(pin, gpio.OUT, initial=gpio.HIGH)
            for pin in (*self.pins.columns, *self.pins.buttons.values()):
                gpio.setup(pin, gpio.IN, pull_up_down=gpio.PUD_UP)
        except Exception as error:  # the GPIO library's own error types differ between versions
            self._release_pins()
            if "busy" in str(error).lower():
                hint = (
                    "a pin is claimed by another program or driver: stop any other flixboard "
                    f"(sudo systemctl stop flixboard), and check {self.pins.source}'s boot "
                    "configuration (dtoverlay=spi0-0cs frees GPIO7/8, the serial console and "
                    "I2C must be off)"
                )
            else:
                hint = (
                    "the service user must be in the 'gpio' group (sudo usermod -aG gpio $USER, "
                    "then log in again)"
                )
            raise BackendUnavailable(f"cannot use the GPIO pins: {error}. {hint}") from error

    def _release_pins(self) -> None:
        """``GPIO.cleanup()`` of this board's pins, ignoring errors (nothing more can be done)."""
        with contextlib.suppress(Exception):
            self._gpio.cleanup(self._used_pins())

    def _watch_buttons(self) -> None:
        gpio = self._gpio
        options: dict[str, Any] = {"callback": self._on_edge}
        if self.pins.bouncetime_ms > 0:  # RPi.GPIO refuses a bouncetime of 0
            options["bouncetime"] = self.pins.bouncetime_ms
        try:
            for pin in self.pins.buttons.values():
                gpio.add_event_detect(pin, gpio.FALLING, **options)
        except Exception as error:  # RPi.GPIO 0.7 on kernels 6.6 and later; lgpio.error
            for pin in self.pins.buttons.values():
                with contextlib.suppress(Exception):
                    gpio.remove_event_detect(pin)
            self._release_pins()
            self._strip.close()
            raise BackendUnavailable(
                f"the GPIO library cannot watch the buttons ({error}): RPi.GPIO cannot detect "
                f"edges on Linux 6.6 and later; {REPLACE_RPI_GPIO} (the same API on lgpio)"
            ) from error

    def _on_edge(self, pin: int) -> None:
        """A button's falling edge, called from the GPIO library's thread. MENU's press is
        reported once the scan knows whether it is short or long."""
        with self._lock:
            if self.closed:
                return
            button, now = self._button_of[pin], self.clock.now()
            if button is Button.MENU:
                if not self._add_menu(self._menu.down(now), now):
                    return
            else:
                self._presses.append(ButtonPress(button, now))
        self._notify()

    def _add_menu(self, kinds: list[bool], at: float) -> bool:
        self._presses.extend(ButtonPress(Button.MENU, at, long=long) for long in kinds)
        return bool(kinds)

    def __repr__(self) -> str:
        base = super().__repr__()
        if self.closed:
            return base
        return f"{base[:-1]} rows={self.pins.rows} columns={len(self.pins.columns)}>"


def _import_gpio() -> ModuleType:
    """``RPi.GPIO``, or a ``BackendUnavailable`` saying what is missing and what to install."""
    try:
        return importlib.import_module("RPi.GPIO")
    except ImportError as error:
        if not glob.glob(GPIO_DEVICES):
            raise BackendUnavailable(
                f"the gpio board needs a Raspberry Pi: no {GPIO_DEVICES} here and RPi.GPIO "
                f"cannot load ({error}). Use --board sim or --board serial elsewhere; on a Pi, "
                f"{INSTALL_HINT}"
            ) from error
        raise BackendUnavailable(f"RPi.GPIO cannot load ({error}): {INSTALL_HINT}") from error
    except RuntimeError as error:  # RPi.GPIO refuses to load when it does not find a Pi
        raise BackendUnavailable(f"RPi.GPIO does not run here ({error}): {INSTALL_HINT}") from error
    except OSError as error:  # lgpio makes its notification pipe in the working directory
        raise BackendUnavailable(
            f"RPi.GPIO (rpi-lgpio) cannot start: {error}. lgpio creates a file in the working "
            f"directory ({os.getcwd()}), so run flixboard from a directory this user can write "
            "to (the service runs in /var/lib/flixboard; by hand: sudo -u flixboard env -C "
            "/var/lib/flixboard /opt/flixboard/bin/flixboard ...)"
        ) from error
    except Exception as error:  # lgpio.error and other failures of the library's import
        raise BackendUnavailable(f"RPi.GPIO cannot start ({error}): {INSTALL_HINT}") from error
