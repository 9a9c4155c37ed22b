"""The boards one firmware drives: the FLIX spaceboard and the flat Flip 4 and Olix boards.

A Pico learns its board once, from the host (a PROFILE frame, ``flixboard pico-setup``), keeps
it in ``/profile.txt`` on its flash and reports it in INFO; without that file it is a spaceboard.
A flat profile's pins must agree with ``wiring/flip4.toml`` and ``wiring/olix.toml`` (checked by
tests/firmware/test_firmware_pinmap_agreement.py); the spaceboard's are ``firmware.pins``.
"""

import os

from firmware import pins
from firmware.compat import const

SPACEBOARD = const(0)
FLIP4 = const(1)
OLIX = const(2)


class Profile:
    """One board: its code and name (the host's geometry key), cells, groove sensors, pixels,
    buttons, LED pin and chain; a flat board also its switch matrix (``rows`` driven low one at a
    time by ``row_pins``, or through a decoder on ``decoder_pins``; ``col_pins`` read with
    pull-ups)."""

    def __init__(
        self,
        code: int,
        name: str,
        cells: int,
        groove_sensors: int,
        buttons: "tuple[int, ...]",
        neopixel_pin: int,
        chain: "tuple[int, ...]",
        rows: int = 0,
        row_pins: "tuple[int, ...]" = (),
        decoder_pins: "tuple[int, ...]" = (),
        col_pins: "tuple[int, ...]" = (),
        settle_us: int = 0,
    ) -> None:
        self.code = code
        self.name = name
        self.cells = cells
        self.groove_sensors = groove_sensors
        self.pixels = len(chain)
        self.buttons = buttons
        self.neopixel_pin = neopixel_pin
        self.chain = chain
        self.rows = rows
        self.row_pins = row_pins
        self.decoder_pins = decoder_pins
        self.col_pins = col_pins
        self.settle_us = settle_us

    @property
    def flat(self) -> bool:
        """A flat board: presence switches in a matrix, no ADC, no grooves, no calibration."""
        return self.groove_sensors == 0


def _serpentine(rows: int, cols: int) -> "tuple[int, ...]":
    """The chain of a flat board: rows alternately left to right and back from the top left,
    then the 8 status pixels fed from their right end."""
    chain: list[int] = []
    for row in range(rows):
        line = [row * cols + col for col in range(cols)]
        chain += line if row % 2 == 0 else list(reversed(line))
    cells = rows * cols
    return tuple(chain + list(range(cells + 7, cells - 1, -1)))


PROFILES = (
    Profile(
        SPACEBOARD,
        "flix",
        pins.HOLE_COUNT,
        pins.SENSOR_COUNT - pins.HOLE_COUNT,
        pins.BUTTON_PINS,
        pins.NEOPIXEL_PIN,
        pins.CHAIN,
    ),
    Profile(
        FLIP4,
        "flip4",
        25,
        0,
        (12, 13, 14, 15),
        16,
        _serpentine(5, 5),
        rows=5,
        row_pins=(2, 3, 4, 5, 6),
        col_pins=(7, 8, 9, 10, 11),
        settle_us=10,
    ),
    Profile(
        OLIX,
        "olix",
        121,
        0,
        (17, 18, 19, 20),
        21,
        _serpentine(11, 11),
        rows=11,
        decoder_pins=(2, 3, 4, 5),
        col_pins=(6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16),
        settle_us=10,
    ),
)


def load(path: str) -> Profile:
    """The profile stored at ``path``; the spaceboard when there is none or it is unknown."""
    try:
        with open(path) as file:
            name = file.read().strip()
    except OSError:
        return PROFILES[SPACEBOARD]
    for profile in PROFILES:
        if profile.name == name:
            return profile
    return PROFILES[SPACEBOARD]


def save(path: str, code: int) -> None:
    """Store profile ``code`` through a temporary file and a rename (a reset never leaves half
    a file); ``ValueError`` for an unknown code."""
    if not 0 <= code < len(PROFILES):
        raise ValueError("profile")
    temporary = path + ".tmp"
    with open(temporary, "w") as file:
        file.write(PROFILES[code].name)
    os.rename(temporary, path)
