"""The Pico's side of the link: one ``poll(now_ms)`` per main-loop pass scans the sensors,
debounces, and answers the host (see PROTOCOL.md).

Everything is injected: ``scanner`` (``scan(out)`` into an ``array("i")``), ``leds``
(``leds.LedOutput``), ``buttons`` (``buttons.Buttons``), ``transport`` (``read() -> bytes |
None``, ``write(data)``), ``calibration_path`` on the Pico's filesystem, ``classifier``
(default ``sensing.Classifier``, or ``matrix.PresenceClassifier`` on a flat board;
``firmware.parts`` gives the rp2 port its viper twin), the board's ``profile``
(``profiles.Profile``, default the spaceboard) and ``profile_path``, where a PROFILE frame
stores another; the main loop then resets the Pico once ``restart_due`` (into its USB
bootloader when ``into_bootloader``: a BOOTLOADER frame asked for a firmware update).
"""

import array

from firmware import calibration, pins, profiles, protocol
from firmware.compat import const, ticks_diff
from firmware.matrix import PresenceClassifier
from firmware.sensing import Classifier

TYPE_CHECKING = False
if TYPE_CHECKING:
    from firmware.buttons import Buttons
    from firmware.interfaces import Calibration, Transport
    from firmware.leds import LedOutput
    from firmware.matrix import MatrixScanner
    from firmware.scan import Scanner

FIRMWARE_VERSION = (1, 2)
HEARTBEAT_MS = const(100)  # a STATE frame at least this often while a host is present
HOST_TIMEOUT_MS = const(1000)  # no frame from the host for this long: it is gone
RAW_INTERVAL_MS = const(50)
RATE_WINDOW_MS = const(1000)
RESTART_DELAY_MS = const(200)  # after PROFILE or BOOTLOADER: time for the ACK to reach the host


