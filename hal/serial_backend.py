"""The recommended board: a Raspberry Pi Pico in the base, on USB serial (``firmware/``).

pyserial is imported when the backend opens. A reader thread in the shape of pyserial's
``serial.threaded.ReaderThread`` feeds a bounded deframer; a supervisor thread does the
handshake, the heartbeat, LED retries and reconnection.
While the board is away ``connected`` is False, ``read()`` keeps the last full state it sent, and
``when_changed`` fires on every change of connection, so the game is never lost: when the board
answers again it sends a full state and the controller reconciles.

One firmware drives every board: the Pico says in INFO which board it is set up for (its
profile), which gives ``geometry`` (the spaceboard, or the flat Flip 4 or Olix board, sensing
presence only). A host told to expect another board refuses it (``ProfileMismatch``);
``set_profile`` sets a Pico up for a board (``flixboard pico-setup``).

On the spaceboard the backend checks its analog sensors' wiring at every connection and every
``health_s`` seconds: it asks for one RAW frame (raw mode, then normal again at the first
frame) and keeps in ``sensor_faults`` every sensor that reads what no connected sensor gives
(``hal.sensor_health``: a broken wire on its pull-down at 0 V).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import threading
import time
from collections import deque
from types import ModuleType
from typing import Any

from engine.phrase import why
from hal.base import (
    ANY_SHAPE,
    FLIX_GEOMETRY,
    Backend,
    BoardGeometry,
    BoardReading,
    Button,
    ButtonPress,
    Clock,
    Color,
    PixelStrip,
)
from hal.errors import BackendUnavailable, BoardDisconnected, UnsupportedFeature
from hal.geometry import WIRE_ORDER, load_grid_wiring
from hal.long_press import HoldTimer
from hal.pinmap import load_leds
from hal.pixel_order import for_wire
from hal.sensor_health import SensorFault, sensor_faults
from hal.serial_errors import (
    BoardCommandFailed,
    CommandUnknown,
    FrameError,
    ProfileMismatch,
    ProtocolMismatch,
)
from hal.serial_protocol import (
    BOOTLOADER_KEY,
    CAL_CAPTURE,
    CAL_FORGET,
    FLAG_CALIBRATED,
    FLAG_LEDS_VALID,
    MODE_NORMAL,
    MODE_RAW,
    PROFILES,
    VERSION,
    Deframer,
    Frame,
    Info,
    Kind,
    State,
    Status,
    encode_frame,
    led_frames,
    leds_body,
    parse_fields,
    parse_info,
    parse_state,
    parse_stats,
    thresholds_body,
)

DEFAULT_PORT = "/dev/flixboard"
"""The stable name given by ``wiring/udev/99-flixboard.rules``."""

BUTTON_ORDER = (Button.ROLL, Button.FLIX, Button.PENALTY, Button.MENU)
MAX_PENDING_PRESSES = 64
HELLO_INTERVAL_S = 0.3
STATS_INTERVAL_S = 2.0
LED_RETRY_S = 0.25
RAW_IDLE_S = 2.0
HEALTH_INTERVAL_S = 5.0
"""How often the sensors' wiring is checked: two MODE frames, their ACKs and one RAW frame,
180 bytes in all."""
TICK_S = 0.02


@functools.cache
def pixel_orders(geometry: BoardGeometry) -> tuple[str, ...]:
    """Each logical pixel's colour order where the board's chain mixes pixels (its wiring file's
    segments); empty when every pixel reads the firmware's GRB."""
    if geometry.flat:
        wiring = load_grid_wiring(geometry.key)
        chain, orders = wiring.chain, wiring.orders
    else:
        leds = load_leds()
        chain, orders = leds.chain, leds.orders
    if all(order == WIRE_ORDER for order in orders):
        return ()
    by_pixel = [WIRE_ORDER] * len(chain)
    for position, pixel in enumerate(chain):
        by_pixel[pixel] = orders[position]
    return tuple(by_pixel)


