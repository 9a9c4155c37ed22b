"""One JSON encoder for what the controller writes: journal entries, remote messages, answers.

Values are ``msgspec.Struct`` classes (or plain JSON values); ``encode`` writes them compactly
with their fields in a fixed order, so the same value is always the same bytes.

>>> encode({"b": 1, "a": [True, None]})
b'{"a":[true,null],"b":1}'
"""

from __future__ import annotations

import msgspec


class Typed(msgspec.Struct, forbid_unknown_fields=True):
    """The base of the API's typed values: a key it does not know is an error, not a loss."""


_ENCODER = msgspec.json.Encoder(order="deterministic")


def encode(value: object) -> bytes:
    """``value`` as compact JSON (dictionaries' keys sorted)."""
    return _ENCODER.encode(value)
