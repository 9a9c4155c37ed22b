"""Colour order per segment of a NeoPixel chain: a chain may mix pixels that read their three bytes
in different orders (5 mm through-hole pixels and a strip). The driver (the Pico's firmware, or
the ``neopixel`` library) writes every pixel in one order; the host hands it each colour so
permuted that the pixel shows what was asked.

>>> for_wire((255, 10, 0), "RGB", "GRB")  # an RGB pixel on a GRB driver
(10, 255, 0)
>>> orders_of([{"first": 0, "order": "RGB"}, {"first": 3, "order": "GRB"}], 5, "GRB", "leds")
('RGB', 'RGB', 'RGB', 'GRB', 'GRB')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.phrase import why
from hal.base import Color
from hal.errors import HalError

ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")


class PixelOrderError(HalError, ValueError):
    """A chain's ``segments`` that are malformed."""


def for_wire(color: Color, pixel_order: str, wire_order: str) -> Color:
    """What to hand a driver writing ``wire_order`` so that a pixel reading its bytes in
    ``pixel_order`` shows ``color``."""
    if pixel_order == wire_order:
        return color
    wanted = dict(zip("RGB", color, strict=True))
    sent = {wire_order[k]: wanted[pixel_order[k]] for k in range(3)}
    return (sent["R"], sent["G"], sent["B"])


def orders_of(
    segments: Sequence[Any] | None, count: int, default: str, where: str
) -> tuple[str, ...]:
    """Each wire position's colour order: ``segments`` (``[{first, order}, ...]``, each from its
    first wire position to the next one's), else ``default`` for the whole chain."""
    if not segments:
        return (default,) * count
    try:
        starts = [(int(s["first"]), str(s["order"])) for s in segments]
    except (KeyError, TypeError, ValueError) as error:
        raise PixelOrderError(
            why("{where}: segments need first and order: {error}", where=where, error=error)
        ) from error
    firsts = [first for first, _ in starts]
    if firsts[0] != 0 or firsts != sorted(set(firsts)) or firsts[-1] >= count:
        raise PixelOrderError(
            why("{where}: segments must start at 0 and rise within the chain", where=where)
        )
    if any(order not in ORDERS for _, order in starts):
        raise PixelOrderError(
            why("{where}: a segment's order is R, G and B in some order", where=where)
        )
    ends = [*firsts[1:], count]
    return tuple(
        order for (first, order), end in zip(starts, ends, strict=True) for _ in range(first, end)
    )