class _SerialPixels(PixelStrip):
    """The strip on the Pico: ``show()`` sends an LED frame, which the board acknowledges."""

    def __init__(self, backend: SerialBackend, max_brightness: float, pixels: int) -> None:
        super().__init__(pixels, max_brightness=max_brightness)
        self._backend = backend

    def _transmit(self, colors: tuple[Color, ...], brightness: float) -> None:
        self._backend._send_leds(colors, brightness)


class _Link:
    """The ``serial.threaded``-style protocol: bytes in, frames out, errors contained."""

    def __init__(self, backend: SerialBackend) -> None:
        self._backend = backend

    def data_received(self, data: bytes) -> None:
        try:
            self._backend._received(data)
        except Exception as error:  # one bad frame must never stop the reader
            self._backend._count("handler_errors", f"frame handler failed: {error!r}")

    def connection_lost(self, error: BaseException | None) -> None:
        self._backend._lost(error)


class _Reader(threading.Thread):
    """Reads the port and hands the bytes to ``link`` until stopped or the port fails; then
    calls ``link.connection_lost`` exactly once (``serial.threaded.ReaderThread`` lets an
    ``OSError`` from ``in_waiting`` escape when a USB device vanishes, and never reports it)."""

    def __init__(self, port: Any, link: _Link, errors: tuple[type[BaseException], ...]) -> None:
        super().__init__(name=f"flixboard-reader {port.port}", daemon=True)
        self.port = port
        self.link = link
        self.errors = errors
        self.alive = True

    def run(self) -> None:
        error: BaseException | None = None
        try:
            while self.alive and self.port.is_open:
                data = self.port.read(self.port.in_waiting or 1)
                if data:
                    self.link.data_received(data)
        except self.errors as failure:
            error = failure
        if self.alive:
            self.link.connection_lost(error)

    def stop(self) -> None:
        """End the loop (without reporting a lost connection) and wait for it."""
        self.alive = False
        with contextlib.suppress(*self.errors):
            self.port.cancel_read()
        self.join(2)


