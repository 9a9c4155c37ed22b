"""A fuzz of the serial line: garbage frames of ten kinds from the simulated Pico (on a pty)
into the real :class:`~hal.serial_backend.SerialBackend`, mixed with the Pico's own frames.

A failure is a handler error in the backend, a phantom piece (a piece the board does not hold),
a lost piece, a disconnect or a reconnect. Paced by the link itself: after each batch the driver
waits for one of the Pico's own frames, so the host keeps hearing its board whatever the load.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from hal import cobs
from hal.base import Piece
from hal.crc import crc16
from hal.serial_protocol import STATE_BODY, Kind, build_state, encode_frame
from tests.pico_rig import PicoRig

FRAMES = 10_000
BATCH = 50
"""Garbage frames per write."""
SEED = 12
PHANTOM_BODY = build_state((Piece.MAN,) * 64, ("R", "Y", "G", "B"))
HOST_BOUND = {int(kind) for kind in Kind if kind >= 0x80}
DROP_COUNTERS = ("rx_cobs", "rx_short", "rx_crc", "rx_overflow", "rx_malformed", "rx_unknown")


def wait_for(condition: Callable[[], bool], failure: str, timeout: float = 10.0) -> None:
    """Poll ``condition`` until it holds; ``RuntimeError(failure)`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{failure} within {timeout:g} s")
        time.sleep(0.001)


def _valid(kind: int, body: bytes, rng: random.Random) -> bytes:
    return encode_frame(kind, rng.randrange(256), body)


def noise(rng: random.Random) -> bytes:
    return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 120))) + b"\x00"


def truncated(rng: random.Random) -> bytes:
    frame = _valid(Kind.STATE, PHANTOM_BODY, rng)
    return frame[: rng.randrange(1, len(frame) - 1)] + b"\x00"


def bit_flipped(rng: random.Random) -> bytes:
    frame = bytearray(_valid(Kind.STATE, PHANTOM_BODY, rng))
    at = rng.randrange(len(frame) - 1)
    bits = [bit for bit in range(8) if frame[at] ^ 1 << bit]  # never a delimiter in the frame
    frame[at] ^= 1 << rng.choice(bits)
    return bytes(frame)


def bad_crc(rng: random.Random) -> bytes:
    payload = bytes([Kind.STATE, rng.randrange(256)]) + PHANTOM_BODY
    crc = (crc16(payload) + rng.randrange(1, 0xFFFF)) & 0xFFFF
    return cobs.encode(payload + crc.to_bytes(2, "big")) + b"\x00"


def oversized(rng: random.Random) -> bytes:
    return bytes(rng.randrange(1, 256) for _ in range(rng.randrange(244, 600))) + b"\x00"


def short(rng: random.Random) -> bytes:
    return cobs.encode(bytes(rng.randrange(256) for _ in range(rng.randrange(0, 4)))) + b"\x00"


def cobs_overrun(rng: random.Random) -> bytes:
    length = rng.randrange(1, 40)
    body = bytes(rng.randrange(1, 256) for _ in range(length))
    return bytes([min(255, length + rng.randrange(2, 60))]) + body + b"\x00"


def unknown_kind(rng: random.Random) -> bytes:
    kind = rng.choice([k for k in range(256) if k not in HOST_BOUND])
    return _valid(kind, bytes(rng.randrange(256) for _ in range(rng.randrange(0, 40))), rng)


def state_bad_length(rng: random.Random) -> bytes:
    length = rng.choice([n for n in range(0, 60) if n != STATE_BODY])
    return _valid(Kind.STATE, (PHANTOM_BODY * 3)[:length], rng)


def state_bad_value(rng: random.Random) -> bytes:
    body = bytearray(PHANTOM_BODY)
    if rng.random() < 0.5:
        body[rng.randrange(16)] |= 3 << (2 * rng.randrange(4))  # a hole of the unused class 3
    else:
        body[16 + rng.randrange(4)] = rng.randrange(5, 256)  # an unknown panel code
    return _valid(Kind.STATE, bytes(body), rng)


KINDS = [
    noise,
    truncated,
    bit_flipped,
    bad_crc,
    oversized,
    short,
    cobs_overrun,
    unknown_kind,
    state_bad_length,
    state_bad_value,
]


@dataclass
class SerialFuzz:
    """What a fuzz run sent and what the backend made of it."""

    sent: Counter[str] = field(default_factory=Counter)
    """Garbage frames by kind."""
    dropped: dict[str, int] = field(default_factory=dict)
    """Frames the backend dropped, by its counter."""
    crashes: int = 0
    """Handler errors in the backend."""
    phantoms: int = 0
    lost: int = 0
    disconnects: int = 0
    reconnects: int = 0
    changes: int = 0
    """Board changes the backend reported during the run."""

    @property
    def failures(self) -> int:
        """Crashes, phantom or lost pieces, disconnects and reconnects."""
        return self.crashes + self.phantoms + self.lost + self.disconnects + self.reconnects


def fuzz_serial(rig: PicoRig, frames: int = FRAMES, seed: int = SEED) -> SerialFuzz:
    """Put two pieces on the rig's board, send ``frames`` garbage frames (seeded) in batches,
    then place a third piece; every board the backend reports must hold exactly what the board
    held. The rig must be fresh (connected once)."""
    backend, counters = rig.backend, rig.backend.counters
    rig.board.place("Y-II-H")
    rig.board.place("B-IV-C", Piece.BUROCRAT)
    expected = (1 << 21) | (1 << 63)
    wait_for(lambda: backend.read().occupied() == expected, "the two pieces were not seen")
    result = SerialFuzz()
    masks: list[int] = []

    def changed() -> None:
        result.disconnects += not backend.connected
        masks.append(backend.read().occupied())

    backend.when_changed = changed
    rng = random.Random(seed)
    before = dict(counters)
    connects = counters["connects"]
    heard = 0

    def heard_more() -> bool:
        return counters["rx_frames"] > heard

    for start in range(0, frames, BATCH):
        batch = [rng.choice(KINDS) for _ in range(min(BATCH, frames - start))]
        result.sent.update(kind.__name__ for kind in batch)
        heard = counters["rx_frames"]
        rig.pico.inject(b"".join(kind(rng) for kind in batch))
        wait_for(heard_more, "the board fell silent", 30.0)
    rig.board.place("R-I-S")
    wait_for(lambda: backend.read().occupied() == expected | 1, "the third piece was not seen")
    backend.when_changed = None
    result.dropped = {key: counters[key] - before[key] for key in DROP_COUNTERS}
    result.crashes = counters["handler_errors"] - before["handler_errors"]
    result.phantoms = sum(1 for mask in masks if mask & ~(expected | 1))
    result.lost = sum(1 for mask in masks if mask & expected != expected)
    result.disconnects += not backend.connected
    result.reconnects = counters["connects"] - connects
    result.changes = len(masks)
    return result
