"""Whether each analog Hall sensor is wired: a reading no connected sensor can give is a fault.

A DRV5055's output stays inside ``OUTPUT_SWING_V`` of either rail however strong the magnet
(its datasheet's linear output range, 0.2 V to VCC - 0.2 V; quiescent VCC/2). Each sensor's
multiplexer input has a 1 MOhm pull-down (``docs/hardware/pico.md``), so a broken wire or a
missing sensor reads 0 V, and an output shorted to the supply reads 3.3 V: both outside that range.

The Pico sends fields, ``(raw - baseline) * north_sign`` (``firmware/PROTOCOL.md``), not its
baselines, so the voltage is reckoned from mid-rail: exactly the firmware's baseline before
calibration, and within a few tens of millivolts of a calibrated DRV5055's (its output rests
at VCC/2). The limit lies halfway between the rail and the sensor's range (``LIMIT_V``, 0.1 V
from either rail), so a baseline up to 0.1 V from mid-rail neither hides a broken wire nor
makes a magnet that drives its sensor to the end of its range read as one.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from engine.holes import Naming
from engine.phrase import why
from hal.base import HOLE_COUNT
from hal.pinmap import load_pico

SUPPLY_V = 3.3
"""The sensors' supply and the ADC's reference (``wiring/pico.toml [hall] supply_v``)."""
ADC_COUNTS = 4096
"""The RP2040 ADC's 12 bits, as the firmware counts them."""
OUTPUT_SWING_V = 0.2
"""How close to either rail a DRV5055's output can come (datasheet: 0.2 V to VCC - 0.2 V)."""
LIMIT_V = OUTPUT_SWING_V / 2
"""A reading nearer a rail than this is no connected sensor's: halfway into the margin."""


@dataclass(frozen=True)
class SensorFault:
    """A sensor (0..63 under the holes, 64..71 two per groove) reading ``volts``, beyond what a
    connected sensor gives: ``low`` near 0 V (a broken wire, a missing sensor), else near the
    supply (an output shorted to it)."""

    sensor: int
    volts: float

    @property
    def low(self) -> bool:
        return self.volts < SUPPLY_V / 2

    def words(self, naming: Naming) -> str:
        """What is wrong and what to check, naming the hole (or groove) as the players do."""
        where = where_sensor(self.sensor, naming)
        volts = f"{self.volts:.1f}"
        if self.low:
            return why(
                "The sensor {where} reads {volts} V: its wire is broken or the sensor is missing",
                where=where,
                volts=volts,
            )
        return why(
            "The sensor {where} reads {volts} V: its output touches the supply (a short)",
            where=where,
            volts=volts,
        )


def where_sensor(sensor: int, naming: Naming) -> str:
    """``under R-I-S`` for a hole's sensor, ``on the left of groove 1`` for a groove's."""
    if sensor < HOLE_COUNT:
        return why("under {hole}", hole=naming.name(sensor))
    groove, side = divmod(sensor - HOLE_COUNT, 2)
    side_words = why("left") if side == 0 else why("right")
    return why("on the {side} of groove {groove}", side=side_words, groove=groove + 1)


def volts_of(field: int, north_sign: int) -> float:
    """The voltage behind a field, reckoned from mid-rail (the module docstring says why)."""
    counts = ADC_COUNTS // 2 + field * north_sign
    return max(0.0, min(SUPPLY_V, counts * SUPPLY_V / ADC_COUNTS))


@functools.cache
def pico_north_sign() -> int:
    """The sign of a north pole's field on the Pico's wiring (``wiring/pico.toml``)."""
    return load_pico().north_sign


def sensor_faults(fields: Sequence[int], north_sign: int | None = None) -> tuple[SensorFault, ...]:
    """Every sensor of ``fields`` (a RAW frame's) whose voltage no connected sensor gives
    (``north_sign``: the wiring's, by default the Pico's)."""
    if north_sign is None:
        north_sign = pico_north_sign()
    faults = []
    for sensor, field in enumerate(fields):
        volts = volts_of(field, north_sign)
        if volts < LIMIT_V or volts > SUPPLY_V - LIMIT_V:
            faults.append(SensorFault(sensor, volts))
    return tuple(faults)
