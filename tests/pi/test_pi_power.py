"""The LEDs on the Pi's GPIO stay within their supply: full white on every hole and status
pixel, with the brightness cap at 1.0, through the real ``neopixel`` library on Blinka's mock
board; the current is reckoned from the bytes on the wire (``wiring/*.toml [power]``)."""

from __future__ import annotations

from unittest.mock import MagicMock

from hal.geometry import GridWiring
from hal.gpio_backend import GpioBackend
from hal.gpio_grid import GridGpioBackend
from hal.gpio_matrix import MatrixGpioBackend
from hal.pi_grid import power_of
from hal.pi_wiring import PiWiring
from hal.power import PowerBudget
from sim.clock import SimClock
from tests.pi.gpio_standin import MOCK_NEOPIXEL_PIN, StandInGPIO

WHITE = (255, 255, 255)


def wire_current_ma(frame: bytes, power: PowerBudget) -> float:
    """What a frame on the wire draws: each byte's share of a channel's current, plus idle."""
    return sum(frame) * power.pixel_ma_per_channel / 255 + power.pixel_idle_ma * len(frame) // 3


def full_white(backend: MatrixGpioBackend, wire: MagicMock, power: PowerBudget) -> float:
    """Show full white everywhere at the highest brightness; the current of what was written."""
    backend.pixels.brightness = 1.0
    backend.pixels.fill(WHITE)
    backend.pixels.show()
    frame = wire.frames[-1]
    assert len(frame) == 3 * len(backend.pixels)
    uncapped = wire_current_ma(bytes([255]) * len(frame), power)
    assert uncapped + power.other_ma > power.supply_a * 1000, "the test must need the budget"
    return wire_current_ma(frame, power)


def within(drawn: float, power: PowerBudget) -> None:
    assert drawn <= power.budget_ma
    assert drawn + power.other_ma <= power.supply_a * 1000 * power.margin
    assert drawn > 0.95 * power.budget_ma, "scaled to the budget, not darker than it needs"


def test_the_spaceboard_at_full_white_stays_within_its_supply(
    gpio: StandInGPIO, wire: MagicMock, clock: SimClock, wiring: PiWiring
) -> None:
    backend = GpioBackend(clock=clock, led_pin=MOCK_NEOPIXEL_PIN, scan_thread=False)
    try:
        within(full_white(backend, wire, wiring.power), wiring.power)
    finally:
        backend.close()


def test_a_flat_board_at_full_white_stays_within_its_supply(
    flat_gpio: StandInGPIO, wire: MagicMock, clock: SimClock, grid: GridWiring
) -> None:
    """Flip 4 (33 pixels, 2.0 A uncapped, a 3 A supply) never needs scaling; Olix (129 pixels,
    7.9 A uncapped, a 6 A supply) is scaled to its budget."""
    power = power_of(grid)
    backend = GridGpioBackend(
        wiring=grid, clock=clock, led_pin=MOCK_NEOPIXEL_PIN, scan_thread=False
    )
    try:
        backend.pixels.fill(WHITE)
        backend.pixels.show()
        drawn = wire_current_ma(wire.frames[-1], power)
        assert drawn <= power.budget_ma
        assert drawn + power.other_ma <= power.supply_a * 1000 * power.margin
        if grid.geometry.key == "olix":
            within(full_white(backend, wire, power), power)
    finally:
        backend.close()
