"""What the Pico's raw mode costs, on the emulated Pico running the committed UF2
(``python -m bench.raw_mode_cost``): full scans per emulated second and the bytes the board
sends, in normal mode and with RAW frames asked for all along (the serial backend's sensor
health check asks for one RAW frame every 5 s). Emulated time runs far slower than real time,
so the host's heartbeats reach the firmware more often per emulated second than on a Pico."""

from __future__ import annotations

import time

from tests.emulated_pico import EmulatedRig, emulated_rig

PHASE_S = 25.0
"""Real seconds per phase."""


def phase(rig: EmulatedRig, raw: bool) -> tuple[float, float]:
    """Scans per emulated second and bytes sent per emulated second over one phase."""
    start = rig.pico.report()
    end = time.monotonic() + PHASE_S
    while time.monotonic() < end:
        if raw:
            rig.backend.raw_fields()  # keeps raw mode on
        time.sleep(0.3)
    stop = rig.pico.report()
    seconds = (stop["t"] - start["t"]) / 1e9
    return (stop["scans"] - start["scans"]) / seconds, (
        stop["txBytes"] - start["txBytes"]
    ) / seconds


def main() -> None:
    with emulated_rig(health_s=3600.0) as rig:
        while not rig.backend.board_scan_hz:
            time.sleep(0.2)
        for raw in (False, True, False, True):
            time.sleep(3.0)
            scans, sent = phase(rig, raw)
            mode = "raw" if raw else "normal"
            print(f"{mode:6} {scans:5.0f} scans/s  {sent:5.0f} bytes/s sent", flush=True)


if __name__ == "__main__":
    main()
