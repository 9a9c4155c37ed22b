"""A flat board's switch matrix as a circuit in time: what one scan reads for a placement of
pieces, given the part at each cell, how it is wired to its row and column, the scan's settle
time and the column's pull-up recovery.

The scan selects one row at a time for ``settle_us`` and then reads every column (pulled up; low
is a piece). A column a previous row pulled low rises through its pull-up with the time constant
``R_pullup * C_column``; it reads high again only once it passes the input's high threshold, so
a settle shorter than that recovery shows the previous row's piece as a ghost. A part that needs
power (a Hall switch) gives a valid output only ``power_on_us`` after it is powered: before that
its output is high impedance (the DRV5033 and DRV5032 datasheets), so a part powered only while
its row is selected for less than that time is never seen.

Wirings:

- ``contact``: a two-terminal contact (a reed switch) and a diode from the column (anode) to the
  row (cathode): the selected row pulls the column low through every closed contact of its own.
- ``vcc_switched``: a Hall switch whose VCC is the row's P-MOSFET (the spaceboard's direct-GPIO
  scheme, ``wiring/pi.toml``), its open-drain output through a diode to the column.
- ``gnd_on_row``: the old flat boards read literally, a Hall switch with its GND on the row pin,
  powered only while its row is selected.
- ``gnd_to_ground``: the old flat boards read the other way, a Hall switch powered all the time:
  its output pulls the column low whatever row is selected.

>>> reed = Circuit("reed", REED, "contact", settle_us=10.0, rows=5, cols=5)
>>> sorted(reed.read({0, 6, 24}))
[0, 6, 24]
>>> old = Circuit("old", DRV5032FB, "gnd_to_ground", settle_us=10.0, rows=5, cols=5)
>>> sorted(old.read({0}))
[0, 5, 10, 15, 20]
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Literal

Wiring = Literal["contact", "vcc_switched", "gnd_on_row", "gnd_to_ground"]

VDD = 3.3
"""The rows' and pull-ups' supply."""
V_IH = 2.0
"""The lowest input voltage read as high (RP2040 and BCM2835 at 3.3 V)."""
V_LOW = 0.7
"""A column pulled low through a diode: a 1N4148's forward drop at tens of uA plus the row
driver's low output."""
PULLUP_KOHM = 80.0
"""The highest internal pull-up of an RP2040 GPIO (50..80 kOhm); a Pi's are lower."""
PIN_PF = 5.0
WIRE_PF = 30.0
"""The column's wire, about 30 cm of ribbon."""
DIODE_PF = 4.0
"""A 1N4148's capacitance at 0 V (its datasheet's maximum)."""


@dataclass(frozen=True)
class SwitchPart:
    """A cell's switch: the longest time from power to a valid output (0 for a contact)."""

    name: str
    power_on_us: float


REED = SwitchPart("normally open reed switch (a contact: no power, no power-on time)", 0.0)
DRV5033 = SwitchPart("TI DRV5033 (continuous, open drain; t_on 50 us max)", 50.0)
DRV5032FB = SwitchPart("TI DRV5032FB (5 Hz sampling, push-pull; valid after its t_ON)", 55.0)
"""Its first sample comes only after its power-on time (``t_ON`` in its datasheet, tens of us;
55 us taken here): the old circuit fails for any power-on time above its 10 us settle."""


@dataclass
class Circuit:
    """One flat board's matrix: ``rows`` x ``cols`` cells, each a ``part`` wired as ``wiring``.
    ``stuck`` cells read a piece always, ``missing`` cells never (a welded or absent switch)."""

    name: str
    part: SwitchPart
    wiring: Wiring
    settle_us: float
    rows: int
    cols: int
    stuck: set[int] = field(default_factory=set)
    missing: set[int] = field(default_factory=set)

    @property
    def recovery_us(self) -> float:
        """How long a column pulled low takes to read high again once released."""
        column_pf = PIN_PF + WIRE_PF + DIODE_PF * self.rows
        tau_us = PULLUP_KOHM * column_pf * 1e-3
        return tau_us * math.log((VDD - V_LOW) / (VDD - V_IH))

    def _pulled(self, pieces: Collection[int]) -> list[list[bool]]:
        """``[row][col]``: whether the column is pulled low while ``row`` is selected."""
        closed = (set(pieces) - self.missing) | self.stuck
        rows, cols = range(self.rows), range(self.cols)
        own = [[r * self.cols + c in closed for c in cols] for r in rows]
        if self.wiring == "gnd_to_ground":  # every closed switch of the column, whatever row
            return [[any(own[any_row][c] for any_row in rows) for c in cols] for _ in rows]
        if self.wiring != "contact" and self.settle_us < self.part.power_on_us:
            return [[False for _ in cols] for _ in rows]  # outputs still high impedance
        return own

    def read(self, pieces: Collection[int]) -> set[int]:
        """The cells one scan reads as holding a piece; rows follow one another without a gap
        (a scan straight after the last one: row 0 follows the last row)."""
        seen: set[int] = set()
        pulls = self._pulled(pieces)
        slow = self.settle_us < self.recovery_us
        low = list(pulls[-1])
        for row in range(self.rows):
            for col in range(self.cols):
                pulled = pulls[row][col]
                recovering = low[col] and slow
                if pulled or recovering:
                    seen.add(row * self.cols + col)
                low[col] = pulled
        return seen


@dataclass(frozen=True)
class Tally:
    """Over many placements: cells read with no piece (ghosts), pieces not read (missed)."""

    placements: int
    ghosts: int
    missed: int


def random_placements(circuit: Circuit, count: int, seed: int = 0) -> Tally:
    """Read ``count`` random placements (each cell holding a piece with a chance drawn anew for
    each placement, so nearly empty and nearly full boards both occur)."""
    rng = random.Random(seed)
    cells = circuit.rows * circuit.cols
    ghosts = missed = 0
    for _ in range(count):
        density = rng.random()
        pieces = {cell for cell in range(cells) if rng.random() < density}
        seen = circuit.read(pieces)
        ghosts += len(seen - pieces)
        missed += len(pieces - seen)
    return Tally(count, ghosts, missed)
