"""The removable panel's connector: one 2 x 12 header (2.54 mm) on each spaceboard path.

A panel lifts out of its groove, so everything it carries passes through this header into a
socket in the base: the chain of pixels runs down into the base and back up into the next panel,
so a lifted panel breaks no wire. Position 24 is the key (its pin pulled, its socket hole
plugged), so a panel seats only the right way round. The schematics (``wiring.schematics``) name
these positions, the mechanics (``mechanics``) place them; both read them from here.
"""

from __future__ import annotations

ROWS = 2
COLUMNS = 12
KEY = 24
"""The pulled position."""

_POWER_AND_DATA = ("GND_S", "+5V", "GND_LED", "DIN", "DOUT")

PICO_PANEL: tuple[str, ...] = (
    *(f"OUT{i}" for i in range(16)),
    "+3V3S",
    *_POWER_AND_DATA,
    "NC",
)
"""The Pico spaceboard, positions 1..23: the 16 sensor outputs to the panel's multiplexer, the
sensor rail, the sensors' and the LEDs' grounds, the LEDs' 5 V, the chain's data in and out, one
spare."""

GPIO_PANEL: tuple[str, ...] = (
    "ROW_A",
    "ROW_B",
    *(f"COL{i}" for i in range(8)),
    *("NC" for _ in range(7)),
    "GND_S",
    *_POWER_AND_DATA[1:],
    "NC",
)
"""The direct-GPIO spaceboard, positions 1..23: the panel's two switched row rails, the eight
column lines, the grounds, 5 V and the chain's data at the same positions as the Pico's panel,
the rest spare."""

assert len(PICO_PANEL) == len(GPIO_PANEL) == ROWS * COLUMNS - 1
