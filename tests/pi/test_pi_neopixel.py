"""NeoPixels through the real Adafruit library on Blinka's os-agnostic mock board; only the wire
write (``neopixel.neopixel_write``) is patched: the bytes that would leave the pin are exact."""

from __future__ import annotations

from typing import Any
from unittest.mock import MagicMock

import pytest
from pytest_mock import MockerFixture

from hal.base import PIXEL_COUNT
from hal.errors import BackendClosed, BackendUnavailable, BoardDisconnected
from hal.neopixel_strip import NeoPixelStrip
from hal.pi_wiring import PiWiring
from tests.pi.gpio_standin import MOCK_NEOPIXEL_PIN


@pytest.fixture
def strip(wiring: PiWiring, wire: MagicMock) -> NeoPixelStrip:
    """An open strip; the dark frame written at open is not counted."""
    strip = NeoPixelStrip(MOCK_NEOPIXEL_PIN, wiring.chain, pixel_order=wiring.pixel_order)
    assert wire.frames == [bytes(3 * PIXEL_COUNT)]
    wire.frames.clear()
    wire.reset_mock()
    return strip


def wire_bytes(
    chain: tuple[int, ...], colors: dict[int, tuple[int, int, int]], scale: float = 1.0
) -> bytes:
    """What the wire must carry: GRB bytes in chain order, each channel ``int(c * scale)``."""
    out = bytearray()
    for logical in chain:
        r, g, b = colors.get(logical, (0, 0, 0))
        out += bytes(int(c * scale) for c in (g, r, b))
    return bytes(out)


def test_opening_writes_one_dark_frame(wiring: PiWiring, wire: MagicMock) -> None:
    NeoPixelStrip(MOCK_NEOPIXEL_PIN, wiring.chain)
    assert wire.frames == [bytes(3 * PIXEL_COUNT)], "the driver starts at open, pixels dark"


def test_nothing_is_written_before_show(strip: NeoPixelStrip, wire: MagicMock) -> None:
    strip[0] = (255, 0, 0)
    strip.fill((1, 2, 3))
    assert wire.frames == []


def test_one_frame_is_one_write_of_grb_bytes_in_chain_order(
    strip: NeoPixelStrip, wire: MagicMock, neopixel: Any
) -> None:
    strip[0] = (255, 0, 0)  # R-I-S: first on the wire
    strip[4] = (0, 255, 0)  # R-II-S: floor II runs right to left, so wire position 7
    strip[21] = (1, 2, 3)  # Y-II-H: wire position 22
    strip[71] = (0, 0, 255)  # the last status pixel is fed first: wire position 64
    strip.show()
    assert len(wire.frames) == 1
    frame = wire.frames[0]
    assert len(frame) == 3 * PIXEL_COUNT
    assert frame[0:3] == bytes([0, 255, 0])
    assert frame[21:24] == bytes([255, 0, 0])
    assert frame[66:69] == bytes([2, 1, 3])
    assert frame[192:195] == bytes([0, 0, 255])
    assert sum(frame) == 255 * 3 + 6
    pin = wire.call_args.args[0]  # the real library's DigitalInOut on the mock board's pin
    assert pin._pin.id == getattr(neopixel.board, MOCK_NEOPIXEL_PIN).id


def test_every_pixel_lands_where_leds_toml_says(
    strip: NeoPixelStrip, wire: MagicMock, wiring: PiWiring
) -> None:
    colors = {i: (i, 255 - i, (7 * i) % 256) for i in range(PIXEL_COUNT)}
    for i, color in colors.items():
        strip[i] = color
    strip.show()
    assert wire.frames == [wire_bytes(wiring.chain, colors)]


def test_brightness_scales_the_bytes(
    strip: NeoPixelStrip, wire: MagicMock, wiring: PiWiring
) -> None:
    colors = {0: (255, 100, 7), 64: (10, 20, 30)}
    for i, color in colors.items():
        strip[i] = color
    strip.brightness = 0.5
    strip.show()
    assert wire.frames[-1] == wire_bytes(wiring.chain, colors, 0.5)
    assert wire.frames[-1][0:3] == bytes([50, 127, 3])
    strip.brightness = 1.0
    strip.show()
    assert wire.frames[-1] == wire_bytes(wiring.chain, colors)


