"""How fast one client may send requests with effects: a small token bucket per client address.

Each address holds up to ``BURST`` tokens and gets ``RATE_PER_S`` back each second; every order
(each POST, and ``GET /api/hint``, which starts a search) takes one, and one without a token is
refused with 429 and ``Retry-After``. Reading the board never takes a token, so clients that
hammer orders cannot starve the readers. Clients on this machine (loopback) are not limited: the
limit keeps one machine on the network from taking the board's time, and the board's own
scripts and kiosk page may drive it as fast as they like. Time is the board's clock.
"""

from __future__ import annotations

import ipaddress
import math
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from controller.errors import TooMany

RATE_PER_S = 5.0
"""Orders a second one client may keep sending (a person taps far less often)."""
BURST = 20
"""Orders one client may send at once before the rate holds it back."""
MAX_CLIENTS = 1024
"""Addresses remembered at once; the one heard from least recently is forgotten first."""


@dataclass
class _Bucket:
    tokens: float
    at: float


def is_loopback_address(address: str) -> bool:
    """Whether a client address is this machine's (``127.0.0.0/8``, ``::1``)."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class RateLimit:
    """The buckets of the clients heard from; ``take`` one order's token for an address."""

    def __init__(
        self, clock: Callable[[], float], rate: float = RATE_PER_S, burst: int = BURST
    ) -> None:
        self.clock = clock
        self.rate = rate
        self.burst = burst
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()
        self.refused = 0
        """Orders refused so far (all clients)."""

    def take(self, address: str) -> None:
        """One order from ``address``: taken, or ``TooMany`` with the seconds to wait."""
        if is_loopback_address(address):
            return
        now = self.clock()
        bucket = self._buckets.pop(address, None)
        if bucket is None:
            bucket = _Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        self._buckets[address] = bucket
        while len(self._buckets) > MAX_CLIENTS:
            self._buckets.popitem(last=False)
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return
        self.refused += 1
        wait = (1.0 - bucket.tokens) / self.rate
        raise TooMany(
            f"too many orders from {address}: at most {self.burst} at once and "
            f"{self.rate:g} a second; try again in {math.ceil(wait)} s",
            wait,
        )
