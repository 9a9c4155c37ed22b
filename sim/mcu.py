"""``flixboard sim-mcu``: a simulated Pico on a pseudo-terminal.

The firmware's own logic (``firmware.board.Board`` with its scanner, classifier, buttons and LED
output) runs against a ``SimBoard``'s physics: simulated ADCs answer through the multiplexer
channels of ``wiring/pico.toml`` with each sensor's field around mid-rail, buttons are pins held
low, and the NeoPixels are a recorded strip in chain order. A flat board (Flip 4, Olix) is its
switch matrix instead, as its wiring file says: a row driven low (by its pin or the decoder) pulls
low the column pins of its cells holding a piece. The firmware boots into the profile stored in
the simulated flash (``profile.txt``), as on a Pico. The protocol goes over a real pty, so
``flixboard run --board serial:/dev/pts/N`` runs the whole stack over pyserial.

For tests: ``SimPico`` starts in a thread, exposes ``board`` (the ``SimBoard`` to drive) and
``strip`` (the pixels in wire order), and simulates faults: ``freeze()``, ``unplug()`` /
``replug()`` (a new pty behind the same ``link`` name, as udev does) and ``inject(garbage)``.
A PROFILE frame from the host restarts it (a replug) into the profile it stored; a BOOTLOADER
frame unplugs it into its USB bootloader (``sim.bootloader.SimBootloader``: a stand-in drive).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import select
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from firmware import profiles
from firmware.board import Board
from firmware.buttons import Buttons
from firmware.compat import TICKS_PERIOD
from firmware.leds import LedOutput
from firmware.matrix import MatrixScanner, PresenceClassifier
from firmware.scan import Scanner
from hal.base import HOLE_COUNT, PIXEL_COUNT, Button, Color, Piece
from hal.geometry import GeometryError, GridWiring, load_geometry, load_grid_wiring
from hal.long_press import LONG_PRESS_S
from hal.pinmap import LedChain, PicoWiring, load_leds, load_pico
from sim.board import SimBoard
from sim.bootloader import SimBootloader
from sim.pty_link import SerialPty

if TYPE_CHECKING:
    from firmware.interfaces import Transport

ADC_MID = 2048
BUTTON_ORDER = (Button.ROLL, Button.FLIX, Button.PENALTY, Button.MENU)
STEP_S = 0.002


def sensor_offset(sensor: int) -> int:
    """A fixed offset of each sensor from mid-rail (what calibration measures), -60..60."""
    return (sensor * 53) % 121 - 60


def sensor_count(sensor: int, field: int, north_sign: int, unwired: frozenset[int]) -> int:
    """The 12-bit count the ADC converts for ``sensor`` at ``field``: its rest level moved by
    the field, or 0 when its wire is broken (its input on the 1 MOhm pull-down)."""
    if sensor in unwired:
        return 0
    return max(0, min(4095, ADC_MID + sensor_offset(sensor) + field * north_sign))


def ticks_ms() -> int:
    """Milliseconds on the wrapping scale of MicroPython's ``time.ticks_ms()``."""
    return int(time.monotonic() * 1000) & (TICKS_PERIOD - 1)


class SimPin:
    """A GPIO: ``value()`` reads, ``value(v)`` drives."""

    def __init__(self, level: int = 0) -> None:
        self.level = level

    def value(self, level: int | None = None) -> int:
        if level is not None:
            self.level = 1 if level else 0
        return self.level


class SimColumn(SimPin):
    """A column pin of a flat board's switch matrix, pulled up: low while a row driven low holds
    a piece in this column (driving it does nothing: it is an input)."""

    def __init__(self, matrix: SimMatrix, column: int) -> None:
        super().__init__(1)
        self._matrix = matrix
        self._column = column

    def value(self, level: int | None = None) -> int:
        return self._matrix.column(self._column)


