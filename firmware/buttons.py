"""Debounced push buttons with wrapping press counters (a lost frame never loses a press).

``pins`` are objects with ``value()``; a pressed button reads 0 (to GND, pull-up)."""

from firmware import pins as pinmap
from firmware.compat import ticks_diff

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from firmware.interfaces import InputPin


class Buttons:
    """``update(now_ms)`` reads the pins; ``held`` is a bitmask, ``presses`` one counter each."""

    def __init__(
        self, pins: "Sequence[InputPin]", debounce_ms: int = pinmap.BUTTON_DEBOUNCE_MS
    ) -> None:
        self.pins = pins
        self.debounce_ms = debounce_ms
        self.held = 0
        self.presses = bytearray(len(pins))
        self._raw = 0
        self._since = [0] * len(pins)

    def update(self, now_ms: int) -> bool:
        """True when a button's debounced state changed."""
        changed = False
        pins = self.pins
        for i in range(len(pins)):  # no enumerate(): a main-loop pass allocates nothing
            bit = 1 << i
            down = bit if pins[i].value() == 0 else 0
            if down != self._raw & bit:
                self._raw ^= bit
                self._since[i] = now_ms
            elif down != self.held & bit and ticks_diff(now_ms, self._since[i]) >= self.debounce_ms:
                self.held ^= bit
                if down:
                    self.presses[i] = (self.presses[i] + 1) & 0xFF
                changed = True
        return changed
