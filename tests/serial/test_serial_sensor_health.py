"""The sensor health check's bound (``hal.sensor_health``), from the DRV5055's output range: a
connected sensor at either end of its range is never a fault, whatever its baseline within the
margin the bound leaves; a wire on its pull-down (0 V) or an output on the supply always is."""

from __future__ import annotations

import pytest

from engine.holes import Layout
from hal.sensor_health import ADC_COUNTS, OUTPUT_SWING_V, SUPPLY_V, sensor_faults, volts_of

NORTH_SIGN = -1  # wiring/pico.toml: a north pole lowers the output
MID = ADC_COUNTS // 2
MARGIN = 123
"""Counts a calibrated baseline may lie from mid-rail: just under 0.1 V."""


def field(counts: int, baseline: int) -> int:
    """The firmware's field for a sensor converting ``counts`` against ``baseline``."""
    return (counts - baseline) * NORTH_SIGN


def counts_at(volts: float) -> int:
    return round(volts / SUPPLY_V * ADC_COUNTS)


@pytest.mark.parametrize("offset", [-MARGIN, 0, MARGIN])
def test_a_sensor_at_the_end_of_its_range_is_no_fault_and_a_rail_is_one(offset: int) -> None:
    baseline = MID + offset
    ends = (counts_at(OUTPUT_SWING_V), counts_at(SUPPLY_V - OUTPUT_SWING_V))
    assert sensor_faults([field(c, baseline) for c in ends], NORTH_SIGN) == ()
    low, high = sensor_faults([field(0, baseline), field(ADC_COUNTS - 1, baseline)], NORTH_SIGN)
    assert (low.sensor, low.low, high.sensor, high.low) == (0, True, 1, False)


def test_the_words_name_the_hole_or_the_groove_side() -> None:
    fields = [0] * 72
    fields[21] = field(0, MID)
    fields[66] = field(ADC_COUNTS - 1, MID)
    hole, groove = sensor_faults(fields, NORTH_SIGN)
    assert hole.words(Layout()) == (
        "The sensor under Y-II-H reads 0.0 V: its wire is broken or the sensor is missing"
    )
    assert groove.words(Layout()) == (
        "The sensor on the left of groove 2 reads 3.3 V: its output touches the supply (a short)"
    )
    assert volts_of(0, NORTH_SIGN) == pytest.approx(SUPPLY_V / 2)
