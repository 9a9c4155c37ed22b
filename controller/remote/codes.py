"""Join codes: six letters a person types, and the game id and signing key they give.

The alphabet leaves out the look-alikes (I, L, O, U, V: 1, l, 0, V/U); a code is read without
regard to case, spaces or dashes. Both sides derive the same keys from the code with PBKDF2, so
the code itself never travels: the topics carry only the game id.

>>> normalise(" abc-dEf ")
'ABCDEF'
>>> derive("ABCDEF").game_id == derive("abcdef").game_id
True
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from controller.errors import BadOrder

ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ"
"""21 letters: no I, L, O, U, V (they pass for 1, 0 or each other)."""
LENGTH = 6
ITERATIONS = 100_000
"""PBKDF2 rounds: a guess of a code costs this many hashes (about 50 ms here)."""
SALT = b"flixboard/v1/join"


@dataclass(frozen=True)
class Keys:
    """What a code gives: the game id of its topics and the key that signs its messages."""

    code: str
    game_id: str
    mac_key: bytes


def new_code() -> str:
    """A fresh code from a cryptographic source."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(code: object) -> str:
    """``code`` in capitals without spaces or dashes; ``BadOrder`` when it is not a code."""
    if not isinstance(code, str):
        raise BadOrder(f"a join code is {LENGTH} letters, not {code!r}")
    text = code.upper().replace(" ", "").replace("-", "")
    if len(text) != LENGTH or any(letter not in ALPHABET for letter in text):
        raise BadOrder(
            f"not a join code: {code!r} ({LENGTH} letters of {ALPHABET}; no I, L, O, U, V)"
        )
    return text


def derive(code: str) -> Keys:
    """The game id and the signing key of a code."""
    text = normalise(code)
    material = hashlib.pbkdf2_hmac("sha256", text.encode(), SALT, ITERATIONS, dklen=64)
    game_id = hashlib.sha256(material[32:]).hexdigest()[:16]
    return Keys(text, game_id, material[:32])