class SimMatrix:
    """A flat board's reed switches and diodes, wired to GPIOs as its wiring file says."""

    def __init__(self, wiring: GridWiring, pin: Callable[[int], SimPin]) -> None:
        self.wiring = wiring
        self.rows = [pin(gpio) for gpio in wiring.row_pins]
        self.decoder = [pin(gpio) for gpio in wiring.decoder_pins]
        self.closed: tuple[bool, ...] = (False,) * wiring.geometry.cells

    def driven_rows(self) -> list[int]:
        """The rows pulled low now: each row whose pin is low, or the decoder's one output."""
        if self.rows:
            return [row for row, pin in enumerate(self.rows) if pin.level == 0]
        row = sum(pin.level << bit for bit, pin in enumerate(self.decoder))
        return [row] if row < self.wiring.geometry.rows else []

    def column(self, column: int) -> int:
        cols = self.wiring.geometry.cols
        return 0 if any(self.closed[row * cols + column] for row in self.driven_rows()) else 1


class SimAdc:
    """One ADC input: the sensor on the selected channel of the enabled multiplexer wired to it."""

    def __init__(self, hardware: SimHardware, adc: int) -> None:
        self._hardware = hardware
        self._adc = adc

    def read_u16(self) -> int:
        return self._hardware.counts(self._adc) << 4


class SimStrip:
    """A NeoPixel strip in wire order, as ``neopixel.NeoPixel``: ``strip[i] = (r, g, b)``."""

    def __init__(self, n: int) -> None:
        self.pixels: list[Color] = [(0, 0, 0)] * n
        self.written: list[Color] = list(self.pixels)
        self.writes = 0

    def __len__(self) -> int:
        return len(self.pixels)

    def __setitem__(self, index: int, color: Color) -> None:
        self.pixels[index] = color

    def __getitem__(self, index: int) -> Color:
        return self.written[index]

    def write(self) -> None:
        self.written = list(self.pixels)
        self.writes += 1


