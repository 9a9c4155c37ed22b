"""Sealed messages: every message of a game is encrypted and authenticated (ChaCha20-Poly1305)
and numbered against replay; the host's also carry proof that the host wrote them.

A message on the wire is bytes, never parsed before it is authenticated::

    kind (1) | seq (8, big-endian) | nonce (12) | ciphertext and tag | mac (32)? | signature (64)?

``kind`` is ``0x20`` plus ``MAC`` and ``SIGNED`` for the parts that follow. The AEAD's associated
data is the topic and the header, so a message cannot be moved to another game's or another
role's topic, nor its number or kind changed. ``seq`` grows with every message of a sender,
across its restarts too (it starts from the clock in microseconds): a reader keeps the numbers it
has seen (``ReplayWindow``) and drops a copy or anything older than what it has forgotten.

The host's messages are read by the guest and every spectator with one key, so that key alone
does not prove the host wrote them: for the guest the host adds an HMAC under a key only the two
share (``mac``), for spectators an Ed25519 signature whose public key they hold (only while
someone watches: a signature costs the host, and its check the reader, far more than the rest).

>>> from controller.remote.messages import Hello
>>> key = bytes(32)
>>> sealer, opener = Sealer(key), Opener(key)
>>> wire = sealer.seal("t/a", Hello(1, 0, "n1"))
>>> opener.open("t/a", wire).text
b'{"type":"hello","game":1,"have":0,"nonce":"n1"}'
>>> opener.open("t/a", wire).verdict
'duplicate'
>>> Opener(key).open("t/b", wire).verdict
'forged'
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import deque
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from controller.remote.inbox import within_depth
from controller.remote.messages import Message
from controller.wire import encode

VERSION = 0x20
MAC, SIGNED = 1, 2
"""The parts after the ciphertext, as flags of the first byte."""
HEADER = 1 + 8 + 12
MAC_SIZE = 32
TAG = 16
SIGNATURE = 64
MAX_MESSAGE = 256 * 1024
"""The largest message read; a snapshot of the longest game is far smaller."""
WINDOW = 4096
"""Message numbers a reader remembers per sender; an older one is dropped as a replay."""


def _mac(key: bytes, topic: str, sealed: bytes) -> bytes:
    return hmac.new(key, topic.encode() + b"\0" + sealed, hashlib.sha256).digest()


class Sealer:
    """Seals the messages of one sender under ``key``; adds a MAC under ``mac_key`` and a
    signature with ``signer`` when they are set (they may be set later)."""

    def __init__(
        self,
        key: bytes,
        *,
        mac_key: bytes | None = None,
        signer: Ed25519PrivateKey | None = None,
    ) -> None:
        self._aead = ChaCha20Poly1305(key)
        self.mac_key = mac_key
        self.signer = signer
        self._seq = 0

    def next_seq(self) -> int:
        """A number larger than every one this sender used, in this run or before."""
        self._seq = max(self._seq + 1, time.time_ns() // 1000)
        return self._seq

    def seal(self, topic: str, body: Message, seq: int | None = None) -> bytes:
        """The wire form of ``body`` on ``topic`` (numbered ``seq``, else the next number)."""
        kind = VERSION | (MAC if self.mac_key else 0) | (SIGNED if self.signer else 0)
        header = bytes([kind]) + (seq or self.next_seq()).to_bytes(8, "big")
        header += secrets.token_bytes(12)
        sealed = header + self._aead.encrypt(header[9:], encode(body), topic.encode() + header)
        if self.mac_key is not None:
            sealed += _mac(self.mac_key, topic, sealed)
        if self.signer is not None:
            sealed += self.signer.sign(topic.encode() + b"\0" + sealed)
        return sealed


class ReplayWindow:
    """The message numbers seen of one sender: a number seen, or older than the oldest one kept,
    is a replay."""

    def __init__(self) -> None:
        self._seen: set[int] = set()
        self._order: deque[int] = deque()
        self._floor = 0

    def fresh(self, seq: int) -> bool:
        return seq > self._floor and seq not in self._seen

    def add(self, seq: int) -> None:
        self._seen.add(seq)
        self._order.append(seq)
        if len(self._order) > WINDOW:
            gone = self._order.popleft()
            self._seen.discard(gone)
            self._floor = max(self._floor, gone)


@dataclass(frozen=True)
class Opened:
    """What became of a message: ``verdict`` ``ok`` (then its ``text``, read by
    ``messages.decode``, and ``seq``), ``forged`` (not sealed with the key, damaged, not signed
    by the host), ``malformed`` (nested deeper than any message) or ``duplicate``."""

    verdict: str
    text: bytes = b""
    seq: int = 0


class Opener:
    """Opens the messages of one sender sealed under ``key``; with ``mac_key`` only those with
    the sender's MAC, with ``verify`` only those signed with its key."""

    def __init__(
        self,
        key: bytes,
        *,
        mac_key: bytes | None = None,
        verify: Ed25519PublicKey | None = None,
    ) -> None:
        self._aead = ChaCha20Poly1305(key)
        self._mac_key = mac_key
        self._verify = verify
        self.window = ReplayWindow()

    def open(self, topic: str, payload: bytes) -> Opened:
        if not HEADER + TAG <= len(payload) <= MAX_MESSAGE or payload[0] & ~3 != VERSION:
            return Opened("forged")
        kind = payload[0]
        if (self._mac_key is not None and not kind & MAC) or (
            self._verify is not None and not kind & SIGNED
        ):
            return Opened("forged")
        if kind & SIGNED:
            payload, signed = payload[:-SIGNATURE], payload[-SIGNATURE:]
            if self._verify is not None:
                try:
                    self._verify.verify(signed, topic.encode() + b"\0" + payload)
                except InvalidSignature:
                    return Opened("forged")
        if kind & MAC:
            payload, mac = payload[:-MAC_SIZE], payload[-MAC_SIZE:]
            if self._mac_key is not None and not hmac.compare_digest(
                mac, _mac(self._mac_key, topic, payload)
            ):
                return Opened("forged")
        if len(payload) < HEADER + TAG:
            return Opened("forged")
        header = payload[:HEADER]
        seq = int.from_bytes(header[1:9], "big")
        try:
            plain = self._aead.decrypt(header[9:], payload[HEADER:], topic.encode() + header)
        except InvalidTag:
            return Opened("forged")
        if not self.window.fresh(seq):
            return Opened("duplicate")
        if not within_depth(plain):  # a key holder's text nested too deep for any message
            return Opened("malformed")
        self.window.add(seq)
        return Opened("ok", plain, seq)
