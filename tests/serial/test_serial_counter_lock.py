"""Every update of the backend's counters holds the lock that guards them.

Deterministic: instead of racing threads, the counters are swapped for a mapping that records,
on each write, whether the writing thread holds the backend's lock.
"""

from __future__ import annotations

from typing import Any

from tests.pico_rig import PicoRig
from tests.waiting import wait_until


class GuardedCounters(dict[str, int]):
    """A counters mapping that notes every write made without ``lock`` held."""

    def __init__(self, values: dict[str, int], lock: Any) -> None:
        super().__init__(values)
        self.lock = lock
        self.written: set[str] = set()
        self.unguarded: set[str] = set()

    def __setitem__(self, key: str, value: int) -> None:
        self.written.add(key)
        if not self.lock._is_owned():  # an RLock's owner check, as threading.Condition uses
            self.unguarded.add(key)
        super().__setitem__(key, value)


def test_every_counter_update_holds_the_lock(rig: PicoRig) -> None:
    backend = rig.backend
    counters = GuardedCounters(dict(backend.counters), backend._lock)
    backend.counters = counters
    rig.board.place("Y-II-H")
    wait_until(lambda: backend.read().occupied() == 1 << 21)
    backend.pixels.fill((0, 9, 0))
    backend.pixels.show()
    rig.pico.inject(b"\x05ab\x00")  # a COBS block that runs past its packet
    wait_until(lambda: counters["rx_cobs"] == 1)
    rig.pico.unplug()
    wait_until(lambda: not backend.connected)
    rig.pico.plug()
    wait_until(lambda: backend.connected)
    wait_until(lambda: counters["tx_frames"] > 2 and counters["rx_frames"] > 2)
    assert {"tx_frames", "rx_frames", "rx_cobs", "connects", "disconnects"} <= counters.written
    assert counters.unguarded == set()
