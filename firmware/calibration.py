"""Per-sensor baselines and thresholds, measured on an empty board and kept on the Pico's flash
as JSON: ``{"version": 1, "baseline": [72 counts], "on": 220, "off": 110}``."""

import json
import os

from firmware import pins
from firmware.compat import const

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from firmware.interfaces import Calibration
    from firmware.sensing import Classifier

VERSION = const(1)
MAX_OFFSET = const(600)  # a baseline further than this from mid-rail means a magnet was near
CAPTURE_SCANS = const(32)


def validate(data: object, count: int = pins.SENSOR_COUNT) -> "Calibration":
    """The calibration in ``data`` if it is usable, else ``ValueError`` saying why."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError("calibration version")
    baseline = data.get("baseline")
    if not isinstance(baseline, list) or len(baseline) != count:
        raise ValueError("calibration baseline length")
    for value in baseline:
        if not isinstance(value, int) or not 0 <= value <= 4095:
            raise ValueError("calibration baseline value")
    on = data.get("on")
    off = data.get("off")
    if not isinstance(on, int) or not isinstance(off, int) or not 0 < off <= on:
        raise ValueError("calibration thresholds")
    return {"version": VERSION, "baseline": baseline, "on": on, "off": off}


def load(path: str, count: int = pins.SENSOR_COUNT) -> "Calibration | None":
    """The stored calibration, or None when there is none or it is unusable."""
    try:
        with open(path) as file:
            return validate(json.load(file), count)
    except (OSError, ValueError):
        return None


def save(path: str, data: "Calibration") -> None:
    """Write ``data`` through a temporary file and a rename, so a reset never leaves half a file."""
    validate(data, len(data["baseline"]))
    temporary = path + ".tmp"
    with open(temporary, "w") as file:
        json.dump(data, file)
    os.rename(temporary, path)


def remove(path: str) -> None:
    """Forget the stored calibration (no error if there is none)."""
    try:
        os.remove(path)
    except OSError:
        return


def apply(data: "Calibration", classifier: "Classifier") -> None:
    """Load a calibration into a ``sensing.Classifier``."""
    classifier.set_baseline(data["baseline"])
    classifier.set_thresholds(data["on"], data["off"])


class Capture:
    """Averages ``scans`` raw scans into baselines; ``add()`` returns True when done."""

    def __init__(self, count: int = pins.SENSOR_COUNT, scans: int = CAPTURE_SCANS) -> None:
        self.count = count
        self.scans = scans
        self.taken = 0
        self.sums = [0] * count

    def add(self, raw: "Sequence[int]") -> bool:
        sums = self.sums
        for i in range(self.count):
            sums[i] += raw[i]
        self.taken += 1
        return self.taken >= self.scans

    def result(self, on: int, off: int) -> "Calibration":
        """The calibration; ``ValueError("magnet:<sensor>")`` if a sensor is far off mid-rail."""
        half = self.taken // 2
        baseline = [(total + half) // self.taken for total in self.sums]
        for sensor, value in enumerate(baseline):
            if abs(value - pins.ADC_MID) > MAX_OFFSET:
                raise ValueError("magnet:" + str(sensor))
        return {"version": VERSION, "baseline": baseline, "on": on, "off": off}
