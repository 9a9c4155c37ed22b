"""Frames on the USB serial link (see PROTOCOL.md): COBS, 0x00 delimiter, CRC-16/CCITT-FALSE.

A frame is ``COBS(kind, seq, body..., crc_hi, crc_lo) 0x00``; the CRC covers kind, seq and body.
"""

from firmware.compat import const
from firmware.parts import cobs_decode, cobs_encode, crc16

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from firmware.interfaces import BytesLike

    Frame = tuple[int, int, bytes]

VERSION = const(1)

# Host -> board
HELLO = const(0x01)
LEDS = const(0x02)
PING = const(0x03)
MODE = const(0x04)
CALIBRATE = const(0x05)
STATS_REQUEST = const(0x06)
PROFILE = const(0x07)
LEDS_PART = const(0x08)
BOOTLOADER = const(0x09)
# Board -> host
INFO = const(0x81)
ACK = const(0x82)
STATE = const(0x83)
RAW = const(0x85)
STATS = const(0x86)

# ACK status
OK = const(0)
BAD_LENGTH = const(1)
UNKNOWN_KIND = const(2)
BAD_VALUE = const(3)
STORAGE_FAILED = const(4)
MAGNET_NEAR = const(5)
NOT_ANALOG = const(6)
PART_MISSING = const(7)

BOOTLOADER_KEY = b"BOOT"  # BOOTLOADER's body: no stray or garbled frame reboots the board

# MODE values and CALIBRATE operations
MODE_NORMAL = const(0)
MODE_RAW = const(1)
CAL_CAPTURE = const(1)
CAL_THRESHOLDS = const(2)
CAL_FORGET = const(3)

# STATE flags
FLAG_CALIBRATED = const(1)
FLAG_RAW = const(2)
FLAG_LEDS_VALID = const(4)
FLAG_CALIBRATING = const(8)

MAX_PAYLOAD = const(240)  # kind + seq + body + crc; an LED frame is 221
MAX_ENCODED = const(243)  # MAX_PAYLOAD + its COBS overhead (1 per 254) + margin
STATE_BODY = const(28)  # the spaceboard's: 64 holes and 4 grooves
STATE_TAIL = const(8)  # held buttons, 4 press counters, flags, scan rate
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


def encode_frame(kind: int, seq: int, body: "BytesLike" = b"") -> bytes:
    """One frame ready for the wire, delimiter included."""
    payload = bytearray(2 + len(body) + 2)
    payload[0] = kind
    payload[1] = seq & 0xFF
    payload[2 : 2 + len(body)] = body
    crc = crc16(memoryview(payload)[: 2 + len(body)])
    payload[-2] = crc >> 8
    payload[-1] = crc & 0xFF
    return cobs_encode(payload) + b"\x00"


def decode_frame(packet: bytes) -> "Frame":
    """``(kind, seq, body)`` of one packet without its delimiter.

    ``ValueError`` whose argument names the counter: ``cobs``, ``short`` or ``crc``."""
    payload = cobs_decode(packet)
    if len(payload) < 4:
        raise ValueError("short")
    if crc16(payload[:-2]) != (payload[-2] << 8) | payload[-1]:
        raise ValueError("crc")
    return payload[0], payload[1], payload[2:-2]


class Deframer:
    """Splits a byte stream on 0x00 and decodes frames, in a buffer of at most ``limit`` bytes.

    A packet longer than ``limit`` is dropped up to the next delimiter; every drop is counted in
    ``errors`` (``cobs``, ``short``, ``crc``, ``overflow``).
    """

    def __init__(self, limit: int = MAX_ENCODED) -> None:
        self.limit = limit
        self.buffer = bytearray()
        self.overflowing = False
        self.frames = 0
        self.errors = {"cobs": 0, "short": 0, "crc": 0, "overflow": 0}

    def feed(self, data: "BytesLike") -> "list[Frame]":
        """Every complete, valid ``(kind, seq, body)`` in ``data`` and the bytes before it."""
        data = bytes(data)
        frames: list[Frame] = []
        start = 0
        while True:
            end = data.find(b"\x00", start)
            if end < 0:
                self._append(data[start:])
                return frames
            self._append(data[start:end])
            packet = self.buffer
            self.buffer = bytearray()
            if self.overflowing:
                self.overflowing = False
            elif packet:
                try:
                    frames.append(decode_frame(bytes(packet)))
                    self.frames += 1
                except ValueError as error:
                    self.errors[error.args[0]] += 1
            start = end + 1

    def _append(self, chunk: bytes) -> None:
        if self.overflowing or not chunk:
            return
        if len(self.buffer) + len(chunk) > self.limit:
            self.overflowing = True
            self.errors["overflow"] += 1
            self.buffer = bytearray()
        else:
            self.buffer += chunk