class SimHardware:
    """The Pico's pins wired to a ``SimBoard`` as ``wiring/pico.toml`` says, or to a flat
    board's switch matrix as its wiring file (``grid``) says; ``pin(gpio)`` is the pin of that
    number (an unwired one reads high, as with its pull-up)."""

    def __init__(self, board: SimBoard, wiring: PicoWiring, grid: GridWiring | None = None) -> None:
        self.board = board
        self.wiring = wiring
        self.grid = grid
        self.gpio: dict[int, SimPin] = {}
        self.select = [SimPin() for _ in wiring.select_pins]
        self.enable = [None if m.enable_pin < 0 else SimPin(1) for m in wiring.muxes]
        self.adc = [SimAdc(self, i) for i in range(len(wiring.adc_pins))]
        self.matrix: SimMatrix | None = None
        if grid is None:
            self.buttons = [SimPin(1) for _ in BUTTON_ORDER]
        else:
            self.matrix = SimMatrix(grid, self.pin)
            for column, gpio in enumerate(grid.col_pins):
                self.gpio[gpio] = SimColumn(self.matrix, column)
            self.buttons = [self.pin(grid.buttons[button.value]) for button in BUTTON_ORDER]
        self.strip = SimStrip(PIXEL_COUNT)
        self._fields: tuple[int, ...] = (0,) * (HOLE_COUNT + 8)
        self._unwired: frozenset[int] = frozenset()
        self._presses: deque[tuple[int, bool]] = deque()
        self._holding: int | None = None
        self._long = False
        self._seen_down: float | None = None

    def pin(self, gpio: int) -> SimPin:
        """The pin ``gpio`` (made on first use, high)."""
        return self.gpio.setdefault(gpio, SimPin(1))

    def counts(self, adc: int) -> int:
        """What ADC ``adc`` converts now (12 bits); mid-rail on a flat board (nothing wired)."""
        if self.grid is not None:
            return ADC_MID
        channel = sum(pin.level << bit for bit, pin in enumerate(self.select))
        driving = [
            m
            for m, (mux, enable) in enumerate(zip(self.wiring.muxes, self.enable, strict=True))
            if mux.adc == adc and (enable is None or enable.level == 0)
        ]
        if len(driving) != 1:
            return ADC_MID  # nothing drives the input (or a short): read as noise at mid-rail
        sensor = self.wiring.muxes[driving[0]].sensors[channel]
        if sensor < 0:
            return ADC_MID
        return sensor_count(sensor, self._fields[sensor], self.wiring.north_sign, self._unwired)

    def refresh(self, held: int) -> None:
        """Take the board's fields and buttons as they are now. ``held`` is the firmware's
        debounced button mask: a simulated finger keeps a button down until the firmware has
        seen it down, then up until it has seen it up (a real press lasts far longer than the
        debounce), so a press is never lost however slowly the simulation runs. A long press
        stays down until the board's clock is past ``LONG_HOLD_S`` after the firmware saw it."""
        if self.matrix is not None:
            self.matrix.closed = tuple(p is not Piece.EMPTY for p in self.board.read().holes)
        else:
            self._fields = self.board.raw_fields()
            self._unwired = self.board.unwired()
        for press in self.board.take_presses():
            self._presses.append((BUTTON_ORDER.index(press.button), press.long))
        now = self.board.clock.now()
        if self._holding is not None:
            bit = 1 << self._holding
            pin = self.buttons[self._holding]
            if pin.level == 0:
                if held & bit:
                    if self._seen_down is None:
                        self._seen_down = now
                    if not self._long or now - self._seen_down >= LONG_HOLD_S:
                        pin.value(1)
                return
            if held & bit:
                return
            self._holding = None
        if self._presses:
            self._holding, self._long = self._presses.popleft()
            self._seen_down = None
            self.buttons[self._holding].value(0)

    def let_go(self) -> None:
        """The fingers leave every button, and what they pressed meanwhile is gone: a Pico
        without power sees no press."""
        self.board.take_presses()
        self._presses.clear()
        if self._holding is not None:
            self.buttons[self._holding].value(1)
        self._holding = None
        self._seen_down = None


LONG_HOLD_S = LONG_PRESS_S + 0.25
"""How long the simulated finger holds a long press after the firmware saw it go down."""


class _PtyTransport:
    """The firmware's byte transport over the pty's master side."""

    def __init__(self, master: int) -> None:
        self.master = master
        self.incoming = b""
        self.dropped = 0

    def read(self) -> bytes | None:
        data, self.incoming = self.incoming, b""
        return data or None

    def write(self, data: bytes) -> None:
        try:
            os.write(self.master, data)
        except (BlockingIOError, OSError):
            self.dropped += len(data)  # nobody reads: USB CDC drops too


