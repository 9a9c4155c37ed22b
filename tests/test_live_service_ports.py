"""The ports the tests' services and brokers listen on (tests/live_service.py)."""

from __future__ import annotations

import socket
from pathlib import Path

from tests.live_service import free_port, worker_ports

EPHEMERAL_FIRST = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])


def test_each_worker_has_ports_of_its_own_below_the_ephemeral_ones() -> None:
    ranges = [set(worker_ports(f"gw{index}")) for index in range(4)]
    assert all(len(ports) > 1000 for ports in ranges)
    assert all(not ranges[a] & ranges[b] for a in range(4) for b in range(a + 1, 4))
    assert max(max(ports) for ports in ranges) < EPHEMERAL_FIRST


def test_a_port_is_not_handed_out_again_and_one_in_use_is_passed_over() -> None:
    first = free_port()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:
        held.bind(("127.0.0.1", first + 1))
        held.listen()
        second = free_port()
    assert first in worker_ports() and second in worker_ports()
    assert second not in (first, first + 1)
