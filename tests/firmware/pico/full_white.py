"""Full white on every hole and status pixel of the emulated Pico, the brightness asked at 1.0:
the frame that leaves its NeoPixel pin must draw within the supply of the board's wiring file
(``wiring/leds.toml``, ``flip4.toml``, ``olix.toml``: ``[power]``), as the firmware's fixed
``LED_BUDGET_MA`` holds it."""

from __future__ import annotations

from hal.geometry import load_grid_wiring
from hal.pinmap import read_toml
from hal.power import PowerBudget, load_power
from tests.emulated_pico import EmulatedRig

SLOW = 120.0


def supply_of(board: str) -> PowerBudget:
    """The ``[power]`` of the Pico path's wiring file of ``board`` (``flix`` or a flat board)."""
    if board == "flix":
        return load_power(read_toml("leds.toml").get("power"), "wiring/leds.toml")
    power = load_grid_wiring(board).power
    assert power is not None, f"wiring/{board}.toml has no [power]"
    return power


def full_white_current_ma(rig: EmulatedRig, power: PowerBudget) -> float:
    """Show full white at brightness 1.0; the current of the frame on the wire."""
    pixels = rig.backend.pixels
    count = rig.board.geometry.pixel_count
    pixels.max_brightness = 1.0
    pixels.brightness = 1.0
    pixels.fill((255, 255, 255))
    since = len(rig.pico.events)
    pixels.show()
    event = rig.pico.wait_for(
        lambda e: (
            e["ev"] == "leds"
            and len(set(bytes.fromhex(e["wire"]))) == 1
            and len(e["wire"]) == 6 * len(pixels)
        ),
        SLOW,
        since,
    )
    wire = bytes.fromhex(event["wire"])
    assert wire[0] > 0, "full white is shown, scaled, not dark"
    return sum(wire) * power.pixel_ma_per_channel / 255 + power.pixel_idle_ma * count


def assert_within_supply(rig: EmulatedRig, board: str) -> None:
    power = supply_of(board)
    drawn = full_white_current_ma(rig, power)
    assert drawn <= power.budget_ma
    assert drawn + power.other_ma <= power.supply_a * 1000 * power.margin