def state_length(cells: int, grooves: int) -> int:
    """The length of a STATE body: 2 bits a cell, a byte a groove, then the tail."""
    return (cells + 3) // 4 + grooves + STATE_TAIL


def pack_state(
    holes: bytes, grooves: bytes, held: int, presses: "BytesLike", flags: int, rate: int
) -> bytes:
    """The body of a STATE frame: the 2-bit classes of the holes (hole h at byte h//4, bits
    2*(h%4)), a code per groove, held buttons, 4 press counters, flags, scan rate (u16).
    The spaceboard's is 28 bytes (16 + 4 + 8)."""
    cells = len(holes)
    full = cells >> 2
    at = (cells + 3) >> 2
    body = bytearray(at + len(grooves) + STATE_TAIL)
    for byte in range(full):  # four holes a byte: a quarter of the steps of one hole at a time
        hole = 4 * byte
        body[byte] = (
            (holes[hole] & 3)
            | (holes[hole + 1] & 3) << 2
            | (holes[hole + 2] & 3) << 4
            | (holes[hole + 3] & 3) << 6
        )
    for hole in range(4 * full, cells):
        body[full] |= (holes[hole] & 3) << (2 * (hole & 3))
    body[at : at + len(grooves)] = grooves
    at += len(grooves)
    body[at] = held
    body[at + 1 : at + 5] = presses
    body[at + 5] = flags
    rate = min(rate, 0xFFFF)
    body[at + 6] = rate >> 8
    body[at + 7] = rate & 0xFF
    return bytes(body)


def unpack_state(
    body: bytes, cells: int = 64, grooves: int = 4
) -> tuple[bytes, bytes, int, bytes, int, int]:
    """``(holes, grooves, held, presses, flags, rate)`` of a STATE body; ``ValueError`` if bad."""
    if len(body) != state_length(cells, grooves):
        raise ValueError("length")
    holes = bytes((body[h >> 2] >> (2 * (h & 3))) & 3 for h in range(cells))
    at = (cells + 3) // 4
    codes = bytes(body[at : at + grooves])
    if 3 in holes or (grooves and max(codes) > 4):
        raise ValueError("value")
    at += grooves
    rate = (body[at + 6] << 8) | body[at + 7]
    return (holes, codes, body[at], bytes(body[at + 1 : at + 5]), body[at + 5], rate)


def pack_fields(fields: "Sequence[int]") -> bytes:
    """Signed 16-bit big-endian fields (RAW frames)."""
    out = bytearray(2 * len(fields))
    for i, value in enumerate(fields):
        value = max(-32768, min(32767, value)) & 0xFFFF
        out[2 * i] = value >> 8
        out[2 * i + 1] = value & 0xFF
    return bytes(out)


def unpack_fields(body: bytes) -> list[int]:
    """The fields of a RAW body."""
    out = []
    for i in range(0, len(body) - 1, 2):
        value = (body[i] << 8) | body[i + 1]
        out.append(value - 0x10000 if value & 0x8000 else value)
    return out


def pack_u32s(values: "Iterable[int]") -> bytes:
    """Unsigned 32-bit big-endian counters (STATS frames)."""
    out = bytearray()
    for value in values:
        value &= 0xFFFFFFFF
        out += bytes((value >> 24, (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF))
    return bytes(out)
