"""Serial line fuzz: 10,000 garbage frames of ten kinds from the simulated Pico (on a pty) into
the real SerialBackend, mixed with the Pico's own frames. 0 crashes (handler errors), 0 phantom
pieces, 0 disconnects; prints its counts. Paced by the link itself, never by the clock."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from hal import cobs
from hal.base import Piece
from hal.crc import crc16
from hal.serial_protocol import STATE_BODY, Kind, build_state, encode_frame
from sim.pico_rig import PicoRig

Wait = Callable[..., None]
FRAMES = 10_000
BATCH = 50
"""Garbage frames per write; after each batch the test waits for one of the Pico's own frames,
so the host keeps hearing its board whatever the load."""
PHANTOM_BODY = build_state((Piece.MAN,) * 64, ("R", "Y", "G", "B"))
HOST_BOUND = {int(kind) for kind in Kind if kind >= 0x80}


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


def test_ten_thousand_garbage_frames(rig: PicoRig, wait_until: Wait) -> None:
    backend, counters = rig.backend, rig.backend.counters
    rig.board.place("Y-II-H")
    rig.board.place("B-IV-C", Piece.BUROCRAT)
    expected = (1 << 21) | (1 << 63)
    wait_until(lambda: backend.read().occupied() == expected)
    masks: list[int] = []
    disconnects = 0

    def changed() -> None:
        nonlocal disconnects
        disconnects += not backend.connected
        masks.append(backend.read().occupied())

    backend.when_changed = changed
    rng = random.Random(12)
    sent: Counter[str] = Counter()
    before = dict(counters)
    for start in range(0, FRAMES, BATCH):
        batch = [rng.choice(KINDS) for _ in range(min(BATCH, FRAMES - start))]
        sent.update(kind.__name__ for kind in batch)
        heard = counters["rx_frames"]
        rig.pico.inject(b"".join(kind(rng) for kind in batch))
        wait_until(lambda heard=heard: counters["rx_frames"] > heard, 30.0)
    rig.board.place("R-I-S")
    wait_until(lambda: backend.read().occupied() == expected | 1)
    dropped = {
        key: counters[key] - before[key]
        for key in ("rx_cobs", "rx_short", "rx_crc", "rx_overflow", "rx_malformed", "rx_unknown")
    }
    phantoms = sum(1 for mask in masks if mask & ~(expected | 1))
    lost = sum(1 for mask in masks if mask & expected != expected)
    print(
        f"serial fuzz: {sum(sent.values())} frames ({dict(sorted(sent.items()))}); dropped "
        f"{dropped}; crashes {counters['handler_errors']}, phantom pieces {phantoms}, lost {lost}, "
        f"disconnects {disconnects}"
    )
    assert sum(sent.values()) == FRAMES and len(sent) == len(KINDS) and masks
    assert counters["handler_errors"] == 0
    assert phantoms == 0 and lost == 0 and disconnects == 0 and backend.connected
    assert counters["connects"] == 1
    assert sum(dropped.values()) >= FRAMES * 9 // 10  # the garbage did reach the deframer