class SimPico:
    """A simulated Pico running the firmware's logic on a pty; a context manager.

    ``link``: a path kept as a symlink to the current pty (like udev's ``/dev/flixboard``), so a
    host finds the board again after ``replug()``. ``storage_dir`` holds the Pico's flash
    (``calibration.json``, ``profile.txt``); default a fresh temporary directory. On a flat
    ``board`` the Pico is wired to its switch matrix; ``set_up`` stores that board's profile in a
    flash that has none (as ``flixboard pico-setup`` does once), else it boots as a spaceboard.
    ``bootloader`` is what its USB bootloader does (default: no drive ever appears); ``version``
    the firmware version it reports (default the firmware's own); ``firmware`` the ``Board`` class
    it runs until a UF2 is copied onto its drive (then the firmware's own).
    """

    def __init__(
        self,
        board: SimBoard | None = None,
        *,
        link: str | Path | None = None,
        storage_dir: str | Path | None = None,
        step_s: float = STEP_S,
        set_up: bool = True,
        bootloader: SimBootloader | None = None,
        version: tuple[int, int] | None = None,
        firmware: type[Board] = Board,
    ) -> None:
        self.board = board if board is not None else SimBoard()
        self.wiring = load_pico()
        self.chain: LedChain = load_leds()
        self.link = Path(link) if link is not None else None
        self.storage_dir = Path(storage_dir or tempfile.mkdtemp(prefix="flixboard-pico-"))
        self.storage_dir.mkdir(parents=True, exist_ok=True)
        self.step_s = step_s
        geometry = self.board.geometry
        grid = load_grid_wiring(geometry.key) if geometry.flat else None
        self.hardware = SimHardware(self.board, self.wiring, grid)
        profile_file = self.storage_dir / "profile.txt"
        if set_up and grid is not None and not profile_file.exists():
            code = next(p.code for p in profiles.PROFILES if p.name == geometry.key)
            profiles.save(str(profile_file), code)
        self.firmware: Board | None = None
        self.boots = 0
        self.bootloader = bootloader if bootloader is not None else SimBootloader(None)
        self.version = version
        self.firmware_class = firmware
        self.in_bootloader = False
        self._lock = threading.RLock()
        self._pty = SerialPty(self.link)
        self._transport: _PtyTransport | None = None
        self._frozen = False
        self._shown = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="flixboard-sim-pico", daemon=True)

    @property
    def port(self) -> str:
        """The name a host opens: the link if there is one, else the pty."""
        if self.link is not None:
            return str(self.link)
        if self.pty_path is None:
            raise RuntimeError("the simulated Pico is not plugged in")
        return self.pty_path

    @property
    def pty_path(self) -> str | None:
        """The pty last plugged in (``None`` before the first)."""
        return self._pty.path

    @property
    def strip(self) -> SimStrip:
        """The NeoPixels in wire order, as last written by the firmware."""
        return self.hardware.strip

    def start(self) -> str:
        """Plug in and run the firmware in a thread; returns ``port``."""
        self.plug()
        self._thread.start()
        return self.port

    def plug(self) -> None:
        """Connect a new pty and boot the firmware (fresh RAM, the same flash)."""
        with self._lock:
            if self._pty.master >= 0:
                return
            self._transport = _PtyTransport(self._pty.plug())
            self.hardware.let_go()
            self._shown = 0
            self.firmware = self._boot()
            self.boots += 1

    def _boot(self) -> Board:
        assert self._transport is not None
        firmware = boot_firmware(
            self.hardware, self._transport, self.storage_dir, ticks_ms(), self.firmware_class
        )
        if self.version is not None:
            firmware.version = self.version
        return firmware

    def unplug(self) -> None:
        """Pull the USB cable: the pty closes, the link disappears, the firmware stops."""
        with self._lock:
            if self._pty.master < 0:
                return
            self._pty.unplug()
            self.firmware = None
            self._transport = None

    def replug(self) -> None:
        """Unplug and plug in again: a new pty, the firmware boots again."""
        self.unplug()
        self.plug()

    def freeze(self) -> None:
        """The firmware hangs: the port stays open but nothing is read or sent."""
        self._frozen = True

    def thaw(self) -> None:
        """The firmware runs again where it stopped."""
        self._frozen = False

    def inject(self, data: bytes) -> None:
        """Send raw bytes to the host (garbage, truncated or corrupted frames)."""
        with self._lock:
            if self._transport is not None:
                self._transport.write(data)

    def close(self) -> None:
        """Stop the firmware thread and unplug (the ``board`` stays open: it is the caller's)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(5)
        self.unplug()

    def __enter__(self) -> SimPico:
        if not self._thread.is_alive():
            self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            if self.in_bootloader:
                self._serve_bootloader()
            master = self._pty.master
            if master < 0 or self._frozen:
                time.sleep(self.step_s)
                continue
            with contextlib.suppress(OSError, ValueError):
                select.select([master], [], [], self.step_s)
            with self._lock:
                if self._pty.master != master or self._frozen or self.board.closed:
                    continue
                self._step(master)

    def _step(self, master: int) -> None:
        assert self._transport is not None and self.firmware is not None
        try:
            self._transport.incoming = os.read(master, 4096)
        except (BlockingIOError, OSError):
            self._transport.incoming = b""
        self.hardware.refresh(self.firmware.buttons.held)
        now = ticks_ms()
        self.firmware.poll(now)
        if self.firmware.restart_due(now):
            if self.firmware.into_bootloader:
                self._enter_bootloader()
            else:
                self.replug()  # a new profile: the Pico resets and enumerates again
            return
        leds = self.firmware.leds
        if leds.shown != self._shown:
            self._shown = leds.shown
            self._deliver(leds.rgb, leds.brightness)

    def bootsel(self) -> None:
        """Unplugged, then plugged in with BOOTSEL held: the bootloader's drive, whatever the
        firmware."""
        with self._lock:
            self._enter_bootloader()

    def _enter_bootloader(self) -> None:
        """The serial port goes, the bootloader's drive comes (if it does)."""
        self.unplug()
        self.in_bootloader = True
        self.bootloader.show_drive()

    def _serve_bootloader(self) -> None:
        """Flash a whole image written to the drive, then restart (or stay away)."""
        bootloader = self.bootloader
        with self._lock:
            image = bootloader.take_image() if self.in_bootloader else None
            if image is None:
                return
            bootloader.hide_drive()
            bootloader.flashed += 1
            bootloader.image = image
            self.in_bootloader = False
            self.firmware_class = Board
            if bootloader.version is not None:
                self.version = bootloader.version
            if bootloader.wipes_flash:
                for name in ("calibration.json", "profile.txt"):
                    (self.storage_dir / name).unlink(missing_ok=True)
            if bootloader.comes_back:
                self.plug()

    def _deliver(self, rgb: bytes, level: int) -> None:
        """Record the frame the firmware just showed on the ``SimBoard`` (logical, unscaled), when
        the firmware's profile is the board's own."""
        count = len(rgb) // 3
        if count != len(self.board.pixels):
            return
        colors = [(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]) for i in range(count)]
        self.board.pixels[:] = colors
        self.board.pixels.brightness = level / 255
        self.board.pixels.show()

    def __repr__(self) -> str:
        state = "frozen" if self._frozen else "unplugged" if self._pty.master < 0 else "running"
        return f"<SimPico {state} port={self.link or self.pty_path} boots={self.boots}>"


