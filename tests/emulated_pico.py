"""The real firmware on an emulated Pico: ``firmware/dist/flixboard-pico.uf2`` runs under rp2040js
(Node, ``tests/firmware/pico/harness.mjs``), wired to a ``SimBoard`` and bridged to a pty.

The harness plays the board's hardware: the ADC answers with the sensor that the emulated mux
select and enable pins route to it, buttons pull their pins low, the NeoPixel pin's pulses are
decoded into colours, and the USB CDC serial is bridged to a pty, so a ``SerialBackend`` opened
on ``port`` talks to MicroPython running the frozen firmware. When the chip resets (its watchdog)
the pty is replaced by a new one behind the same ``link``, as a Pico re-enumerates on USB. Times
the harness reports are emulated nanoseconds at 125 MHz. On a flat board (Flip 4, Olix) the
harness plays its switch matrix instead (``wiring/flip4.toml``, ``wiring/olix.toml``); a fresh
emulated Pico reads the spaceboard until a host sets it up (``set_up``), as a real one does.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import tty
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hal.base import FLIX_GEOMETRY, HOLE_COUNT, BoardGeometry, Button, Color, Piece
from hal.errors import BackendUnavailable
from hal.geometry import GridWiring, load_grid_wiring
from hal.long_press import LONG_PRESS_S
from hal.pinmap import load_leds, load_pico
from hal.serial_backend import SerialBackend
from sim.board import SimBoard
from sim.mcu import BUTTON_ORDER, sensor_count
from sim.pty_link import SerialPty

ROOT = Path(__file__).resolve().parents[1]
UF2 = ROOT / "firmware" / "dist" / "flixboard-pico.uf2"
EMULATOR_DIR = ROOT / "tests" / "firmware" / "pico"
HARNESS = EMULATOR_DIR / "harness.mjs"
BOOTROM = EMULATOR_DIR / "bootrom-b1.bin"
SENSOR_COUNT = HOLE_COUNT + 8
PRESS_MS = 150
"""How long a simulated finger holds a short press, in emulated milliseconds: a brisk human press.
The firmware needs two main-loop passes 20 ms apart to see it, and a pass that handles LED frames
takes tens of milliseconds."""
REFRESH_S = 0.01

Event = dict[str, Any]


class EmulatorMissing(RuntimeError):
    """Node or the pinned rp2040js is not installed (``bash scripts/setup-system.sh``)."""


def wiring_json(grid: GridWiring | None = None) -> str:
    """The Pico's wiring as the harness needs it (``wiring/pico.toml``, or a flat board's
    ``grid`` wiring: its switch matrix, buttons and LED pin)."""
    if grid is not None:
        return json.dumps(
            {
                "sensors": 0,
                "select_pins": [],
                "buttons": [grid.buttons[button.value] for button in BUTTON_ORDER],
                "neopixel": grid.neopixel_pin,
                "muxes": [],
                "matrix": {
                    "rows": grid.geometry.rows,
                    "row_pins": list(grid.row_pins),
                    "decoder_pins": list(grid.decoder_pins),
                    "col_pins": list(grid.col_pins),
                },
            }
        )
    wiring = load_pico()
    return json.dumps(
        {
            "sensors": SENSOR_COUNT,
            "select_pins": list(wiring.select_pins),
            "buttons": [wiring.buttons[button.value] for button in BUTTON_ORDER],
            "neopixel": wiring.neopixel_pin,
            "muxes": [
                {
                    "adc_channel": wiring.adc_pins[mux.adc] - 26,
                    "enable": mux.enable_pin,
                    "sensors": list(mux.sensors),
                }
                for mux in wiring.muxes
            ],
        }
    )


def sensor_counts(board: SimBoard, north_sign: int) -> list[int]:
    """Each sensor's 12-bit ADC count for the board's fields (the physics of ``sim.mcu``)."""
    unwired = board.unwired()
    return [
        sensor_count(sensor, field, north_sign, unwired)
        for sensor, field in enumerate(board.raw_fields())
    ]


class EmulatedPico:
    """rp2040js running the UF2, wired to ``board``; a context manager.

    ``port`` is the pty a host opens (or ``link``, a symlink to it, as udev's name).
    ``events`` keeps every event the harness reported (boots, resets, LED frames, ...)."""

    def __init__(self, board: SimBoard | None = None, *, link: str | Path | None = None) -> None:
        node = shutil.which("node")
        if node is None or not (EMULATOR_DIR / "node_modules" / "rp2040js").is_dir():
            raise EmulatorMissing(
                "the Pico emulator needs node and rp2040js: run `bash scripts/setup-system.sh`"
            )
        self.board = board if board is not None else SimBoard()
        self.north_sign = load_pico().north_sign
        self.chain = load_leds()
        geometry = self.board.geometry
        self.grid = load_grid_wiring(geometry.key) if geometry.flat else None
        self.wire_chain = self.chain.chain if self.grid is None else self.grid.chain
        """The board's LED chain: ``wire_chain[k]`` = the logical pixel at wire position k."""
        self.link = Path(link) if link is not None else None
        self.events: list[Event] = []
        self._changed = threading.Condition()
        self._usb_lock = threading.RLock()
        self._pty = SerialPty(self.link)
        self._plug()
        self._usb, theirs = socket.socketpair()
        try:
            self._process = subprocess.Popen(
                [
                    node,
                    str(HARNESS),
                    str(UF2),
                    str(BOOTROM),
                    wiring_json(self.grid),
                    str(theirs.fileno()),
                ],
                pass_fds=(theirs.fileno(),),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        finally:
            theirs.close()
        self._send_lock = threading.Lock()
        self._drive_lock = threading.Lock()
        self._stop = threading.Event()
        self._counts: list[int] = []
        self._closed: list[int] = []
        self._reader = threading.Thread(target=self._read, name="pico-events", daemon=True)
        self._fingers = threading.Thread(target=self._drive, name="pico-board", daemon=True)
        self._bridge = threading.Thread(target=self._carry, name="pico-usb", daemon=True)
        self._reader.start()
        self._fingers.start()
        self._bridge.start()

    @property
    def port(self) -> str:
        return str(self.link) if self.link is not None else str(self._pty.path)

    def send(self, **command: Any) -> None:
        """One command to the harness (see harness.mjs)."""
        with self._send_lock:
            assert self._process.stdin is not None
            self._process.stdin.write(json.dumps(command) + "\n")
            self._process.stdin.flush()

    def wait_for(
        self, match: Callable[[Event], bool], timeout: float = 60.0, since: int = 0
    ) -> Event:
        """The first event from index ``since`` on that ``match``es; waits for it."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for event in self.events[since:]:
                    if match(event):
                        return event
                left = deadline - time.monotonic()
                if left <= 0 or self._process.poll() is not None:
                    raise TimeoutError(f"no such event from the emulated Pico in {timeout} s")
                self._changed.wait(left)

    def report(self, timeout: float = 60.0) -> Event:
        """The harness's counters now (scans, ADC reads, bytes, resets; ``t`` emulated ns)."""
        token = f"r{time.monotonic_ns()}"
        since = len(self.events)
        self.send(report=token)
        return self.wait_for(lambda e: e.get("id") == token, timeout, since)

    def sync(self, mark: str) -> int:
        """Put the board's sensor counts on the pins now, reported as a ``mark`` event at that
        emulated instant; the index of the events from which to look for its effect."""
        with self._drive_lock:
            since = len(self.events)
            if self.grid is not None:
                self._closed = self._cells()
                self.send(closed=self._closed, mark=mark)
            else:
                self._counts = sensor_counts(self.board, self.north_sign)
                self.send(counts=self._counts, mark=mark)
        return since

    def _cells(self) -> list[int]:
        """A flat board's cells holding a piece (1), as its switches see them."""
        return [0 if piece is Piece.EMPTY else 1 for piece in self.board.read().holes]

    def stall_adc(self) -> None:
        """The ADC stops finishing conversions: the firmware's main loop hangs in a read."""
        self.send(adc_stall=True)

    def leds(self, event: Event) -> list[Color]:
        """The logical pixels (cells, then the 8 status pixels) of an ``leds`` event, as on the
        wire."""
        wire = bytes.fromhex(event["wire"])
        order = self.chain.order
        colors: list[Color] = [(0, 0, 0)] * len(self.wire_chain)
        for position, pixel in enumerate(self.wire_chain):
            raw = wire[3 * position : 3 * position + 3]
            colors[pixel] = (raw[order.index("R")], raw[order.index("G")], raw[order.index("B")])
        return colors

    def close(self) -> None:
        self._stop.set()
        with contextlib.suppress(OSError, ValueError):
            assert self._process.stdin is not None
            self._process.stdin.close()
        try:
            self._process.wait(5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait(5)
        self._reader.join(5)
        self._fingers.join(5)
        self._bridge.join(5)
        self._usb.close()
        self._unplug()

    def __enter__(self) -> EmulatedPico:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _plug(self) -> None:
        """A new pty for the USB serial, linked as ``link``."""
        with self._usb_lock:
            self._pty.plug()

    def _unplug(self) -> None:
        with self._usb_lock:
            self._pty.unplug()

    def _carry(self) -> None:
        """Bridge the pty and the harness's USB socket, both ways."""
        while not self._stop.is_set():
            master = self._pty.master
            usb = self._usb.fileno()
            watched = [usb, master] if master >= 0 else [usb]
            ready: list[int] = []
            with contextlib.suppress(OSError, ValueError):
                ready, _, _ = select.select(watched, [], [], 0.05)
            with self._usb_lock:
                if self._pty.master != master:
                    continue
                if usb in ready:
                    data = self._usb.recv(65536)
                    if not data:
                        return
                    with contextlib.suppress(OSError):  # nobody reads: USB CDC drops too
                        os.write(master, data)
                if master in ready:
                    with contextlib.suppress(BlockingIOError, OSError):
                        self._usb.sendall(os.read(master, 4096))

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            event = json.loads(line)
            if event["ev"] == "leds":
                self._show(event)
            elif event["ev"] == "reset":
                self._unplug()  # the Pico leaves the USB bus and enumerates again
                self._plug()
            elif event["ev"] == "bootloader":
                self._unplug()  # its serial port is gone: the ROM's drive takes its place
            with self._changed:
                self.events.append(event)
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def _show(self, event: Event) -> None:
        """Record a decoded frame on the board's pixels (the colours as on the wire), when it
        fills the board's chain (not a frame of another board's profile)."""
        if self.board.closed or len(event["wire"]) != 6 * len(self.wire_chain):
            return
        self.board.pixels[:] = self.leds(event)
        self.board.pixels.brightness = 1.0
        self.board.pixels.show()

    def _drive(self) -> None:
        """Keep the emulated pins in step with the board: sensor counts and button presses."""
        while not self._stop.wait(REFRESH_S):
            if self.board.closed:
                return
            with self._drive_lock:
                if self.grid is not None:
                    closed = self._cells()
                    if closed != self._closed:
                        self._closed = closed
                        self.send(closed=closed)
                else:
                    counts = sensor_counts(self.board, self.north_sign)
                    if counts != self._counts:
                        self._counts = counts
                        self.send(counts=counts)
            for press in self.board.take_presses():
                self._press(press.button, press.long)

    def _press(self, button: Button, long: bool) -> None:
        """A short press is timed by the harness in emulated time; a long one is held for the
        host's real-time long press and more (the emulator runs slower than real time)."""
        index = BUTTON_ORDER.index(button)
        if not long:
            self.send(press=index, ms=PRESS_MS)
            return
        threading.Thread(target=self._hold, args=(index,), daemon=True).start()

    def _hold(self, index: int) -> None:
        self.send(button=index, down=True)
        self._stop.wait(LONG_PRESS_S + 1.0)
        self.send(button=index, down=False)


BACKEND_OPTIONS: dict[str, Any] = {
    "open_timeout": 120.0,
    "heartbeat_s": 0.5,
    "board_timeout_s": 20.0,
}
"""A host's timing for the emulator, which runs several times slower than real time: the
board's 100 ms heartbeat can take a second or more of real time."""


@dataclass(frozen=True)
class EmulatedRig:
    """A ``SerialBackend`` on the emulated Pico, and the board its wires lead to."""

    backend: SerialBackend
    board: SimBoard
    pico: EmulatedPico


def set_up(port: str, geometry: BoardGeometry, timeout: float = 300.0) -> None:
    """What ``flixboard pico-setup`` does, at the emulator's pace: store the board's profile on
    the Pico, then wait until it restarted and answers as that board."""
    with SerialBackend(port, **BACKEND_OPTIONS) as pico:
        if pico.geometry.key == geometry.key:
            return
        pico.set_profile(geometry.key, timeout=60.0)
    deadline = time.monotonic() + timeout
    while True:
        options = {**BACKEND_OPTIONS, "open_timeout": 20.0}
        try:
            with SerialBackend(port, geometry=geometry, **options):
                return
        except BackendUnavailable:
            if time.monotonic() > deadline:
                raise


@contextmanager
def emulated_rig(
    geometry: BoardGeometry = FLIX_GEOMETRY, **backend_options: Any
) -> Iterator[EmulatedRig]:
    """Boot the UF2 on an emulated Pico (linked as ``flixboard`` in a temporary directory) in a
    board of ``geometry`` (a flat one: set up for it first, and sensing presence) and open a
    ``SerialBackend`` on it; closes all three afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="flixboard-emulated-"))
    board = SimBoard(geometry=geometry, sensing="presence" if geometry.flat else "analog")
    try:
        with EmulatedPico(board, link=folder / "flixboard") as pico:
            if geometry.flat:
                set_up(pico.port, geometry)
            options = {**BACKEND_OPTIONS, **backend_options}
            backend = SerialBackend(pico.port, geometry=geometry, **options)
            try:
                yield EmulatedRig(backend, board, pico)
            finally:
                backend.close()
    finally:
        board.close()
        shutil.rmtree(folder, ignore_errors=True)


def run_in_safe_mode(script: str, timeout: float = 600.0) -> Any:
    """Boot the UF2 in safe mode (MENU held: main.py returns to the REPL), run ``script`` at
    MicroPython's raw REPL over the USB serial, and return the JSON it printed."""
    with EmulatedPico(SimBoard()) as pico:
        try:
            _boot_in_safe_mode(pico)
            return _run_at_repl(pico, script, timeout)
        finally:
            pico.board.close()


def bootloader_in_safe_mode(timeout: float = 600.0) -> Event:
    """Boot the UF2 in safe mode and call ``machine.bootloader()`` at its REPL, as the firmware
    does on a BOOTLOADER frame; the harness's ``bootloader`` event once the chip left for the ROM
    (``entry``: the ROM address it reboots into)."""
    with EmulatedPico(SimBoard()) as pico:
        try:
            _boot_in_safe_mode(pico)
            port = os.open(pico.port, os.O_RDWR | os.O_NOCTTY)
            try:
                tty.setraw(port)
                os.write(port, b"\r\x03\x03import machine\rmachine.bootloader()\r")
                return pico.wait_for(lambda e: e["ev"] == "bootloader", timeout)
            finally:
                os.close(port)
        finally:
            pico.board.close()


DEPLOY_CHUNK = 1024
"""Bytes of a file written by one raw-REPL script."""


def deploy_firmware(pico: EmulatedPico, compiled: Path, timeout: float = 600.0) -> None:
    """Run the firmware as it is now on the UF2's MicroPython: copy it onto the emulated Pico's
    flash filesystem as ``make firmware-deploy`` does on a real one (``compiled``: the ``.mpy``
    files mpy-cross made of ``firmware/``), then start its ``/main.py`` from the REPL. (At boot
    MicroPython runs a frozen ``main.py`` before one on the flash; a ``firmware`` package on the
    flash comes before the frozen one on import.)"""
    _boot_in_safe_mode(pico)
    files = {f"/firmware/{path.name}": path.read_bytes() for path in sorted(compiled.iterdir())}
    files["/main.py"] = (ROOT / "firmware" / "main.py").read_bytes()
    setup = "import os\ntry:\n os.mkdir('/firmware')\nexcept OSError:\n pass\nprint(1)"
    _run_at_repl(pico, setup, timeout)
    for name, data in files.items():
        for at in range(0, len(data) or 1, DEPLOY_CHUNK):
            mode = "ab" if at else "wb"
            chunk = data[at : at + DEPLOY_CHUNK]
            script = f"f=open({name!r},{mode!r})\nf.write({chunk!r})\nf.close()\nprint(1)"
            _run_at_repl(pico, script, timeout)
    pico.send(button=3, down=False)  # main.py starts only with MENU up
    start = (
        "import sys\n"  # the frozen package, imported at boot before it was on the flash
        "for name in [n for n in sys.modules if n.split('.')[0] == 'firmware']:\n"
        " del sys.modules[name]\n"
        "exec(open('/main.py').read())"
    )
    _start_at_repl(pico, start, timeout)


def _boot_in_safe_mode(pico: EmulatedPico) -> None:
    """MENU held through a reset: main.py returns, the REPL answers on the USB serial."""
    pico.wait_for(lambda e: e["ev"] == "usb")
    pico.send(button=3, down=True)
    pico.send(reboot=True)
    pico.wait_for(lambda e: e["ev"] == "usb" and e["t"] > 0 and _booted_again(pico, e))


def _booted_again(pico: EmulatedPico, event: Event) -> bool:
    return any(e["ev"] == "boot" and e["n"] == 2 for e in pico.events[: pico.events.index(event)])


def _start_at_repl(pico: EmulatedPico, script: str, timeout: float) -> None:
    """Start ``script`` at MicroPython's raw REPL and leave it running (it takes the serial)."""
    port = os.open(pico.port, os.O_RDWR | os.O_NOCTTY)
    try:
        tty.setraw(port)
        received = b""
        deadline = time.monotonic() + timeout
        os.write(port, b"\r\x03\x03\x01")
        steps = ((b"raw REPL; CTRL-B to exit\r\n>", script.encode() + b"\x04"), (b"OK", b""))
        for marker, then in steps:
            while marker not in received:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"the REPL said {received[-200:]!r}")
                os.set_blocking(port, False)
                try:
                    received += os.read(port, 4096)
                except BlockingIOError:
                    time.sleep(0.05)
            received = b""
            os.write(port, then)
    finally:
        os.close(port)


def _run_at_repl(pico: EmulatedPico, script: str, timeout: float) -> Any:
    """Run ``script`` at MicroPython's raw REPL over the USB serial; its printed JSON."""
    port = os.open(pico.port, os.O_RDWR | os.O_NOCTTY)
    try:
        tty.setraw(port)
        received = b""

        def until(marker: bytes, count: int = 1) -> None:
            nonlocal received
            deadline = time.monotonic() + timeout
            while received.count(marker) < count:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"the REPL said {received[-200:]!r}")
                os.set_blocking(port, False)
                try:
                    received += os.read(port, 4096)
                except BlockingIOError:
                    time.sleep(0.05)

        os.write(port, b"\r\x03\x03\x01")
        until(b"raw REPL; CTRL-B to exit\r\n>")
        received = b""
        os.write(port, script.encode() + b"\x04")
        until(b"\x04", 2)
    finally:
        os.close(port)
    output, _, errors = received.removeprefix(b"OK").partition(b"\x04")
    if errors.strip(b"\x04>"):
        raise RuntimeError(f"the script failed on the emulated Pico: {errors.decode()}")
    return json.loads(output)
