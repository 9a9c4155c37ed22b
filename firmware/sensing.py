"""From raw counts to pieces and panels: per-sensor baseline, hysteresis thresholds, debounce.

Each sensor is in one of three classes: ``NONE``, ``NORTH`` (a Man in a hole) or ``SOUTH``
(a Burocrat). A magnet is seen when ``|field| >= on`` and stays seen until ``|field| < off``;
a new class is taken only after it held for ``debounce`` scans in a row.
"""

from firmware import pins
from firmware.compat import const

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import MutableSequence, Sequence

NONE = const(0)
NORTH = const(1)
SOUTH = const(2)


class Classifier:
    """Debounced classes of every sensor; ``update(raw)`` says whether any class changed."""

    def __init__(
        self,
        count: int = pins.SENSOR_COUNT,
        on: int = pins.ON_COUNTS,
        off: int = pins.OFF_COUNTS,
        debounce: int = pins.DEBOUNCE_SCANS,
        north_sign: int = pins.NORTH_SIGN,
    ) -> None:
        self.count = count
        self.baseline: MutableSequence[int] = [pins.ADC_MID] * count
        self.on = on
        self.off = off
        self.debounce = debounce
        self.north_sign = north_sign
        self.field: MutableSequence[int] = [0] * count
        self.state = bytearray(count)
        self._pending = bytearray(count)
        self._held = bytearray(count)

    def set_thresholds(self, on: int, off: int) -> None:
        """New hysteresis thresholds; ``ValueError`` unless ``0 < off <= on``."""
        if not 0 < off <= on:
            raise ValueError("thresholds")
        self.on = on
        self.off = off

    def set_baseline(self, values: "Sequence[int]") -> None:
        """New per-sensor baselines (a copy of ``values``)."""
        self.baseline = list(values)

    def prime(self, raw: "Sequence[int]") -> None:
        """Take one scan's classes at once, without debounce (at boot)."""
        for i in range(self.count):
            f = (raw[i] - self.baseline[i]) * self.north_sign
            self.field[i] = f
            self.state[i] = NORTH if f >= self.on else SOUTH if f <= -self.on else NONE
            self._held[i] = 0

    def update(self, raw: "Sequence[int]") -> bool:
        """Classify one scan of raw counts; True if a debounced class changed."""
        changed = False
        on = self.on
        off = self.off
        sign = self.north_sign
        baseline = self.baseline
        field = self.field
        state = self.state
        pending = self._pending
        held = self._held
        for i in range(self.count):
            f = (raw[i] - baseline[i]) * sign
            field[i] = f
            current = state[i]
            if f >= on or (current == NORTH and f >= off):
                seen = NORTH
            elif f <= -on or (current == SOUTH and f <= -off):
                seen = SOUTH
            else:
                seen = NONE
            if seen == current:
                held[i] = 0
            elif seen == pending[i] and held[i] > 0:
                held[i] += 1
                if held[i] >= self.debounce:
                    state[i] = seen
                    held[i] = 0
                    changed = True
            else:
                pending[i] = seen
                held[i] = 1
                if self.debounce <= 1:
                    state[i] = seen
                    held[i] = 0
                    changed = True
        return changed

    def holes(self) -> bytes:
        """The class of each hole sensor: 0 empty, 1 Man (north), 2 Burocrat (south)."""
        return bytes(self.state[: pins.HOLE_COUNT])

    def grooves(self) -> bytes:
        """Each groove's panel: 0 none (or one foot magnet only), 1..4 = ``GROOVE_LETTERS``."""
        out = bytearray(pins.GROOVE_COUNT)
        state = self.state
        for groove in range(pins.GROOVE_COUNT):
            at = pins.HOLE_COUNT + 2 * groove
            out[groove] = _GROOVE_CODES[3 * state[at] + state[at + 1]]
        return bytes(out)


def _pole(sensor_class: int) -> int:
    if sensor_class == NORTH:
        return 1
    if sensor_class == SOUTH:
        return -1
    return 0


def _groove_codes() -> bytes:
    """The groove code of each pair of sensor classes, at ``3 * first + second``."""
    codes = bytearray(9)
    for first in (NONE, NORTH, SOUTH):
        for second in (NONE, NORTH, SOUTH):
            poles = (_pole(first), _pole(second))
            if poles[0] and poles[1]:
                codes[3 * first + second] = pins.GROOVE_POLES.index(poles) + 1
    return bytes(codes)


_GROOVE_CODES = _groove_codes()
