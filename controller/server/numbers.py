"""One way to read numbers from a request: ASCII digits only, bounded in length and value.

``str.isdigit`` accepts "²" and ``int`` reads an Arabic-Indic one as 1; ``json.loads`` reads any
number of digits, ``NaN``, ``Infinity`` and ``1e999``. Here a number in a query, a header or a
JSON body is plain ASCII, finite, and fits a 64-bit integer; anything else is a ``BadOrder``
(400) that names it. A whole number written with a fraction or an exponent (``2.0``, ``2e3``)
is the whole number, as JSON Schema's ``integer`` counts it: where the API takes an integer,
``2.0`` is taken as ``2`` (and where it takes a number, ``2`` is one).
"""

from __future__ import annotations

import json
import math
from typing import Any, NoReturn

from controller.errors import BadOrder

MAX_DIGITS = 19
"""The most digits a whole number may have (``2**63 - 1`` has 19)."""
WHOLE_LIMIT = 2**63
"""Whole numbers in a request lie strictly between ``-WHOLE_LIMIT`` and ``WHOLE_LIMIT``."""
MAX_FLOAT_TEXT = 40
"""The longest text of a fractional number taken (more digits than a float holds)."""


def parse_whole(text: str, what: str, low: int, high: int) -> int:
    """``text`` as a whole number ``low..high``: ASCII digits only, at most ``MAX_DIGITS``.

    >>> parse_whole("2", "team", 0, 2)
    2
    >>> parse_whole("²", "team", 0, 2)
    Traceback (most recent call last):
    controller.errors.BadOrder: team must be a whole number 0..2, not '²'
    """
    shown = text if len(text) <= 24 else f"{text[:20]}... ({len(text)} characters)"
    bad = BadOrder(f"{what} must be a whole number {low}..{high}, not {shown!r}")
    if not (0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()):
        raise bad
    value = int(text)
    if not low <= value <= high:
        raise bad
    return value


def _json_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise BadOrder(f"a number in the body has {digits} digits (at most {MAX_DIGITS})")
    value = int(text)
    if not -WHOLE_LIMIT < value < WHOLE_LIMIT:
        raise BadOrder(f"a number in the body is out of range: {value} (|n| < 2**63)")
    return value


def _json_float(text: str) -> float | int:
    if len(text) > MAX_FLOAT_TEXT:
        raise BadOrder(f"a number in the body is too long: {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise BadOrder(f"a number in the body is not finite: {text}")
    if value.is_integer() and -WHOLE_LIMIT < value < WHOLE_LIMIT:
        return int(value)  # JSON Schema's integer: 2.0 and 2e3 are whole numbers
    return value


def _json_constant(name: str) -> NoReturn:
    raise BadOrder(f"{name} is not a number this API takes")


def loads_json(raw: bytes) -> Any:
    """A JSON document whose numbers are all bounded and finite (``BadOrder`` otherwise);
    ``json.JSONDecodeError``, ``UnicodeDecodeError`` and ``RecursionError`` as ``json.loads``."""
    return json.loads(
        raw, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant
    )
