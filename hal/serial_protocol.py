"""The host's side of the board protocol (``firmware/PROTOCOL.md``): frame kinds, framing, a
bounded deframer and the frame bodies. Shares no code with the firmware, only test vectors."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from hal import cobs
from hal.base import FLIX_GEOMETRY, PIXEL_COUNT, BoardGeometry, Color, Piece
from hal.crc import crc16
from hal.geometry import geometry_for
from hal.serial_errors import FrameError

VERSION = 1
MAX_PAYLOAD = 240
MAX_ENCODED = 243
SENSOR_COUNT = 72
GROOVE_LETTERS = "RYGB"
STATE_BODY = 28
"""The spaceboard's STATE body: 64 holes, 4 grooves, the tail."""
STATE_TAIL = 8
"""Held buttons, 4 press counters, flags, scan rate."""
PROFILES = ("flix", "flip4", "olix")
"""The board profiles a Pico can be set up for, by code (INFO's last byte, PROFILE's body)."""
PART_PIXELS = (MAX_PAYLOAD - 4 - 3) // 3
"""The most pixels one LEDS_PART frame carries (77)."""
STATS_FIELDS = (
    "rx_frames",
    "rx_cobs",
    "rx_short",
    "rx_crc",
    "rx_overflow",
    "rx_unknown",
    "rx_seq_gaps",
    "tx_frames",
    "scans",
    "host_timeouts",
    "loop_errors",
)


class Kind(enum.IntEnum):
    """Frame kinds: host to board below 0x80, board to host from 0x80."""

    HELLO = 0x01
    LEDS = 0x02
    PING = 0x03
    MODE = 0x04
    CALIBRATE = 0x05
    STATS_REQUEST = 0x06
    PROFILE = 0x07
    LEDS_PART = 0x08
    BOOTLOADER = 0x09
    INFO = 0x81
    ACK = 0x82
    STATE = 0x83
    RAW = 0x85
    STATS = 0x86


class Status(enum.IntEnum):
    """The status byte of an ACK."""

    OK = 0
    BAD_LENGTH = 1
    UNKNOWN_KIND = 2
    BAD_VALUE = 3
    STORAGE_FAILED = 4
    MAGNET_NEAR = 5
    NOT_ANALOG = 6
    PART_MISSING = 7


BOOTLOADER_KEY = b"BOOT"
"""BOOTLOADER's body: the board restarts into its USB bootloader only when the frame carries it."""
MODE_NORMAL = 0
MODE_RAW = 1
CAL_CAPTURE = 1
CAL_THRESHOLDS = 2
CAL_FORGET = 3
FLAG_CALIBRATED = 1
FLAG_RAW = 2
FLAG_LEDS_VALID = 4
FLAG_CALIBRATING = 8


@dataclass(frozen=True)
class Frame:
    """One decoded frame."""

    kind: int
    seq: int
    body: bytes


def encode_frame(kind: int, seq: int, body: bytes = b"") -> bytes:
    """One frame for the wire, the 0x00 delimiter included."""
    payload = bytes((kind, seq & 0xFF)) + body
    if len(payload) + 2 > MAX_PAYLOAD:
        raise FrameError("overflow", f"a {len(payload) + 2}-byte frame exceeds {MAX_PAYLOAD}")
    return cobs.encode(payload + crc16(payload).to_bytes(2, "big")) + b"\x00"


def decode_frame(packet: bytes) -> Frame:
    """The frame in one packet (no delimiter); ``FrameError`` naming the counter if bad."""
    payload = cobs.decode(packet)
    if len(payload) < 4:
        raise FrameError("short", f"a {len(payload)}-byte frame is shorter than 4 bytes")
    expected = int.from_bytes(payload[-2:], "big")
    actual = crc16(payload[:-2])
    if actual != expected:
        raise FrameError("crc", f"CRC {actual:04x} does not match {expected:04x}")
    return Frame(payload[0], payload[1], payload[2:-2])


