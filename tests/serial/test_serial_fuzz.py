"""Serial line fuzz (:mod:`bench.fuzz_serial`): 10,000 garbage frames of ten kinds from the
simulated Pico (on a pty) into the real SerialBackend, mixed with the Pico's own frames. 0
crashes (handler errors), 0 phantom pieces, 0 disconnects; prints its counts. Paced by the link
itself, never by the clock."""

from __future__ import annotations

import pytest

from bench.fuzz_serial import FRAMES, KINDS, fuzz_serial
from tests.pico_rig import PicoRig

pytestmark = pytest.mark.fuzz


def test_ten_thousand_garbage_frames(rig: PicoRig) -> None:
    result = fuzz_serial(rig)
    print(
        f"serial fuzz: {sum(result.sent.values())} frames ({dict(sorted(result.sent.items()))}); "
        f"dropped {result.dropped}; crashes {result.crashes}, phantom pieces {result.phantoms}, "
        f"lost {result.lost}, disconnects {result.disconnects}, reconnects {result.reconnects}"
    )
    assert sum(result.sent.values()) == FRAMES and len(result.sent) == len(KINDS)
    assert result.changes > 0
    assert result.crashes == 0 and result.phantoms == 0 and result.lost == 0
    assert result.disconnects == 0 and result.reconnects == 0 and rig.backend.connected
    assert sum(result.dropped.values()) >= FRAMES * 9 // 10  # the garbage did reach the deframer
