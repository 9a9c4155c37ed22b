"""One JSON encoder for what the controller writes: journal entries, remote messages, answers.

Values are ``msgspec.Struct`` classes (or plain JSON values); ``encode`` writes them compactly,
a class's fields in their declared order and a dictionary's keys in the order they were put in
(the page shows some in that order: a Pay-Off line's tokens along the line).

>>> encode({"b": 1, "a": [True, None]})
b'{"b":1,"a":[true,null]}'
"""

from __future__ import annotations

import msgspec


class Typed(msgspec.Struct, forbid_unknown_fields=True):
    """The base of the API's typed values: a key it does not know is an error, not a loss."""


_ENCODER = msgspec.json.Encoder()


def encode(value: object) -> bytes:
    """``value`` as compact JSON."""
    return _ENCODER.encode(value)