@dataclass
class Deframer:
    """Splits a stream on 0x00 and decodes frames, never buffering more than ``limit`` bytes.

    Bad packets are dropped and counted in ``errors``; an over-long one is dropped up to the
    next delimiter (``overflow``).
    """

    limit: int = MAX_ENCODED
    frames: int = 0
    errors: dict[str, int] = field(
        default_factory=lambda: {"cobs": 0, "short": 0, "crc": 0, "overflow": 0}
    )
    _buffer: bytearray = field(default_factory=bytearray)
    _overflowing: bool = False

    def feed(self, data: bytes) -> list[Frame]:
        """The valid frames completed by ``data``."""
        frames: list[Frame] = []
        *complete, rest = bytes(data).split(b"\x00")
        for chunk in complete:
            self._append(chunk)
            packet, overflowed = bytes(self._buffer), self._overflowing
            self._buffer.clear()
            self._overflowing = False
            if overflowed or not packet:
                continue
            try:
                frames.append(decode_frame(packet))
            except FrameError as error:
                self.errors[error.counter] += 1
            else:
                self.frames += 1
        self._append(rest)
        return frames

    def reset(self) -> None:
        """Drop a partly received packet (a new connection starts mid-stream); the counts stay."""
        self._buffer.clear()
        self._overflowing = False

    @property
    def buffered(self) -> int:
        """Bytes waiting for their delimiter."""
        return len(self._buffer)

    def _append(self, chunk: bytes) -> None:
        if self._overflowing or not chunk:
            return
        if len(self._buffer) + len(chunk) > self.limit:
            self._overflowing = True
            self.errors["overflow"] += 1
            self._buffer.clear()
        else:
            self._buffer += chunk


@dataclass(frozen=True)
class Info:
    """The board's answer to HELLO; ``profile`` is the board the Pico is set up for (a code of
    :data:`PROFILES`; a firmware from before profiles sends none: the spaceboard)."""

    version: int
    firmware: tuple[int, int]
    holes: int
    groove_sensors: int
    pixels: int
    profile: int = 0

    @property
    def geometry(self) -> BoardGeometry:
        """The board the Pico reads; ``FrameError("malformed")`` for an unknown profile or counts
        that do not fit it."""
        if self.profile >= len(PROFILES):
            raise FrameError("malformed", f"INFO names the unknown board profile {self.profile}")
        geometry = geometry_for(PROFILES[self.profile])
        counts = (geometry.cells, 2 * geometry.grooves, geometry.pixel_count)
        if (self.holes, self.groove_sensors, self.pixels) != counts:
            raise FrameError(
                "malformed",
                f"INFO counts {self.holes} cells, {self.groove_sensors} groove sensors and "
                f"{self.pixels} pixels, not the {geometry.key} board's {counts}",
            )
        return geometry


def parse_info(body: bytes) -> Info:
    if len(body) < 6:
        raise FrameError("malformed", f"INFO body of {len(body)} bytes, expected 6 or 7")
    profile = body[6] if len(body) > 6 else 0
    return Info(body[0], (body[1], body[2]), body[3], body[4], body[5], profile)


@dataclass(frozen=True)
class State:
    """A full snapshot from the board: every hole, groove, button and flag."""

    holes: tuple[Piece, ...]
    grooves: tuple[str | None, ...]
    held: int
    presses: tuple[int, ...]
    flags: int
    scan_hz: int


def state_length(geometry: BoardGeometry) -> int:
    """A STATE body's length on ``geometry``: 2 bits a cell, a byte a groove, then the tail."""
    return (geometry.cells + 3) // 4 + geometry.grooves + STATE_TAIL


