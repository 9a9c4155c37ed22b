"""The Pi's wiring files of the flat boards (``wiring/flip4-pi.toml``, ``wiring/olix-pi.toml``):
the same boards as the Pico's files, pins the Pi can give, and the files ``--board gpio`` refuses,
each with what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from hal.geometry import GeometryError, load_grid_wiring
from hal.pi_grid import RESERVED, load_pi_grid
from hal.pi_wiring import load_pi

WIRING = Path(__file__).parents[2] / "wiring"


@pytest.mark.parametrize("board", ["flip4", "olix"])
def test_the_pis_wiring_is_the_picos_board_on_free_pins(board: str) -> None:
    pi, pico = load_pi_grid(board), load_grid_wiring(board)
    assert pi.source == f"wiring/{board}-pi.toml" and pi.mcu.startswith("Raspberry Pi")
    assert (pi.geometry, pi.chain) == (pico.geometry, pico.chain), "the same board and LEDs"
    used = [*pi.row_pins, *pi.decoder_pins, *pi.col_pins, *pi.buttons.values(), pi.neopixel_pin]
    assert len(set(used)) == len(used) and all(0 <= pin <= 27 for pin in used)
    assert not set(used) & (set(RESERVED) - {pi.neopixel_pin})
    spaceboard = load_pi()
    assert pi.buttons == spaceboard.buttons, "the spaceboard's buttons: one boot configuration"
    assert pi.neopixel_pin == spaceboard.led_pin("spi")


def test_olix_drives_its_rows_through_a_decoder_flip4_a_pin_each() -> None:
    olix, flip4 = load_pi_grid("olix"), load_pi_grid("flip4")
    assert (len(olix.decoder_pins), olix.row_pins) == (4, ())
    assert (len(flip4.row_pins), flip4.decoder_pins) == (5, ())
    assert load_pi_grid("olix-pi") == olix, "the file's own name reads the same file"


def test_a_path_to_a_pi_wiring_file_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "my-board.toml"
    path.write_text((WIRING / "flip4-pi.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert load_pi_grid(str(path)).source == str(path)
    assert load_pi_grid(path).geometry.cells == 25


FLIP4_PI = (WIRING / "flip4-pi.toml").read_text(encoding="utf-8")
WRONG = {
    "a Pico's wiring": (
        'mcu = "Raspberry Pi (BCM GPIO)"',
        'mcu = "Raspberry Pi Pico (RP2040)"',
        "is wired to 'Raspberry Pi Pico (RP2040)' ([board] mcu), not to a Raspberry Pi's GPIO: "
        "--board gpio needs a Pi's wiring file",
    ),
    "no mcu": ('mcu = "Raspberry Pi (BCM GPIO)"\n', "", "is wired to 'no mcu'"),
    "an SPI pin": ("row_pins = [4, 5, 6, 12, 13]", "row_pins = [4, 5, 6, 12, 9]", "GPIO9 is SPI0"),
    "the HAT EEPROM": ("roll = 2", "roll = 0", "GPIO0 is the HAT EEPROM's I2C"),
    "the PWM pin": ("menu = 8", "menu = 18", "GPIO18 is a NeoPixel pin"),
    "no such GPIO": ("col_pins = [16, 17,", "col_pins = [28, 17,", "GPIO28 is not on the header"),
    "another data pin": ("data_pin = 10", "data_pin = 24", "need GPIO10 (SPI0 MOSI"),
    "no scan rate": ("scan_hz = 200", "", "needs scan_hz"),
    "no bounce time": ("bouncetime_ms = 50", "", "needs bouncetime_ms"),
    "a rate of 0": ("scan_hz = 200", "scan_hz = 0", "scan_hz above 0"),
    "no supply rating": ("[power]", "[powered]", "no [power] table: the LEDs need the supply's"),
    "no room for the LEDs": ("other_ma = 100.0", "other_ma = 2400.0", "room for the LEDs"),
    "a segment not from 0": (
        "data_pin = 10",
        'data_pin = 10\nsegments = [{ first = 1, order = "RGB" }]',
        "segments must start at 0",
    ),
    "an unknown order": (
        "data_pin = 10",
        'data_pin = 10\nsegments = [{ first = 0, order = "RGBW" }]',
        "R, G and B in some order",
    ),
    "a malformed rating": ("supply_a = 3.0", 'supply_a = "3 A"', "malformed entry"),
}


@pytest.mark.parametrize("fault", list(WRONG))
def test_a_wrong_pi_wiring_file_is_refused_naming_its_fault(tmp_path: Path, fault: str) -> None:
    old, new, message = WRONG[fault]
    assert old in FLIP4_PI
    path = tmp_path / "bad.toml"
    path.write_text(FLIP4_PI.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(GeometryError) as caught:
        load_pi_grid(path)
    assert message in str(caught.value) and str(path) in str(caught.value)


def test_a_busy_pin_names_the_free_ones(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(FLIP4_PI.replace("roll = 2", "roll = 11", 1), encoding="utf-8")
    with pytest.raises(GeometryError, match=r"GPIO11 is SPI0 SCLK .*free: 2, 14, 15, 22, "):
        load_pi_grid(path)
