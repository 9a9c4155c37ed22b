"""The LED current budget of a wiring file's ``[power]`` table, and the frame scaling that keeps
a strip within it (the model of ``firmware/leds.py``: each colour channel at 255 draws
``pixel_ma_per_channel``, a dark pixel ``pixel_idle_ma``).

>>> budget = PowerBudget(supply_a=4.0, margin=0.8, other_ma=500.0, pixel_ma_per_channel=20.0,
...                      pixel_idle_ma=1.0)
>>> budget.budget_ma
2700.0
>>> white = [(255, 255, 255)] * 72
>>> round(budget.current_ma(white, 1.0))
4392
>>> level = budget.limit(white, 1.0)
>>> round(level, 3), budget.current_ma(white, level) <= budget.budget_ma
(0.608, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.phrase import why
from hal.base import Color
from hal.errors import HalError


class PowerError(HalError, ValueError):
    """A ``[power]`` table that is missing, malformed or cannot power the strip."""


@dataclass(frozen=True)
class PowerBudget:
    """A 5 V supply and what the strip may draw from it."""

    supply_a: float
    """The supply's rated current."""
    margin: float
    """The share of the rating used at most (0..1]."""
    other_ma: float
    """What the rest of the board draws from the same supply."""
    pixel_ma_per_channel: float
    pixel_idle_ma: float

    @property
    def budget_ma(self) -> float:
        """What the LEDs may draw: ``supply_a * 1000 * margin - other_ma``."""
        return self.supply_a * 1000 * self.margin - self.other_ma

    def current_ma(self, colors: Sequence[Color], brightness: float) -> float:
        """The strip's estimated current for ``colors`` shown at ``brightness``."""
        channels = sum(sum(color) for color in colors)
        lit = channels * brightness * self.pixel_ma_per_channel / 255
        return lit + self.pixel_idle_ma * len(colors)

    def limit(self, colors: Sequence[Color], brightness: float) -> float:
        """The highest brightness up to ``brightness`` whose current stays within the budget."""
        full = sum(sum(color) for color in colors) * self.pixel_ma_per_channel / 255
        room = self.budget_ma - self.pixel_idle_ma * len(colors)
        if full * brightness <= room:
            return brightness
        return max(0.0, room / full)


def missing_power(where: str) -> PowerError:
    """The refusal of a wiring file without a ``[power]`` table."""
    return PowerError(
        why(
            "{where}: no [power] table: the LEDs need the supply's rating (supply_a, margin, "
            "other_ma, pixel_ma_per_channel, pixel_idle_ma) to stay within it",
            where=where,
        )
    )


def load_power(table: Mapping[str, Any] | None, where: str) -> PowerBudget:
    """The budget of a wiring file's ``[power]`` table, checked."""
    if table is None:
        raise missing_power(where)
    try:
        budget = PowerBudget(
            supply_a=float(table["supply_a"]),
            margin=float(table["margin"]),
            other_ma=float(table["other_ma"]),
            pixel_ma_per_channel=float(table["pixel_ma_per_channel"]),
            pixel_idle_ma=float(table["pixel_idle_ma"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise PowerError(
            why("{where}: missing or malformed entry: {error}", where=where, error=error)
        ) from error
    if not (
        budget.supply_a > 0
        and 0 < budget.margin <= 1
        and budget.other_ma >= 0
        and budget.pixel_ma_per_channel > 0
        and budget.pixel_idle_ma >= 0
        and budget.budget_ma > 0
    ):
        raise PowerError(
            why(
                "{where}: [power] needs supply_a above 0, margin in (0, 1], currents >= 0 and "
                "room for the LEDs (supply_a * 1000 * margin above other_ma)",
                where=where,
            )
        )
    return budget