def parse_state(body: bytes, geometry: BoardGeometry = FLIX_GEOMETRY) -> State:
    """A STATE body of a board of ``geometry``; ``FrameError("malformed")`` if its length or a
    value is impossible. A flat board's cells are 0 empty or 1 a piece (``Piece.PRESENT``)."""
    expected = state_length(geometry)
    if len(body) != expected:
        raise FrameError("malformed", f"STATE body of {len(body)} bytes, expected {expected}")
    codes = [(body[h >> 2] >> (2 * (h & 3))) & 3 for h in range(geometry.cells)]
    highest = 1 if geometry.flat else 2
    wrong = [code for code in codes if code > highest]
    if wrong:
        where = "cell" if geometry.flat else "hole"
        raise FrameError(
            "malformed", f"{where} {codes.index(wrong[0])} has the unused class {wrong[0]}"
        )
    at = (geometry.cells + 3) // 4
    grooves: list[str | None] = []
    for groove, code in enumerate(body[at : at + geometry.grooves]):
        if code > len(GROOVE_LETTERS):
            raise FrameError("malformed", f"groove {groove} has the unknown panel code {code}")
        grooves.append(GROOVE_LETTERS[code - 1] if code else None)
    at += geometry.grooves
    return State(
        holes=tuple(_piece(code, geometry.flat) for code in codes),
        grooves=tuple(grooves),
        held=body[at],
        presses=tuple(body[at + 1 : at + 5]),
        flags=body[at + 5],
        scan_hz=int.from_bytes(body[at + 6 : at + 8], "big"),
    )


def _piece(code: int, flat: bool) -> Piece:
    return Piece.PRESENT if flat and code else Piece(code)


def build_state(
    holes: tuple[Piece, ...], grooves: tuple[str | None, ...], presses: tuple[int, ...] = (0,) * 4
) -> bytes:
    """A STATE body for ``len(holes)`` cells and ``len(grooves)`` grooves (for tests and tools);
    ``Piece.PRESENT`` is a flat board's 1."""
    at = (len(holes) + 3) // 4
    body = bytearray(at + len(grooves) + STATE_TAIL)
    for hole, piece in enumerate(holes):
        code = 1 if piece is Piece.PRESENT else int(piece)
        body[hole >> 2] |= code << (2 * (hole & 3))
    for groove, letter in enumerate(grooves):
        body[at + groove] = GROOVE_LETTERS.index(letter) + 1 if letter else 0
    at += len(grooves)
    body[at + 1 : at + 5] = bytes(presses)
    return bytes(body)


def parse_fields(body: bytes) -> tuple[int, ...]:
    """A RAW body: signed 16-bit big-endian fields of every sensor."""
    if len(body) != 2 * SENSOR_COUNT:
        raise FrameError("malformed", f"RAW body of {len(body)} bytes, expected {2 * SENSOR_COUNT}")
    return tuple(
        int.from_bytes(body[i : i + 2], "big", signed=True) for i in range(0, len(body), 2)
    )


def parse_stats(body: bytes) -> dict[str, int]:
    """A STATS body: the board's counters by name."""
    if len(body) != 4 * len(STATS_FIELDS):
        raise FrameError("malformed", f"STATS body of {len(body)} bytes")
    return {
        name: int.from_bytes(body[4 * i : 4 * i + 4], "big") for i, name in enumerate(STATS_FIELDS)
    }


def leds_body(colors: tuple[Color, ...], brightness: float, pixels: int = PIXEL_COUNT) -> bytes:
    """A LEDS body: brightness 0..255, then r, g, b of every one of the ``pixels`` logical
    pixels."""
    if len(colors) != pixels:
        raise FrameError("malformed", f"an LED frame needs {pixels} colours, not {len(colors)}")
    level = max(0, min(255, round(brightness * 255)))
    return bytes([level]) + bytes(channel for color in colors for channel in color)


def led_frames(body: bytes, frame: int) -> list[tuple[Kind, bytes]]:
    """How a LEDS ``body`` travels: as it is when it fits one frame, else as LEDS_PART frames
    (``frame`` numbers this frame's parts, 0..255; each part: frame, brightness, first pixel,
    then at most :data:`PART_PIXELS` pixels), which the board shows only once all arrived."""
    if len(body) + 4 <= MAX_PAYLOAD:
        return [(Kind.LEDS, body)]
    level, rgb = body[0], body[1:]
    return [
        (Kind.LEDS_PART, bytes((frame & 0xFF, level, first)) + rgb[3 * first : 3 * first + span])
        for first in range(0, len(rgb) // 3, PART_PIXELS)
        for span in [3 * PART_PIXELS]
    ]


def thresholds_body(on: int, off: int) -> bytes:
    """A CALIBRATE body setting the hysteresis thresholds."""
    return bytes([CAL_THRESHOLDS]) + on.to_bytes(2, "big") + off.to_bytes(2, "big")
