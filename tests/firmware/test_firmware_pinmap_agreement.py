"""The firmware's constants, the host's protocol constants and the simulator agree with the wiring
files (wiring/pico.toml, wiring/leds.toml, and wiring/flip4.toml and wiring/olix.toml for the
flat boards' profiles): the pin map is the single source of truth."""

from __future__ import annotations

import math
import tomllib
from importlib.resources import files

import pytest

from firmware import pins, profiles, protocol
from firmware.leds import byte_order
from firmware.sensing import Classifier
from hal import serial_protocol
from hal.base import HOLE_COUNT, PIXEL_COUNT
from hal.geometry import load_grid_wiring
from hal.pinmap import load_leds, load_pico

PICO = load_pico()
LEDS = load_leds()


def load_settle_us(name: str) -> float:
    """The matrix's settle time in a flat board's wiring file."""
    text = files("wiring").joinpath(f"{name}.toml").read_text(encoding="utf-8")
    settle: float = tomllib.loads(text)["matrix"]["settle_us"]
    return settle


def test_pins_agree() -> None:
    assert pins.ADC_PINS == PICO.adc_pins == (26, 27, 28)
    assert PICO.select_pins == pins.MUX_SELECT_PINS
    assert PICO.settle_us == pins.MUX_SETTLE_US
    assert tuple(PICO.buttons[b] for b in ("roll", "flix", "penalty", "menu")) == pins.BUTTON_PINS
    assert PICO.button_debounce_ms == pins.BUTTON_DEBOUNCE_MS
    assert PICO.neopixel_pin == pins.NEOPIXEL_PIN
    assert PICO.status_led_pin == pins.STATUS_LED_PIN


def test_multiplexers_agree() -> None:
    assert tuple(m.adc for m in PICO.muxes) == pins.MUX_ADC
    assert tuple(m.enable_pin for m in PICO.muxes) == pins.MUX_ENABLE_PINS
    assert tuple(m.group for m in PICO.muxes) == pins.MUX_GROUP
    assert tuple(m.sensors for m in PICO.muxes) == pins.MUX_SENSORS


def test_each_panel_has_its_own_multiplexer() -> None:
    for panel in range(4):
        assert sorted(PICO.muxes[panel].sensors) == list(range(16 * panel, 16 * panel + 16))
    assert PICO.channel_of(64 + 2 * 3 + 1) == (4, 7)


def test_hall_settings_agree() -> None:
    assert PICO.north_sign == pins.NORTH_SIGN
    assert (PICO.on_counts, PICO.off_counts) == (pins.ON_COUNTS, pins.OFF_COUNTS)
    assert PICO.debounce_scans == pins.DEBOUNCE_SCANS
    assert 2 ** (PICO.adc_bits - 1) == pins.ADC_MID
    classifier = Classifier()
    assert (classifier.on, classifier.off, classifier.north_sign) == (220, 110, -1)


def test_panel_colour_code_agrees() -> None:
    assert dict(zip(pins.GROOVE_LETTERS, pins.GROOVE_POLES, strict=True)) == PICO.groove_poles
    assert serial_protocol.GROOVE_LETTERS == pins.GROOVE_LETTERS
    assert len(set(pins.GROOVE_POLES)) == 4


def test_led_chain_agrees_and_is_serpentine() -> None:
    assert LEDS.chain == pins.CHAIN
    assert len(LEDS.chain) == PIXEL_COUNT
    for k in range(1, HOLE_COUNT):
        a, b = LEDS.chain[k - 1], LEDS.chain[k]
        if a // 16 == b // 16:  # within a panel, each pixel is a neighbour of the one before
            (fa, sa), (fb, sb) = divmod(a % 16, 4), divmod(b % 16, 4)
            assert abs(fa - fb) + abs(sa - sb) == 1, (a, b)
    assert LEDS.chain[HOLE_COUNT:] == tuple(range(71, 63, -1))
    assert LEDS.order == pins.PIXEL_ORDER == "GRB"
    assert byte_order("GRB") == (1, 0, 2, 3)  # MicroPython's neopixel default
    assert byte_order("RGB") == (0, 1, 2, 3)


def test_power_budget_agrees() -> None:
    assert pins.LED_BUDGET_MA == LEDS.budget_ma == 2700
    assert LEDS.pixel_ma_per_channel == pins.PIXEL_MA_PER_CHANNEL
    assert LEDS.pixel_idle_ma == pins.PIXEL_IDLE_MA
    full_white_ma = PIXEL_COUNT * 3 * LEDS.pixel_ma_per_channel
    assert math.isclose(full_white_ma, 4320)
    cap = (LEDS.budget_ma - PIXEL_COUNT * LEDS.pixel_idle_ma) / full_white_ma
    assert LEDS.brightness_cap == math.floor(cap * 100) / 100
    assert set(LEDS.injection) >= {0, 64}


def test_host_and_firmware_protocol_constants_agree() -> None:
    assert serial_protocol.VERSION == protocol.VERSION
    assert serial_protocol.MAX_ENCODED == protocol.MAX_ENCODED
    assert serial_protocol.MAX_PAYLOAD == protocol.MAX_PAYLOAD
    assert serial_protocol.STATE_BODY == protocol.STATE_BODY
    assert serial_protocol.STATS_FIELDS == protocol.STATS_FIELDS
    for kind in serial_protocol.Kind:
        assert getattr(protocol, kind.name) == kind.value
    for status in serial_protocol.Status:
        assert getattr(protocol, status.name) == status.value
    for name in ("MODE_RAW", "CAL_CAPTURE", "CAL_THRESHOLDS", "CAL_FORGET", "FLAG_LEDS_VALID"):
        assert getattr(serial_protocol, name) == getattr(protocol, name)
    assert serial_protocol.SENSOR_COUNT == pins.SENSOR_COUNT


@pytest.mark.parametrize("name", ["flip4", "olix"])
def test_flat_profiles_agree_with_their_wiring_files(name: str) -> None:
    """One firmware for every board: each flat profile's pins and LED chain are its wiring
    file's (wiring/flip4.toml, wiring/olix.toml)."""
    wiring = load_grid_wiring(name)
    profile = next(p for p in profiles.PROFILES if p.name == name)
    assert profile.flat and profile.code == serial_protocol.PROFILES.index(name)
    assert (profile.cells, profile.rows) == (wiring.geometry.cells, wiring.geometry.rows)
    assert profile.row_pins == wiring.row_pins
    assert profile.decoder_pins == wiring.decoder_pins
    assert profile.col_pins == wiring.col_pins
    assert profile.buttons == tuple(wiring.buttons[b] for b in ("roll", "flix", "penalty", "menu"))
    assert profile.neopixel_pin == wiring.neopixel_pin
    assert profile.chain == wiring.chain and profile.pixels == wiring.geometry.pixel_count
    assert profile.settle_us == math.ceil(load_settle_us(name))


def test_the_spaceboard_profile_is_the_pin_map_and_the_default() -> None:
    spaceboard = profiles.PROFILES[profiles.SPACEBOARD]
    assert (spaceboard.name, spaceboard.cells, spaceboard.groove_sensors) == ("flix", 64, 8)
    assert spaceboard.chain == LEDS.chain and spaceboard.buttons == pins.BUTTON_PINS
    assert not spaceboard.flat and serial_protocol.PROFILES[profiles.SPACEBOARD] == "flix"
    assert profiles.load("/nonexistent/profile.txt") is spaceboard
