"""wiring/pi.toml: a pin plan that fits the Pi's header, and clear errors for broken files."""

from __future__ import annotations

import doctest
import re
import shutil
from pathlib import Path

import pytest

import hal.pi_wiring
from hal.base import HOLE_COUNT, PIXEL_COUNT
from hal.pi_wiring import PiWiring, load_pi
from hal.pinmap import PinmapError

PI_TOML = Path(__file__).resolve().parents[2] / "wiring" / "pi.toml"
SPI0 = {7, 8, 9, 10, 11}  # CE1, CE0, MISO, MOSI, SCLK


def test_the_docstring_examples() -> None:
    assert doctest.testmod(hal.pi_wiring).failed == 0


def test_every_pin_is_used_once_and_the_led_pins_stay_free(wiring: PiWiring) -> None:
    used = [*wiring.rows, *wiring.columns, *wiring.buttons.values()]
    assert len(used) == len(set(used)) == 22
    assert set(used) <= set(range(2, 28)), "GPIO0/1 belong to the HAT EEPROM"
    assert wiring.led_pins == {"spi": 10, "pwm": 18}
    assert not set(used) & {9, 10, 11, 18}, "SPI0 data/clock and the PWM pin stay free"
    assert set(used) & SPI0 == {7, 8}, "only the chip selects, freed by dtoverlay=spi0-0cs"
    assert "dtoverlay=spi0-0cs" in PI_TOML.read_text()


def test_the_matrix_reads_64_holes_and_8_groove_positions(wiring: PiWiring) -> None:
    assert wiring.switch_count == 80
    assert sorted(wiring.hole_switch) == list(range(HOLE_COUNT))
    groove = sorted(s for pair in wiring.groove_switches.values() for s in pair)
    assert groove == list(range(HOLE_COUNT, 80))
    assert wiring.colour_of == {
        ("north", "north"): "R",
        ("north", "south"): "Y",
        ("south", "north"): "G",
        ("south", "south"): "B",
    }


def test_the_led_chain_is_shared_with_the_pico_path(wiring: PiWiring) -> None:
    assert sorted(wiring.chain) == list(range(PIXEL_COUNT))
    assert wiring.pixel_order == "GRB"
    assert wiring.debounce_s == pytest.approx(0.02)
    assert wiring.scan_hz == 200


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    return Path(shutil.copy(PI_TOML, tmp_path / "pi.toml"))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("roll = 2", "roll = 22", "used twice"),
        ("roll = 2", "roll = 40", "BCM GPIO numbers 0..27"),
        ('driver = "spi"', 'driver = "pcm"', "neopixel.driver"),
        ("[56, 57, 58, 59, 60, 61, 62, 63]", "[56, 57, 58, 59, 60, 61, 62, 0]", "repeated hole 0"),
        ("[68, 68, 69, 69, 70, 70, 71, 71]", "[68, 68, 69, 69, 70, 70, 71, 64]", "repeated switch"),
        ("debounce_ms = 20", "debounce_ms = -1", "debounce_ms"),
        ("spi_pin = 10", "spi_pin = 4", "NeoPixel pins are also used"),
        ("scan_hz = 200", "scan_hz = [", "not valid TOML"),
    ],
)
def test_a_broken_pi_toml_is_a_clear_error(broken: Path, old: str, new: str, message: str) -> None:
    text = broken.read_text()
    assert old in text
    broken.write_text(text.replace(old, new, 1))
    with pytest.raises(PinmapError, match=re.escape(message)) as caught:
        load_pi(broken)
    assert str(broken) in str(caught.value)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(PinmapError, match=re.escape(f"{tmp_path / 'pi.toml'}: No such file")):
        load_pi(tmp_path / "pi.toml")
