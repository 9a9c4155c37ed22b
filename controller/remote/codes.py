"""Join codes: eight letters a person types (shown as two groups of four).

The alphabet leaves out the look-alikes (I, L, O, U, V: 1, l, 0, V/U); a code is read without
regard to case, spaces or dashes. The first two letters name the meeting place, the first four
are proven before the host answers, the whole code is the password of a SPAKE2 exchange with
the host (``controller.remote.pake``).

>>> normalise(" abcd-eFgh ")
'ABCDEFGH'
"""

from __future__ import annotations

import secrets

from controller.errors import BadOrder
from engine.phrase import why

ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ"
"""21 letters: no I, L, O, U, V (they pass for 1, 0 or each other)."""
LENGTH = 8


def new_code() -> str:
    """A fresh code from a cryptographic source."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(code: object) -> str:
    """``code`` in capitals without spaces or dashes; ``BadOrder`` when it is not a code."""
    if not isinstance(code, str):
        raise BadOrder(
            why("a join code is {length} letters, not {code}", length=LENGTH, code=repr(code))
        )
    text = code.upper().replace(" ", "").replace("-", "")
    if len(text) != LENGTH or any(letter not in ALPHABET for letter in text):
        raise BadOrder(
            why(
                "not a join code: {code} ({length} letters of {letters}; no I, L, O, U, V)",
                code=repr(code),
                length=LENGTH,
                letters=ALPHABET,
            )
        )
    return text
