"""Bench probe of the serial path (``python -m bench``): LED round trips through the simulated
Pico over a real pty, and reconnection after an unplug. (The firmware's own speed on a Pico is
measured by ``bench.bench_pico``.)"""

from __future__ import annotations

import statistics
import time

from bench.fuzz_serial import wait_for
from tests.pico_rig import pico_rig

ROUNDTRIPS = 300
REPLUGS = 3


def measure() -> dict[str, float]:
    """``serial_roundtrip_ms_p99`` (host LED frame -> simulated Pico -> ACK; target <= 5),
    ``serial_roundtrip_ms_median`` and ``serial_reconnect_ms_max`` (replug -> connected; target
    <= 2000)."""
    with pico_rig() as rig:
        pixels = rig.backend.pixels
        times = []
        for i in range(ROUNDTRIPS):
            pixels[i % 64] = (i % 256, 64, 255 - i % 256)
            start = time.perf_counter()
            pixels.show()
            if not rig.backend.flush(timeout=2.0):
                raise RuntimeError("an LED frame was not acknowledged within 2 s")
            times.append((time.perf_counter() - start) * 1000)
        reconnects = []
        for _ in range(REPLUGS):
            rig.pico.unplug()
            wait_for(lambda: not rig.backend.connected, "the unplug was not noticed")
            start = time.perf_counter()
            rig.pico.plug()
            wait_for(lambda: rig.backend.connected, "the board was not found again")
            reconnects.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "serial_roundtrip_ms_p99": round(times[int(0.99 * (len(times) - 1))], 3),
        "serial_roundtrip_ms_median": round(statistics.median(times), 3),
        "serial_reconnect_ms_max": round(max(reconnects), 1),
    }
