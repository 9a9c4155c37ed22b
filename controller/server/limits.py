"""How fast one client may send requests with effects: a small token bucket per client address.

Each address holds up to ``BURST`` tokens and gets ``RATE_PER_S`` back each second; every order
(each POST, and ``GET /api/hint``, which starts a search) takes one, and one without a token is
refused with 429 and ``Retry-After``. Reading the board never takes a token, so clients that
hammer orders cannot starve the readers. Clients on this machine (loopback) are not limited: the
limit keeps one machine on the network from taking the board's time, and the board's own
scripts and kiosk page may drive it as fast as they like. Time is the board's clock.

Wrong tokens have a bucket of their own (``Logins``), looked at *before* a token is compared:
a client that sent ``WRONG_TOKENS`` wrong ones is refused with 429 whatever it sends next, the
right token too, and gets one more try every ``WRONG_TOKEN_EVERY_S`` seconds; another client
(another address) is not held back. A token of 16 characters or more then takes longer to find
than the board lasts (docs/THREATS.md).
"""

from __future__ import annotations

import contextlib
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
WRONG_TOKENS = 20
"""Wrong tokens one client may send before it is refused (``Logins``)."""
WRONG_TOKEN_EVERY_S = 30.0
"""A refused client gets one more try every so many seconds."""
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
        bucket = self._refilled(address)
        if bucket is None:
            return
        if bucket.tokens < 1.0:
            raise self._refusal(
                address,
                bucket,
                f"too many orders from {address}: at most {self.burst} at once and "
                f"{self.rate:g} a second",
            )
        bucket.tokens -= 1.0

    def check(self, address: str, what: str) -> None:
        """``TooMany`` (saying ``what``) when ``address`` has no token left; none is taken."""
        bucket = self._refilled(address)
        if bucket is not None and bucket.tokens < 1.0:
            raise self._refusal(address, bucket, what)

    def _refilled(self, address: str) -> _Bucket | None:
        """The bucket of ``address``, refilled up to now (``None``: this machine, no limit)."""
        if is_loopback_address(address):
            return None
        now = self.clock()
        bucket = self._buckets.pop(address, None)
        if bucket is None:
            bucket = _Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        self._buckets[address] = bucket
        while len(self._buckets) > MAX_CLIENTS:
            self._buckets.popitem(last=False)
        return bucket

    def _refusal(self, address: str, bucket: _Bucket, what: str) -> TooMany:
        self.refused += 1
        wait = (1.0 - bucket.tokens) / self.rate
        return TooMany(f"{what}; try again in {math.ceil(wait)} s", wait)


class Logins:
    """The wrong tokens of each client: ``check`` before a token is compared, ``wrong`` after
    a wrong one."""

    def __init__(
        self,
        clock: Callable[[], float],
        tries: int = WRONG_TOKENS,
        every_s: float = WRONG_TOKEN_EVERY_S,
    ) -> None:
        self._tries = RateLimit(clock, rate=1.0 / every_s, burst=tries)

    @property
    def refused(self) -> int:
        """Requests refused so far for their client's wrong tokens (all clients)."""
        return self._tries.refused

    def check(self, address: str) -> None:
        """``TooMany`` when ``address`` sent too many wrong tokens (whatever it sends now)."""
        self._tries.check(
            address,
            f"too many wrong tokens from {address}: at most {self._tries.burst}, then one "
            f"every {1.0 / self._tries.rate:g} s",
        )

    def wrong(self, address: str) -> None:
        """``address`` sent a wrong token."""
        with contextlib.suppress(TooMany):
            self._tries.take(address)