def test_the_brightness_cap_holds_on_the_wire(wiring: PiWiring, wire: MagicMock) -> None:
    strip = NeoPixelStrip(MOCK_NEOPIXEL_PIN, wiring.chain, max_brightness=0.25)
    strip.brightness = 1.0
    strip.fill((200, 200, 200))
    strip.show()
    assert set(wire.frames[-1]) == {50}


def test_each_show_is_exactly_one_write(strip: NeoPixelStrip, wire: MagicMock) -> None:
    for n in range(5):
        strip[n] = (n, n, n)
        strip.show()
    assert wire.call_count == 5


def test_pixel_order_rgb_for_other_strips(wiring: PiWiring, wire: MagicMock) -> None:
    strip = NeoPixelStrip(MOCK_NEOPIXEL_PIN, wiring.chain, pixel_order="RGB")
    strip[0] = (10, 20, 30)
    strip.show()
    assert wire.frames[-1][0:3] == bytes([10, 20, 30])


def test_a_chain_mixing_pixel_orders_gives_each_its_own(wiring: PiWiring, wire: MagicMock) -> None:
    """5 mm pixels reading RGB on the wire's first 64 positions, the GRB status strip after them:
    each pixel's bytes arrive in its own order."""
    orders = ("RGB",) * 64 + ("GRB",) * 8
    strip = NeoPixelStrip(MOCK_NEOPIXEL_PIN, wiring.chain, orders=orders)
    strip[0] = (10, 20, 30)  # wire position 0, an RGB pixel
    strip[71] = (10, 20, 30)  # wire position 64, the strip's first (GRB) pixel
    strip.show()
    frame = wire.frames[-1]
    assert frame[0:3] == bytes([10, 20, 30])
    assert frame[192:195] == bytes([20, 10, 30])


def test_close_blanks_the_strip_and_refuses_frames(strip: NeoPixelStrip, wire: MagicMock) -> None:
    strip.fill((9, 9, 9))
    strip.show()
    strip.close()
    strip.close()
    assert wire.frames[-1] == bytes(3 * PIXEL_COUNT)
    with pytest.raises(BackendClosed):
        strip.show()
    assert "closed" in repr(strip)


def test_an_unknown_pin_is_a_clear_error(wiring: PiWiring, wire: MagicMock) -> None:
    with pytest.raises(BackendUnavailable, match="no pin 'D99'"):
        NeoPixelStrip("D99", wiring.chain)


@pytest.mark.parametrize(
    "failure",
    [
        RuntimeError("NeoPixel support requires running with sudo, please try again!"),
        RuntimeError("ws2811_init failed with code -13 (Failed to init SPI)"),
        PermissionError(13, "Permission denied", "/dev/pio0"),
    ],
)
def test_a_driver_that_cannot_run_fails_at_open(
    wiring: PiWiring, wire: MagicMock, failure: Exception
) -> None:
    """rpi_ws281x and the Pi 5 driver start at the first write: opening must find out."""
    wire.side_effect = failure
    with pytest.raises(BackendUnavailable, match="cannot drive the NeoPixels on NEOPIXEL") as e:
        NeoPixelStrip(MOCK_NEOPIXEL_PIN, wiring.chain)
    assert "GPIO18 (PWM) needs root" in str(e.value) and "/dev/spidev0.0" in str(e.value)


def test_a_pin_that_cannot_be_claimed_is_a_clear_error(
    wiring: PiWiring, wire: MagicMock, neopixel: Any, mocker: MockerFixture
) -> None:
    mocker.patch.object(neopixel.digitalio, "DigitalInOut", side_effect=OSError(16, "busy"))
    with pytest.raises(BackendUnavailable, match="cannot drive the NeoPixels"):
        NeoPixelStrip(MOCK_NEOPIXEL_PIN, wiring.chain)


def test_a_write_that_fails_later_is_a_hal_error(strip: NeoPixelStrip, wire: MagicMock) -> None:
    wire.side_effect = RuntimeError("ws2811_render failed with code -14 (SPI transfer error)")
    with pytest.raises(BoardDisconnected, match="SPI transfer error"):
        strip.show()