class SerialBackend(Backend):
    """A board behind the Pico firmware's serial protocol (``firmware/PROTOCOL.md``).

    ``port`` is a device path or a pyserial URL (default ``/dev/flixboard``). Opening waits up to
    ``open_timeout`` seconds for the handshake and the first full state, else it raises
    ``BackendUnavailable`` (``ProtocolMismatch`` for a firmware of another protocol version,
    ``ProfileMismatch`` for a Pico set up for another board than ``geometry``; ``None`` takes the
    board the Pico says it is).
    """

    name = "serial"
    shapes = ANY_SHAPE  # the Pico says which board it is set up for
    sensing = "analog"

    def __init__(
        self,
        port: str | None = None,
        *,
        geometry: BoardGeometry | None = None,
        clock: Clock | None = None,
        max_brightness: float = 1.0,
        open_timeout: float = 5.0,
        heartbeat_s: float = 0.25,
        board_timeout_s: float = 1.0,
        retry_s: float = 0.1,
        health_s: float = HEALTH_INTERVAL_S,
    ) -> None:
        super().__init__(clock=clock)
        self._serial_module = _import_pyserial()
        self.port = port or DEFAULT_PORT
        self._expected = geometry
        self.geometry = geometry or FLIX_GEOMETRY
        self.sensing = "presence" if self.geometry.flat else "analog"
        self._max_brightness = max_brightness
        self.pixels = _SerialPixels(self, max_brightness, self.geometry.pixel_count)
        self.heartbeat_s = heartbeat_s
        self.board_timeout_s = board_timeout_s
        self.retry_s = retry_s
        self.health_s = health_s
        self.info: Info | None = None
        self.last_error: str | None = None
        self.counters: dict[str, int] = {  # written only under self._lock (see _add)
            name: 0
            for name in (
                "rx_frames",
                "rx_cobs",
                "rx_short",
                "rx_crc",
                "rx_overflow",
                "rx_malformed",
                "rx_unknown",
                "rx_seq_gaps",
                "tx_frames",
                "write_errors",
                "handler_errors",
                "led_retries",
                "connects",
                "disconnects",
            )
        }
        self.board_counters: dict[str, int] = {}
        self.board_scan_hz = 0
        self.board_flags = 0
        """The flags of the board's last STATE (calibrated, raw mode, LEDs valid, calibrating)."""
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self._released = threading.Event()
        """Set while another program has the port (``release_port``)."""
        self._let_go = threading.Event()
        self._serial: Any = None
        self._reader: Any = None
        self._reader_lost = False
        self._deframer = Deframer()
        self._connected = False
        self._have_state = False
        self._mismatch: ProtocolMismatch | ProfileMismatch | None = None
        self._reading = BoardReading((), (None,) * 4)
        self._presses: deque[ButtonPress] = deque(maxlen=MAX_PENDING_PRESSES)
        self._press_base: tuple[int, ...] | None = None
        self._menu = HoldTimer()
        self._tx_seq = 0
        self._rx_seq: int | None = None
        self._last_rx = 0.0
        self._hello_at = 0.0
        self._ping_at = 0.0
        self._stats_at = 0.0
        self._led_body: bytes | None = None
        self._led_frame = 0
        self._led_seq: int | None = None
        self._led_sent_at = 0.0
        self._acks: dict[int, int | None] = {}
        self._raw: tuple[int, ...] | None = None
        self._raw_serial = 0
        self._raw_mode = False
        self._raw_wanted_at = 0.0
        self._faults: tuple[SensorFault, ...] = ()
        self._health_at = 0.0
        self._supervisor = threading.Thread(
            target=self._supervise, name=f"flixboard-serial {self.port}", daemon=True
        )
        self._supervisor.start()
        with self._changed:
            self._changed.wait_for(
                lambda: (self._connected and self._have_state) or self._mismatch is not None,
                timeout=open_timeout,
            )
            ready = self._connected and self._have_state
            mismatch = self._mismatch
        if not ready:
            self.close()
            if mismatch is not None:
                raise mismatch
            raise BackendUnavailable(
                why(
                    "no flixboard answered on {port} within {seconds} s ({reason})",
                    port=self.port,
                    seconds=f"{open_timeout:g}",
                    reason=self.last_error or why("no handshake"),
                )
            )

    # -- the Backend contract -------------------------------------------------------------------

    def read(self) -> BoardReading:
        """The last full state the board sent (kept while it is disconnected)."""
        self._check_open()
        with self._lock:
            return self._reading

    def take_presses(self) -> list[ButtonPress]:
        self._check_open()
        with self._lock:
            presses = list(self._presses)
            self._presses.clear()
        return presses

    def raw_fields(self) -> tuple[int, ...]:
        """A fresh RAW frame: the signed field of the 64 holes, then the 8 groove sensors."""
        self._check_open()
        if self.geometry.flat:
            raise UnsupportedFeature(
                why("the {board} board's switches give no raw fields", board=self.geometry.key)
            )
        with self._changed:
            self._raw_wanted_at = time.monotonic()
            seen = self._raw_serial
        if not self._raw_mode:
            self._command(Kind.MODE, bytes([MODE_RAW]), why("switch to raw mode"))
            self._raw_mode = True
        with self._changed:
            if not self._changed.wait_for(lambda: self._raw_serial > seen, timeout=2.0):
                raise BoardDisconnected(
                    why("the board on {port} sent no raw fields within 2 s", port=self.port)
                )
            assert self._raw is not None
            return self._raw

    @property
    def connected(self) -> bool:
        return not self.closed and self._connected

    @property
    def sensor_faults(self) -> tuple[SensorFault, ...]:
        """The sensors whose last RAW frame read what no connected sensor gives."""
        with self._lock:
            return self._faults

    @property
    def last_raw_fields(self) -> tuple[int, ...] | None:
        """The last RAW frame's fields (a health check's or ``raw_fields``'), if one came."""
        with self._lock:
            return self._raw

    def release_port(self, timeout: float = 5.0) -> None:
        """Let go of the port until ``reclaim_port``, for another program to open it (the port
        is exclusive: ``flixboard pico-update``); the board reads as disconnected meanwhile, its
        last state kept. ``BoardDisconnected`` if the port is not let go within ``timeout``."""
        self._check_open()
        self._let_go.clear()
        self._released.set()
        if not self._let_go.wait(timeout):
            raise BoardDisconnected(f"the link to {self.port} did not let go within {timeout:g} s")

    def reclaim_port(self) -> None:
        """Open the port again after ``release_port`` (as after an unplug: it reconnects)."""
        self._released.clear()

    def close(self) -> None:
        if self.closed:
            return
        super().close()
        self._stop.set()
        if self._supervisor.is_alive() and threading.current_thread() is not self._supervisor:
            self._supervisor.join(5)
        self._drop_port(None)

    # -- calibration and diagnostics ------------------------------------------------------------

    def capture_baseline(self, timeout: float = 10.0) -> None:
        """Measure every sensor's baseline (empty board, panels out) and store it on the Pico."""
        self._command(Kind.CALIBRATE, bytes([CAL_CAPTURE]), why("capture baselines"), timeout)

    def set_thresholds(self, on: int, off: int) -> None:
        """Store new hysteresis thresholds (ADC counts, ``0 < off <= on``) on the Pico."""
        if not 0 < off <= on <= 0xFFFF:
            raise ValueError(
                why("thresholds need 0 < off <= on: on={on} off={off}", on=on, off=off)
            )
        self._command(Kind.CALIBRATE, thresholds_body(on, off), why("set thresholds"))

    def forget_calibration(self) -> None:
        """Delete the Pico's stored calibration: mid-rail baselines, default thresholds."""
        self._command(Kind.CALIBRATE, bytes([CAL_FORGET]), why("forget the calibration"))

    def set_profile(self, key: str, timeout: float = 2.0) -> None:
        """Set the Pico up for the board ``key`` (``flix``, ``flip4``, ``olix``): it stores the
        profile and restarts into it, so the link drops and comes back as that board."""
        if key not in PROFILES:
            known = ", ".join(PROFILES)
            raise ValueError(
                why("no board profile {key}: known {known}", key=repr(key), known=known)
            )
        what = why("set up the {board} board", board=key)
        self._command(Kind.PROFILE, bytes([PROFILES.index(key)]), what, timeout)

    @property
    def calibrated(self) -> bool:
        """Whether the Pico holds a stored calibration (its last STATE's flag)."""
        return bool(self.board_flags & FLAG_CALIBRATED)

    def enter_bootloader(self, timeout: float = 2.0) -> None:
        """Restart the Pico into its USB bootloader (the RPI-RP2 drive) for a firmware update:
        the link drops once it acknowledged. ``CommandUnknown`` from a firmware older than the
        BOOTLOADER frame (1.2)."""
        self._command(Kind.BOOTLOADER, BOOTLOADER_KEY, why("restart into the bootloader"), timeout)

    def flush(self, timeout: float = 1.0) -> bool:
        """Wait until the board acknowledged the last LED frame; False if it did not in time."""
        with self._changed:
            return self._changed.wait_for(lambda: self._led_seq is None, timeout=timeout)

    def __repr__(self) -> str:
        base = super().__repr__()
        return f"{base[:-1]} port={self.port}>" if not self.closed else base

    # -- sending --------------------------------------------------------------------------------

    def _send(self, kind: int, body: bytes = b"") -> int | None:
        """Write one frame; its sequence number, or None when it could not be written."""
        failure: str | None = None
        with self._write_lock:
            port = self._serial
            if port is None:
                return None
            seq = self._tx_seq
            self._tx_seq = (seq + 1) & 0xFF
            try:
                port.write(encode_frame(kind, seq, body))
            except (OSError, self._serial_module.SerialException) as error:
                failure = f"cannot write to {self.port}: {error}"
        # counted after the write lock is released: the lock order is _lock, then _write_lock
        if failure is not None:
            self._count("write_errors", failure)
            return None
        self._add("tx_frames")
        return seq

    def _send_leds(self, colors: tuple[Color, ...], brightness: float) -> None:
        self._check_open()
        orders = pixel_orders(self.geometry)
        if orders:  # a chain that mixes pixels: each gets its own byte order on the wire
            colors = tuple(
                for_wire(color, order, WIRE_ORDER)
                for color, order in zip(colors, orders, strict=True)
            )
        body = leds_body(colors, brightness, self.geometry.pixel_count)
        with self._changed:
            self._led_body = body
            if self._connected:
                self._write_leds()
            else:
                self._led_seq = None

    def _write_leds(self) -> None:
        """Send the latest LED frame (in parts when it is too long for one frame); the board's
        ACK of its last frame says whether it is shown."""
        if self._led_body is None:
            return
        self._led_frame = (self._led_frame + 1) & 0xFF
        for kind, body in led_frames(self._led_body, self._led_frame):
            self._led_seq = self._send(kind, body)
        self._led_sent_at = time.monotonic()

    def _command(self, kind: int, body: bytes, what: str, timeout: float = 2.0) -> None:
        if not self.connected:
            raise BoardDisconnected(
                why("cannot {what}: the board on {port} is disconnected", what=what, port=self.port)
            )
        with self._changed:
            seq = self._send(kind, body)
            if seq is None:
                raise BoardDisconnected(
                    why("cannot {what}: writing to {port} failed", what=what, port=self.port)
                )
            self._acks[seq] = None
            done = self._changed.wait_for(lambda: self._acks.get(seq) is not None, timeout)
            status = self._acks.pop(seq, None)
        if not done or status is None:
            raise BoardCommandFailed(
                why(
                    "the board did not acknowledge '{what}' within {seconds} s",
                    what=what,
                    seconds=f"{timeout:g}",
                )
            )
        if status == Status.MAGNET_NEAR:
            raise BoardCommandFailed(
                why(
                    "cannot {what}: a sensor reads a magnet or is disconnected (far from"
                    " mid-rail); take every piece out and lift the panels, then check the"
                    " wires of any sensor flixboard calibrate --show still finds far off",
                    what=what,
                )
            )
        if status == Status.NOT_ANALOG:
            raise BoardCommandFailed(
                why(
                    "cannot {what}: the {board} board's switches need no calibration",
                    what=what,
                    board=self.geometry.key,
                )
            )
        if status == Status.UNKNOWN_KIND:
            raise CommandUnknown(why("the board's firmware does not know how to {what}", what=what))
        if status != Status.OK:
            raise BoardCommandFailed(
                why("the board refused to {what}: {status}", what=what, status=Status(status).name)
            )

    # -- receiving (reader thread) --------------------------------------------------------------

    def _received(self, data: bytes) -> None:
        frames = self._deframer.feed(data)
        with self._lock:
            for counter, value in self._deframer.errors.items():
                self.counters[f"rx_{counter}"] = value
        for frame in frames:
            self._add("rx_frames")
            try:
                self._handle(frame)
            except FrameError as error:
                self._count(f"rx_{error.counter}", str(error))

    def _handle(self, frame: Frame) -> None:
        notify = False
        with self._changed:
            if frame.kind == Kind.INFO:
                self._rx_seq = frame.seq
                notify = self._handshake(parse_info(frame.body))
            elif not self._connected:
                return
            else:
                if self._rx_seq is not None and frame.seq != (self._rx_seq + 1) & 0xFF:
                    self._add("rx_seq_gaps", (frame.seq - self._rx_seq - 1) & 0xFF)
                self._rx_seq = frame.seq
                self._last_rx = time.monotonic()
                if frame.kind == Kind.STATE:
                    notify = self._apply_state(parse_state(frame.body, self.geometry))
                elif frame.kind == Kind.ACK:
                    self._acknowledged(frame.body)
                elif frame.kind == Kind.RAW:
                    self._raw = parse_fields(frame.body)
                    self._raw_serial += 1
                    notify = self._check_health(self._raw)
                elif frame.kind == Kind.STATS:
                    self.board_counters = parse_stats(frame.body)
                else:
                    self._add("rx_unknown")
            self._changed.notify_all()
        if notify:
            self._notify()

    def _handshake(self, info: Info) -> bool:
        if info.version != VERSION:
            self._mismatch = ProtocolMismatch(
                why(
                    "the board on {port} speaks protocol version {version}, this host version"
                    " {host}: flash the firmware of this release (make firmware-deploy)",
                    port=self.port,
                    version=info.version,
                    host=VERSION,
                )
            )
            self.last_error = self._mismatch.args[0]  # a Phrase: said in the reader's language
            return False
        geometry = info.geometry
        expected = self._expected
        if expected is not None and geometry.key != expected.key:
            self._mismatch = ProfileMismatch(
                why(
                    "the Pico on {port} is set up for the {board} board, not {expected}: if it"
                    " sits in the {key} board, set it up once with `flixboard pico-setup"
                    " --geometry {key} --port {port}`; else start with --geometry {now}",
                    port=self.port,
                    board=geometry.describe(),
                    expected=expected.describe(),
                    key=expected.key,
                    now=geometry.key,
                )
            )
            self.last_error = self._mismatch.args[0]  # a Phrase: said in the reader's language
            return False
        if expected is None:  # the first answer says which board this is, from now on
            self._expected = self.geometry = geometry
            self.sensing = "presence" if geometry.flat else "analog"
            if len(self.pixels) != geometry.pixel_count:
                self.pixels = _SerialPixels(self, self._max_brightness, geometry.pixel_count)
        self.info = info
        if self._connected:
            return False
        self._connected = True
        self._mismatch = None
        self._press_base = None
        self._menu = HoldTimer()  # a press in progress across a reconnect is dropped
        self._last_rx = time.monotonic()
        self._add("connects")
        self._health_at = 0.0  # the sensors' wiring is checked at once
        self.last_error = None
        self._write_leds()
        return True

    def _apply_state(self, state: State) -> bool:
        self.board_scan_hz = state.scan_hz
        self.board_flags = state.flags
        reading = BoardReading(state.holes, state.grooves, self.clock.now())
        changed = (reading.holes, reading.grooves) != (self._reading.holes, self._reading.grooves)
        if changed or not self._have_state:
            self._reading = reading
        self._have_state = True
        now = self.clock.now()
        presses: list[ButtonPress] = []
        if self._press_base is not None:
            for button, before, after in zip(
                BUTTON_ORDER, self._press_base, state.presses, strict=True
            ):
                count = (after - before) & 0xFF
                if button is Button.MENU:  # told short from long once it is known
                    for _ in range(count):
                        presses += _presses(button, now, self._menu.down(now))
                    continue
                presses += [ButtonPress(button, now)] * count
        held = bool(state.held >> BUTTON_ORDER.index(Button.MENU) & 1)
        presses += _presses(Button.MENU, now, self._menu.poll(now, held=held))
        self._presses.extend(presses)
        pressed = bool(presses)
        self._press_base = state.presses
        if not state.flags & FLAG_LEDS_VALID and self._led_seq is None and self._led_body:
            self._write_leds()
        return changed or pressed

    def _check_health(self, fields: tuple[int, ...]) -> bool:
        """Take a RAW frame's verdict on the sensors' wiring; back to normal mode unless
        ``raw_fields`` wants raw frames. Whether the faulty sensors changed."""
        if time.monotonic() - self._raw_wanted_at > RAW_IDLE_S:
            self._send(Kind.MODE, bytes([MODE_NORMAL]))  # a health check's frame: one is enough
        faults = sensor_faults(fields)
        if [f.sensor for f in faults] == [f.sensor for f in self._faults]:
            return False
        self._faults = faults
        return True

    def _acknowledged(self, body: bytes) -> None:
        if len(body) != 2:
            raise FrameError("malformed", f"ACK body of {len(body)} bytes, expected 2")
        seq, status = body[0], body[1]
        if seq == self._led_seq:
            if status == Status.PART_MISSING:  # the board dropped the frame: send it at once
                self._led_sent_at = 0.0
            else:
                self._led_seq = None
        elif seq in self._acks:
            self._acks[seq] = status

    def _lost(self, error: BaseException | None) -> None:
        with self._changed:
            self._reader_lost = True
            self.last_error = (
                why("{port} went away: {error}", port=self.port, error=error)
                if error
                else why("{port} closed", port=self.port)
            )
        self._set_disconnected()

    # -- supervision ----------------------------------------------------------------------------

    def _supervise(self) -> None:
        while not self._stop.is_set():
            if self._released.is_set():
                if self._serial is not None:
                    self._drop_port(None)
                self._let_go.set()
                self._stop.wait(self.retry_s)
                continue
            if self._serial is None and not self._open_port():
                self._stop.wait(self.retry_s)
                continue
            if self._reader_lost:
                self._drop_port(f"{self.port} disappeared")
                continue
            self._tick(time.monotonic())
            self._stop.wait(TICK_S)

    def _tick(self, now: float) -> None:
        with self._changed:
            connected = self._connected
            silent = now - self._last_rx
        if not connected:
            if now - self._hello_at >= HELLO_INTERVAL_S:
                self._hello_at = now
                self._send(Kind.HELLO, bytes([VERSION]))
            return
        if silent > self.board_timeout_s:
            self.last_error = why(
                "no heartbeat from the board on {port} for {seconds} s",
                port=self.port,
                seconds=f"{silent:.1f}",
            )
            self._set_disconnected()
            return
        if now - self._ping_at >= self.heartbeat_s:
            self._ping_at = now
            self._send(Kind.PING)
        if now - self._stats_at >= STATS_INTERVAL_S:
            self._stats_at = now
            self._send(Kind.STATS_REQUEST)
        with self._changed:
            if self._led_seq is not None and now - self._led_sent_at > LED_RETRY_S:
                self._add("led_retries")
                self._write_leds()
        if self._raw_mode and now - self._raw_wanted_at > RAW_IDLE_S:
            self._raw_mode = False
            self._send(Kind.MODE, bytes([MODE_NORMAL]))
        if not self.geometry.flat and now - self._health_at >= self.health_s:
            self._health_at = now
            self._send(Kind.MODE, bytes([MODE_RAW]))

    def _open_port(self) -> bool:
        serial = self._serial_module
        try:
            port = serial.serial_for_url(
                self.port, baudrate=115200, timeout=1, write_timeout=0.5, exclusive=True
            )
        except (OSError, ValueError, serial.SerialException) as error:
            self.last_error = why("cannot open {port}: {error}", port=self.port, error=error)
            return False
        reader = _Reader(port, _Link(self), (OSError, TypeError, serial.SerialException))
        with self._changed:
            self._deframer.reset()  # the error counts add up over every connection
            self._reader_lost = False
            self._serial = port
            self._reader = reader
            self._hello_at = 0.0
            self._raw_mode = False
        reader.start()
        return True

    def _drop_port(self, reason: str | None) -> None:
        with self._write_lock:
            reader, port = self._reader, self._serial
            self._reader = self._serial = None
        if reader is not None and threading.current_thread() is not reader:
            reader.stop()
        if port is not None:
            with contextlib.suppress(OSError, self._serial_module.SerialException):
                port.close()
        if reason:
            self.last_error = self.last_error or reason
        self._set_disconnected()

    def _set_disconnected(self) -> None:
        with self._changed:
            was = self._connected
            self._connected = False
            self._led_seq = None
            self._changed.notify_all()
        if was and not self.closed:
            self._add("disconnects")
            self._notify()

    def _add(self, counter: str, count: int = 1) -> None:
        """Add to a counter, under the lock that guards them all (any thread may count)."""
        with self._lock:
            self.counters[counter] = self.counters.get(counter, 0) + count

    def _count(self, counter: str, message: str) -> None:
        with self._lock:
            self._add(counter)
            self.last_error = message


def _import_pyserial() -> ModuleType:
    try:
        serial = importlib.import_module("serial")
    except ImportError as error:
        raise BackendUnavailable(
            f"the serial board needs pyserial: pip install 'flixboard[serial]' ({error})"
        ) from error
    return serial


def _presses(button: Button, at: float, kinds: list[bool]) -> list[ButtonPress]:
    """Presses of ``button`` at ``at``, long where ``kinds`` says so."""
    return [ButtonPress(button, at, long=long) for long in kinds]
