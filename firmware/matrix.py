"""A flat board's sensing: a Hall switch and a diode per cell in a row/column matrix.

The scan drives one row low at a time (a row pin of its own, or a decoder's select pins; every
other row stays high, and the diodes keep it out of the columns), waits ``settle_us`` and reads
the columns, pulled up: a closed switch (a piece) reads 0. Hardware is injected: ``row_pins`` or
``decoder_pins`` (objects with ``value(v)``), ``col_pins`` (objects with ``value()``),
``sleep_us``. The classifier debounces each cell's presence over ``debounce`` scans.
"""

from firmware import pins
from firmware.compat import const
from firmware.sensing import Classifier

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, MutableSequence, Sequence

    from firmware.interfaces import InputPin, OutputPin

PIECE = const(1)  # a cell's class on the wire: 0 empty, 1 a piece (presence only)


class MatrixScanner:
    """Reads every cell's switch into a buffer indexed by cell (``row * cols + col``): 1 closed."""

    def __init__(
        self,
        rows: int,
        row_pins: "Sequence[OutputPin]",
        decoder_pins: "Sequence[OutputPin]",
        col_pins: "Sequence[InputPin]",
        sleep_us: "Callable[[int], object]",
        settle_us: int,
    ) -> None:
        self.rows = rows
        self.row_pins = row_pins
        self.decoder_pins = decoder_pins
        self.col_pins = col_pins
        self.sleep_us = sleep_us
        self.settle_us = settle_us
        for pin in row_pins:
            pin.value(1)

    def _drive(self, row: int, level: int) -> None:
        if self.row_pins:
            self.row_pins[row].value(level)
        elif level == 0:
            decoder = self.decoder_pins
            for bit in range(len(decoder)):
                decoder[bit].value((row >> bit) & 1)

    def scan(self, out: "MutableSequence[int]") -> None:
        """Fill ``out[cell]`` with 1 where a switch is closed, else 0."""
        cols = self.col_pins
        width = len(cols)
        sleep_us = self.sleep_us
        settle = self.settle_us
        at = 0
        for row in range(self.rows):
            self._drive(row, 0)
            sleep_us(settle)
            for col in range(width):
                out[at] = 1 - cols[col].value()
                at += 1
            self._drive(row, 1)


class PresenceClassifier(Classifier):
    """Debounced presence of every cell; ``update(raw)`` says whether any cell changed. A
    ``Classifier`` whose thresholds and baselines go unused: a switch has no field to calibrate."""

    def __init__(self, count: int, debounce: int = pins.DEBOUNCE_SCANS) -> None:
        super().__init__(count, debounce=debounce)

    def prime(self, raw: "Sequence[int]") -> None:
        """Take one scan as it is, without debounce (at boot)."""
        for i in range(self.count):
            self.state[i] = PIECE if raw[i] else 0
            self._held[i] = 0

    def update(self, raw: "Sequence[int]") -> bool:
        """Classify one scan (1 a closed switch); True if a debounced cell changed."""
        changed = False
        state = self.state
        held = self._held
        debounce = self.debounce
        for i in range(self.count):
            seen = PIECE if raw[i] else 0
            if seen == state[i]:
                held[i] = 0
            else:
                held[i] += 1
                if held[i] >= debounce:
                    state[i] = seen
                    held[i] = 0
                    changed = True
        return changed

    def holes(self) -> bytes:
        """Each cell's class: 0 empty, 1 a piece."""
        return bytes(self.state)

    def grooves(self) -> bytes:
        """A flat board has no grooves."""
        return b""