def boot_firmware(
    hardware: SimHardware,
    transport: Transport,
    flash: Path,
    now_ms: int,
    firmware: type[Board] = Board,
) -> Board:
    """The firmware as ``firmware/main.py`` starts it on ``hardware``: the profile stored in the
    ``flash`` folder picks its pins (a fresh strip of that profile's pixels). ``firmware``: the
    ``Board`` class it runs (``sim.bootloader.FirmwareBefore12`` for an older one)."""
    hw = hardware
    profile_path = str(flash / "profile.txt")
    profile = profiles.load(profile_path)
    hw.strip = SimStrip(profile.pixels)
    if profile.flat:
        scanner: Scanner | MatrixScanner = MatrixScanner(
            profile.rows,
            [hw.pin(gpio) for gpio in profile.row_pins],
            [hw.pin(gpio) for gpio in profile.decoder_pins],
            [hw.pin(gpio) for gpio in profile.col_pins],
            _no_sleep,
            profile.settle_us,
        )
        classifier = PresenceClassifier(profile.cells)
    else:
        scanner = Scanner(hw.adc, hw.select, hw.enable, _no_sleep)
        classifier = None
    wired = hw.grid is None and not profile.flat  # else the buttons' pins by their numbers
    buttons = hw.buttons if wired else [hw.pin(gpio) for gpio in profile.buttons]
    return firmware(
        scanner,
        LedOutput(hw.strip, profile.chain, profile.cells),
        Buttons(buttons),
        transport,
        str(flash / "calibration.json"),
        now_ms,
        classifier,
        profile,
        profile_path,
    )


