"""Checks for setting values: whole numbers and seconds within bounds, never ``bool``, ``nan``
or infinity. Every option and game parameter goes through one of these at the engine's edge.

>>> whole_number("seed", 7, 0, 2**63)
7
>>> seconds("call_window", float("nan"), 0.0, 3600.0)
Traceback (most recent call last):
...
engine.errors.SettingError: call_window must be seconds 0..3600: nan
"""

from __future__ import annotations

import math

from engine.errors import SettingError


def shown(value: object) -> str:
    """``repr(value)``, but short for a whole number too long to print."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"a {value.bit_length()}-bit number"
    return repr(value)


def whole_number(key: str, value: object, low: int, high: int) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) with ``low <= value < high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value < high:
        raise SettingError(f"{key} must be a whole number {low}..{high - 1}: {shown(value)}")
    return value


def seconds(key: str, value: object, low: float, high: float) -> float:
    """``value`` if it is a finite number (not a ``bool``) with ``low <= value <= high``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or (isinstance(value, float) and not math.isfinite(value))
        or not low <= value <= high
    ):
        raise SettingError(f"{key} must be seconds {low:g}..{high:g}: {shown(value)}")
    return value
