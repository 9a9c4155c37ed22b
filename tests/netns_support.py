"""A small network of the test's own: two network namespaces joined by a veth pair, the board's
(``BOARD``) and a LAN's (``CLIENT`` and ``OTHER``, two machines' addresses), so that a client
"from the network" never touches the machine's own interfaces. Needs root (``ip netns``)."""

from __future__ import annotations

import os
import secrets
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

BOARD = "10.77.0.1"
CLIENT = "10.77.0.2"
OTHER = "10.77.0.3"


@dataclass(frozen=True)
class Lan:
    """The two namespaces' names."""

    board: str
    clients: str

    def on_board(self, command: Sequence[str]) -> list[str]:
        """``command`` run on the board's side (it may listen on ``BOARD``)."""
        return ["ip", "netns", "exec", self.board, *command]

    def on_lan(self, command: Sequence[str]) -> list[str]:
        """``command`` run on the LAN's side (it may send from ``CLIENT`` or ``OTHER``)."""
        return ["ip", "netns", "exec", self.clients, *command]


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=30)


@contextmanager
def lan() -> Iterator[Lan]:
    """The two namespaces, joined and up; removed afterwards (their processes stopped first by
    the caller)."""
    stem = f"flixtest-{os.getpid()}-{secrets.token_hex(3)}"
    net = Lan(board=f"{stem}-b", clients=f"{stem}-c")
    _ip("netns", "add", net.board)
    try:
        _ip("netns", "add", net.clients)
        try:
            _ip("-n", net.board, "link", "add", "lan0", "type", "veth", "peer", "name", "lan0",
                "netns", net.clients)
            for ns, addresses in ((net.board, [BOARD]), (net.clients, [CLIENT, OTHER])):
                _ip("-n", ns, "link", "set", "lo", "up")
                for address in addresses:
                    _ip("-n", ns, "addr", "add", f"{address}/24", "dev", "lan0")
                _ip("-n", ns, "link", "set", "lan0", "up")
            yield net
        finally:
            _ip("netns", "del", net.clients)
    finally:
        _ip("netns", "del", net.board)
