"""A flat board's wiring to a Raspberry Pi's own GPIO: ``wiring/<board>-pi.toml`` (the format of
``hal.geometry``'s wiring files, with ``mcu`` a Raspberry Pi and the scan settings), checked
against what the Pi needs for itself.

>>> wiring = load_pi_grid("olix")
>>> wiring.source, wiring.decoder_pins, wiring.neopixel_pin
('wiring/olix-pi.toml', (4, 5, 6, 12), 10)
>>> pins = matrix_pins(wiring)
>>> pins.rows, pins.switch_count, pins.scan_hz, pins.debounce_s, pins.bouncetime_ms
(11, 121, 200.0, 0.02, 50)
"""

from __future__ import annotations

from pathlib import Path

from hal.geometry import TIMINGS, GeometryError, GridWiring, load_grid_wiring
from hal.gpio_matrix import MatrixPins
from hal.power import PowerBudget, missing_power

PI_MCU = "Raspberry Pi"
NEOPIXEL_PINS = {10: "SPI0 MOSI, no root", 18: "PWM0, needs root"}
RESERVED = {
    0: "the HAT EEPROM's I2C",
    1: "the HAT EEPROM's I2C",
    9: "SPI0 MISO (SPI is on for the NeoPixels)",
    11: "SPI0 SCLK (SPI is on for the NeoPixels)",
    10: "a NeoPixel pin",
    18: "a NeoPixel pin",
}
"""GPIOs the matrix and the buttons must leave alone, and why (as in ``wiring/pi.toml``)."""
PIXEL_ORDER = "GRB"
"""The WS2812B's byte order."""


def load_pi_grid(name: str | Path) -> GridWiring:
    """The Pi's wiring of the board ``name`` (``flip4`` reads ``wiring/flip4-pi.toml``), or the
    wiring file at a path; refused unless it is wired to a Raspberry Pi's GPIO with free pins and
    every scan setting."""
    plain = isinstance(name, str) and "/" not in name and not name.endswith(".toml")
    if plain and not str(name).endswith("-pi"):
        name = f"{name}-pi"
    wiring = load_grid_wiring(name)
    where = wiring.source
    if not wiring.mcu.startswith(PI_MCU) or "Pico" in wiring.mcu:
        raise GeometryError(
            f"{where} is wired to {wiring.mcu or 'no mcu'!r} ([board] mcu), not to a Raspberry "
            f"Pi's GPIO: --board gpio needs a Pi's wiring file (mcu = \"{PI_MCU} ...\"), such as "
            f"wiring/{wiring.geometry.key}-pi.toml"
        )
    if wiring.neopixel_pin not in NEOPIXEL_PINS:
        raise GeometryError(
            f"{where}: the NeoPixels need GPIO10 (SPI0 MOSI, no root) or GPIO18 (PWM0, root), "
            f"not GPIO{wiring.neopixel_pin}"
        )
    for pin in (*wiring.row_pins, *wiring.decoder_pins, *wiring.col_pins, *wiring.buttons.values()):
        if not 0 <= pin <= 27:
            raise GeometryError(f"{where}: GPIO{pin} is not on the header (BCM GPIO 0..27)")
        if pin in RESERVED:
            raise GeometryError(
                f"{where}: GPIO{pin} is {RESERVED[pin]}: give the matrix and the buttons "
                f"other pins (free: {', '.join(map(str, _free(wiring)))})"
            )
    missing = [key for key in TIMINGS if key not in wiring.timing]
    if missing:
        raise GeometryError(
            f"{where}: the Pi scans the matrix itself and needs {', '.join(missing)} "
            "([matrix] settle_us, scan_hz, debounce_ms; [buttons] bouncetime_ms)"
        )
    if wiring.power is None:
        power_of(wiring)  # refused: the LEDs on the Pi need their supply's rating
    if wiring.timing["scan_hz"] <= 0 or min(wiring.timing.values()) < 0:
        raise GeometryError(f"{where}: scan settings must be >= 0, scan_hz above 0")
    return wiring


def matrix_pins(wiring: GridWiring) -> MatrixPins:
    """What the GPIO scan needs of a checked Pi wiring (``load_pi_grid``)."""
    timing = wiring.timing
    return MatrixPins(
        rows=wiring.geometry.rows,
        row_pins=wiring.row_pins,
        decoder_pins=wiring.decoder_pins,
        columns=wiring.col_pins,
        buttons=wiring.buttons,
        bouncetime_ms=int(timing["bouncetime_ms"]),
        row_settle_s=timing["settle_us"] / 1e6,
        scan_hz=timing["scan_hz"],
        debounce_s=timing["debounce_ms"] / 1e3,
        chain=wiring.chain,
        pixel_order=PIXEL_ORDER,
        orders=wiring.orders,
        power=power_of(wiring),
        source=wiring.source,
    )


def power_of(wiring: GridWiring) -> PowerBudget:
    """The budget of a Pi wiring; a ``GeometryError`` when it has no ``[power]``."""
    if wiring.power is None:
        raise GeometryError(missing_power(wiring.source).args[0])
    return wiring.power


def _free(wiring: GridWiring) -> list[int]:
    used = {
        *wiring.row_pins,
        *wiring.decoder_pins,
        *wiring.col_pins,
        *wiring.buttons.values(),
        wiring.neopixel_pin,
    }
    return [pin for pin in range(28) if pin not in used and pin not in RESERVED]