def _no_sleep(microseconds: int) -> None:
    """Settling takes no time in the simulation."""


COMMANDS = (
    "place HOLE [burocrat] | lift HOLE | press BUTTON | remove GROOVE | seat GROOVE LETTER"
    " | unwire HOLE | mend HOLE"
)
"""What ``flixboard sim-mcu`` reads from standard input, one command a line."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--link", metavar="PATH", help="keep a symlink to the pty at PATH")
    parser.add_argument(
        "--storage",
        metavar="DIR",
        help="the Pico's flash (calibration, board profile); default a temporary dir",
    )
    parser.add_argument(
        "--geometry",
        default="flix",
        metavar="flix|flip4|olix",
        help="the board the Pico sits in: the spaceboard (default) or the flat Flip 4 or Olix "
        "board (its switch matrix; a fresh flash is set up for it)",
    )


def main(args: argparse.Namespace) -> int:
    """Serve until the end of input or Ctrl+C; exit status 2 (and no Pico) for a ``--geometry``,
    ``--link`` or ``--storage`` that cannot be used."""
    unusable = _unusable_paths(args.link, args.storage)
    if unusable:
        print(f"flixboard sim-mcu: {unusable}", file=sys.stderr)
        return 2
    with contextlib.ExitStack() as stack:
        try:
            geometry = load_geometry(args.geometry)
            board = SimBoard(geometry=geometry, sensing="presence" if geometry.flat else "analog")
            stack.callback(board.close)
            pico = stack.enter_context(SimPico(board, link=args.link, storage_dir=args.storage))
        except GeometryError as error:
            print(f"flixboard sim-mcu: {error}", file=sys.stderr)
            return 2
        except OSError as error:
            where = error.filename2 or error.filename
            print(f"flixboard sim-mcu: {where}: {error.strerror}", file=sys.stderr)
            return 2
        print(f"simulated Pico on {pico.pty_path}", flush=True)
        if pico.link is not None:
            print(f"linked as {pico.link}", flush=True)
        shape = f" --geometry {geometry.key}" if geometry.flat else ""
        print(f"run: flixboard run --board serial:{pico.port}{shape}", flush=True)
        print(f"commands on stdin: {COMMANDS}", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            for line in sys.stdin:
                message = _command(board, line.split())
                if message:
                    print(message, flush=True)
    return 0


def _unusable_paths(link: str | None, storage: str | None) -> str | None:
    """What is wrong with ``--link`` or ``--storage``, or ``None``."""
    if storage is not None and Path(storage).exists() and not Path(storage).is_dir():
        return f"--storage {storage} is a file, not a directory"
    if link is not None and not Path(link).parent.is_dir():
        return f"--link {link}: there is no directory {Path(link).parent}"
    return None


def _command(board: SimBoard, words: list[str]) -> str | None:
    if not words:
        return None
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb == "place" and rest:
            board.place(rest[0], rest[1] if len(rest) > 1 else "man")
        elif verb == "lift" and rest:
            board.lift(rest[0])
        elif verb == "press" and rest:
            board.press(rest[0])
        elif verb == "remove" and rest:
            board.remove_panel(int(rest[0]))
        elif verb == "seat" and len(rest) == 2:
            board.seat_panel(int(rest[0]), rest[1])
        elif verb == "unwire" and rest:
            board.fault_disconnected(rest[0])  # its wire breaks: the input reads 0 V
        elif verb == "mend" and rest:
            board.clear_fault(rest[0])
        else:
            return f"unknown command {' '.join(words)!r}; commands: {COMMANDS}"
    except ValueError as error:
        return f"error: {error}"
    return "ok"