class Board:
    """The firmware's state machine; ``counters`` are the error and traffic counters."""

    def __init__(
        self,
        scanner: "Scanner | MatrixScanner",
        leds: "LedOutput",
        buttons: "Buttons",
        transport: "Transport",
        calibration_path: str,
        now_ms: int = 0,
        classifier: "Classifier | None" = None,
        profile: "profiles.Profile | None" = None,
        profile_path: str = "",
    ) -> None:
        self.profile = profile if profile is not None else profiles.PROFILES[profiles.SPACEBOARD]
        self.profile_path = profile_path
        self.version = FIRMWARE_VERSION
        """The firmware's (major, minor), as INFO tells the host."""
        self.restart_at = -1
        self.into_bootloader = False
        self.scanner = scanner
        self.leds = leds
        self.buttons = buttons
        self.transport = transport
        self.calibration_path = calibration_path
        flat = self.profile.flat
        if classifier is None:
            classifier = PresenceClassifier(self.profile.cells) if flat else Classifier()
        self.classifier = classifier
        self.raw = array.array("i", [pins.ADC_MID] * classifier.count)
        self.deframer = protocol.Deframer()
        self.counters = {name: 0 for name in protocol.STATS_FIELDS}
        self.calibrated = False
        stored = None if flat else calibration.load(calibration_path)
        if stored is not None:
            calibration.apply(stored, self.classifier)
            self.calibrated = True
        self._part_frame = -1  # the LED frame whose parts are arriving, -1 none
        self._part_next = 0
        self._part_level = 0
        self._part_rgb = bytearray(3 * self.profile.pixels)
        self.primed = False
        self.raw_mode = False
        self.capture: calibration.Capture | None = None
        self.capture_seq = 0
        self.host_present = False
        self.tx_seq = 0
        self.rx_seq = -1
        self.last_rx = now_ms
        self.last_state = now_ms
        self.last_raw = now_ms
        self.rate = 0
        self._rate_start = now_ms
        self._rate_scans = 0
        self._waiting_phase = 0

    def poll(self, now_ms: int) -> None:
        """One pass: scan, debounce, serve received frames, send what changed.

        The first scan after boot is taken as it is (no debounce), so a host that connects to a
        freshly reset board never sees its pieces vanish while the debounce fills."""
        self.scanner.scan(self.raw)
        if self.primed:
            changed = self.classifier.update(self.raw)
        else:
            self.classifier.prime(self.raw)
            self.primed = changed = True
        changed = self.buttons.update(now_ms) or changed
        self._count_scan(now_ms)
        data = self.transport.read()
        if data:
            for kind, seq, body in self.deframer.feed(data):
                self._received(kind, seq, body, now_ms)
            self._sync_deframer_counters()
        if self.capture is not None and self.capture.add(self.raw):
            self._finish_capture(self.capture)
            changed = True
        if self.host_present and ticks_diff(now_ms, self.last_rx) > HOST_TIMEOUT_MS:
            self.host_present = False
            self.counters["host_timeouts"] += 1
        if not self.host_present:
            self._show_waiting(now_ms)
            return
        if changed or ticks_diff(now_ms, self.last_state) >= HEARTBEAT_MS:
            self._send_state(now_ms)
        if self.raw_mode and ticks_diff(now_ms, self.last_raw) >= RAW_INTERVAL_MS:
            self.last_raw = now_ms
            self._send(protocol.RAW, protocol.pack_fields(self.classifier.field))

    def _received(self, kind: int, seq: int, body: bytes, now_ms: int) -> None:
        self.counters["rx_frames"] += 1
        if kind == protocol.HELLO:
            self.rx_seq = seq
        elif self.rx_seq >= 0 and seq != (self.rx_seq + 1) & 0xFF:
            self.counters["rx_seq_gaps"] += (seq - self.rx_seq - 1) & 0xFF
        self.rx_seq = seq
        self.last_rx = now_ms
        self.host_present = True
        if kind == protocol.HELLO:
            self._send(protocol.INFO, self._info())
            self._send_state(now_ms)
        elif kind == protocol.PING:
            self._send_state(now_ms)
        elif kind == protocol.LEDS:
            if len(body) != 1 + 3 * self.profile.pixels:
                self._ack(seq, protocol.BAD_LENGTH)
            else:
                self._part_frame = -1
                self.leds.show(body[0], body[1:])
                self._ack(seq, protocol.OK)
        elif kind == protocol.LEDS_PART:
            self._ack(seq, self._led_part(body))
        elif kind == protocol.MODE:
            if len(body) != 1 or body[0] not in (protocol.MODE_NORMAL, protocol.MODE_RAW):
                self._ack(seq, protocol.BAD_VALUE)
            elif body[0] == protocol.MODE_RAW and self.profile.flat:
                self._ack(seq, protocol.NOT_ANALOG)
            else:
                self.raw_mode = body[0] == protocol.MODE_RAW
                self._ack(seq, protocol.OK)
        elif kind == protocol.CALIBRATE:
            if self.profile.flat:
                self._ack(seq, protocol.NOT_ANALOG)
            else:
                self._calibrate(seq, body)
        elif kind == protocol.PROFILE:
            self._ack(seq, self._set_profile(body, now_ms))
        elif kind == protocol.BOOTLOADER:
            self._ack(seq, self._enter_bootloader(body, now_ms))
        elif kind == protocol.STATS_REQUEST:
            values = [self.counters[name] for name in protocol.STATS_FIELDS]
            self._send(protocol.STATS, protocol.pack_u32s(values))
        else:
            self.counters["rx_unknown"] += 1
            self._ack(seq, protocol.UNKNOWN_KIND)

    def _led_part(self, body: bytes) -> int:
        """Take one part of a chunked LED frame; the frame shows once its last pixel arrived.

        A part that does not continue the frame in progress (a lost or garbled part before it)
        drops that frame: nothing of it is shown, so the pixels never show a torn frame."""
        count = (len(body) - 3) // 3
        if len(body) < 6 or len(body) != 3 + 3 * count:
            return protocol.BAD_LENGTH
        frame, level, first = body[0], body[1], body[2]
        if first + count > self.profile.pixels:
            self._part_frame = -1
            return protocol.BAD_VALUE
        if first == 0:
            self._part_frame = frame
            self._part_level = level
        elif frame != self._part_frame or first != self._part_next:
            self._part_frame = -1
            return protocol.PART_MISSING
        self._part_rgb[3 * first : 3 * (first + count)] = body[3:]
        self._part_next = first + count
        if self._part_next == self.profile.pixels:
            self._part_frame = -1
            self.leds.show(self._part_level, bytes(self._part_rgb))
        return protocol.OK

    def _set_profile(self, body: bytes, now_ms: int) -> int:
        """Store the board profile named by ``body``; the Pico restarts into it shortly."""
        if len(body) != 1:
            return protocol.BAD_LENGTH
        if not 0 <= body[0] < len(profiles.PROFILES):
            return protocol.BAD_VALUE
        if body[0] == self.profile.code:
            return protocol.OK
        try:
            profiles.save(self.profile_path, body[0])
        except OSError:
            return protocol.STORAGE_FAILED
        self.restart_at = now_ms + RESTART_DELAY_MS
        return protocol.OK

    def _enter_bootloader(self, body: bytes, now_ms: int) -> int:
        """Plan the reset into the USB bootloader that BOOTLOADER (with its key) asks for."""
        if len(body) != len(protocol.BOOTLOADER_KEY):
            return protocol.BAD_LENGTH
        if bytes(body) != protocol.BOOTLOADER_KEY:
            return protocol.BAD_VALUE
        self.into_bootloader = True
        self.restart_at = now_ms + RESTART_DELAY_MS
        return protocol.OK

    def restart_due(self, now_ms: int) -> bool:
        """Whether the Pico should reset now: into a new profile, or into its USB bootloader
        (``into_bootloader``)."""
        return self.restart_at >= 0 and ticks_diff(now_ms, self.restart_at) >= 0

    def _calibrate(self, seq: int, body: bytes) -> None:
        op = body[0] if body else 0
        if op == protocol.CAL_CAPTURE and len(body) == 1:
            self.capture = calibration.Capture()
            self.capture_seq = seq
        elif op == protocol.CAL_THRESHOLDS and len(body) == 5:
            on = (body[1] << 8) | body[2]
            off = (body[3] << 8) | body[4]
            try:
                self.classifier.set_thresholds(on, off)
            except ValueError:
                self._ack(seq, protocol.BAD_VALUE)
                return
            self._ack(seq, self._store())
        elif op == protocol.CAL_FORGET and len(body) == 1:
            calibration.remove(self.calibration_path)
            # Defaults again, in place: the debounced classes stay, so no piece vanishes from
            # the next STATE while the debounce would fill up again.
            self.classifier.set_baseline([pins.ADC_MID] * pins.SENSOR_COUNT)
            self.classifier.set_thresholds(pins.ON_COUNTS, pins.OFF_COUNTS)
            self.calibrated = False
            self._ack(seq, protocol.OK)
        else:
            self._ack(seq, protocol.BAD_VALUE)

    def _finish_capture(self, capture: calibration.Capture) -> None:
        self.capture = None
        try:
            data = capture.result(self.classifier.on, self.classifier.off)
        except ValueError:
            self._ack(self.capture_seq, protocol.MAGNET_NEAR)
            return
        self.classifier.set_baseline(data["baseline"])
        self._ack(self.capture_seq, self._store())

    def _store(self) -> int:
        data: Calibration = {
            "version": calibration.VERSION,
            "baseline": list(self.classifier.baseline),
            "on": self.classifier.on,
            "off": self.classifier.off,
        }
        try:
            calibration.save(self.calibration_path, data)
        except OSError:
            return protocol.STORAGE_FAILED
        self.calibrated = True
        return protocol.OK

    def _info(self) -> bytes:
        profile = self.profile
        return bytes(
            (
                protocol.VERSION,
                self.version[0],
                self.version[1],
                profile.cells,
                profile.groove_sensors,
                profile.pixels,
                profile.code,
            )
        )

    def _flags(self) -> int:
        flags = 0
        if self.calibrated:
            flags |= protocol.FLAG_CALIBRATED
        if self.raw_mode:
            flags |= protocol.FLAG_RAW
        if self.leds.valid:
            flags |= protocol.FLAG_LEDS_VALID
        if self.capture is not None:
            flags |= protocol.FLAG_CALIBRATING
        return flags

    def _send_state(self, now_ms: int) -> None:
        self.last_state = now_ms
        body = protocol.pack_state(
            self.classifier.holes(),
            self.classifier.grooves(),
            self.buttons.held,
            self.buttons.presses,
            self._flags(),
            self.rate,
        )
        self._send(protocol.STATE, body)

    def _ack(self, seq: int, status: int) -> None:
        self._send(protocol.ACK, bytes((seq, status)))

    def _send(self, kind: int, body: bytes) -> None:
        self.transport.write(protocol.encode_frame(kind, self.tx_seq, body))
        self.tx_seq = (self.tx_seq + 1) & 0xFF
        self.counters["tx_frames"] += 1

    def _show_waiting(self, now_ms: int) -> None:
        phase = (now_ms // 128) & 15
        if phase != self._waiting_phase or self.leds.valid:
            self._waiting_phase = phase
            self.leds.waiting(phase)

    def _count_scan(self, now_ms: int) -> None:
        self.counters["scans"] += 1
        self._rate_scans += 1
        elapsed = ticks_diff(now_ms, self._rate_start)
        if elapsed >= RATE_WINDOW_MS:
            self.rate = self._rate_scans * 1000 // elapsed
            self._rate_scans = 0
            self._rate_start = now_ms

    def _sync_deframer_counters(self) -> None:
        errors = self.deframer.errors
        self.counters["rx_cobs"] = errors["cobs"]
        self.counters["rx_short"] = errors["short"]
        self.counters["rx_crc"] = errors["crc"]
        self.counters["rx_overflow"] = errors["overflow"]
