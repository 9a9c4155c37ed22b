"""Token commitments for digital Pay-Off between boards: bind a hidden token to its Man.

The owner's board attaches a token with a fresh 128-bit ``nonce`` and sends only its
``commitment``: SHA-256 over a domain tag, the game id, the game number, the hole, the value and
the nonce, each length-prefixed so that no two field lists hash alike. When the rules reveal the
token, the owner sends the opening (value and nonce); ``opens`` tells whether it fits.

>>> nonce = "00" * 16
>>> seal = commitment("g1", 7, "Y-II-H", 50, nonce)
>>> len(seal), opens(seal, "g1", 7, "Y-II-H", 50, nonce), opens(seal, "g1", 7, "Y-II-H", 25, nonce)
(64, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

DOMAIN = b"FLIX token commitment v1"
"""The domain tag: a commitment hashes never like any other digest of the project."""
NONCE_BYTES = 16
"""A nonce's length: 128 bits."""
_NONCE = re.compile(r"[0-9a-f]{32}")
_COMMITMENT = re.compile(r"[0-9a-f]{64}")


def fresh_nonce() -> str:
    """A fresh 128-bit nonce from the operating system's randomness, as 32 hex digits."""
    return secrets.token_hex(NONCE_BYTES)


def _field(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def commitment(game_id: str, game: int, hole: str, value: int, nonce: str) -> str:
    """The commitment (64 hex digits) to token ``value`` on ``hole`` of game ``game`` of
    ``game_id``, hidden by ``nonce`` (32 hex digits)."""
    if not _NONCE.fullmatch(nonce):
        raise ValueError(f"a nonce is 32 lower-case hex digits: {nonce[:40]!r}")
    digest = hashlib.sha256(_field(DOMAIN))
    for part in (
        game_id.encode(),
        game.to_bytes(8, "big"),
        hole.encode(),
        value.to_bytes(8, "big"),
        bytes.fromhex(nonce),
    ):
        digest.update(_field(part))
    return digest.hexdigest()


def opens(seal: str, game_id: str, game: int, hole: str, value: int, nonce: str) -> bool:
    """Whether ``value`` and ``nonce`` open ``seal`` for this hole of this game (a malformed
    nonce, value or commitment opens nothing)."""
    if not _COMMITMENT.fullmatch(seal) or not _NONCE.fullmatch(nonce):
        return False
    if isinstance(value, bool) or not 0 <= value < 2**63 or not 0 <= game < 2**63:
        return False
    return hmac.compare_digest(seal, commitment(game_id, game, hole, value, nonce))
