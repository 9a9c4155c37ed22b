"""The blocks every board shares: the 5 V supply, the level-shifted NeoPixel chain with its
decoupling and feed capacitors, and the buttons."""

from __future__ import annotations

from wiring.schematics.circuit import Board
from wiring.schematics.parts import (
    BUTTON,
    CAPACITOR,
    DC_JACK,
    ELECTROLYTIC,
    LEVEL_SHIFTER,
    PIXEL_5MM,
    PIXEL_STRIP,
    RESISTOR,
)
from wiring.schematics.skidl_quiet import Pin

V5, GND = "+5V", "GND"
"""The board supply's rails (the LEDs, the level shifter, the sensor rail's regulator)."""
SERIES_1K = "1k"
"""In series with each Pico line into a chip on the 5 V supply's rails, so that a Pico on the
Pi's USB cannot power them through their clamp diodes while that supply is off
(docs/hardware/pico.md)."""


def supply(board: Board) -> None:
    """The 5 V supply's jack; its rails are driven from outside the board."""
    jack = board.add(DC_JACK, "supply", "5 V jack", "J1")
    board.connect(V5, jack.p[1])
    board.net(V5, powered=True)
    board.connect(GND, jack.p[2])
    board.net(GND, powered=True)
    board.no_connect(jack, "SWITCH")


def decouple(board: Board, block: str, rail: str, cell: str) -> None:
    """A 100 nF ceramic capacitor from ``rail`` to GND at ``cell``."""
    board.two_pin(CAPACITOR, block, "100n", rail, GND, cell=cell)


def level_shifter(board: Board, data_net: str) -> None:
    """The 74AHCT125 that lifts the 3.3 V data line ``data_net`` to 5 V, then the 330 ohm
    resistor into the first pixel's DIN (net ``DIN0``). The three unused buffers
    have their inputs at GND and their outputs disabled (~OE high)."""
    shifter = board.add(LEVEL_SHIFTER, "level shifter", ref="U10")
    board.connect(V5, board.pin(shifter, "VCC"))
    board.connect(GND, board.pin(shifter, "GND"), board.pin(shifter, "~1OE"))
    board.connect(data_net, board.pin(shifter, "1A"))
    for unit in "234":
        board.connect(GND, board.pin(shifter, f"{unit}A"))
        board.connect(V5, board.pin(shifter, f"~{unit}OE"))
        board.no_connect(shifter, f"{unit}Y")
    decouple(board, "level shifter", V5, shifter.ref)
    board.two_pin(RESISTOR, "level shifter", "330", "DATA_5V", "DIN0", cell=shifter.ref)
    board.connect("DATA_5V", board.pin(shifter, "1Y"))


def series(board: Board, block: str, mcu_pin: Pin, net: str, resistor: str) -> None:
    """The MCU pin straight on ``net`` (``resistor`` empty), or through ``resistor``."""
    if not resistor:
        board.connect(net, mcu_pin)
        return
    board.two_pin(RESISTOR, block, resistor, f"{net}_MCU", net)
    board.connect(f"{net}_MCU", mcu_pin)


def led_chain(board: Board, chain: tuple[int, ...], cells: int, feeds: tuple[int, ...]) -> None:
    """The NeoPixels in wire order (``chain[k]``: the logical pixel at wire position ``k``):
    pixels below ``cells`` are 5 mm ones with 100 nF each, the rest the status strip's (which
    carries its own); 1000 uF across the rails at each feed position ``feeds``."""
    din = "DIN0"
    for position, pixel in enumerate(chain):
        cell = pixel < cells
        led = board.add(PIXEL_5MM if cell else PIXEL_STRIP, "LED chain", ref=f"LED{pixel}")
        board.connect(din, board.pin(led, "DIN"))
        board.connect(V5, board.pin(led, "VDD"))
        board.connect(GND, board.pin(led, "GND" if cell else "VSS"))
        if position + 1 < len(chain):
            din = f"DIN{position + 1}"
            board.connect(din, board.pin(led, "DOUT"))
        else:
            board.no_connect(led, "DOUT")
        if cell:
            decouple(board, "LED chain", V5, led.ref)
        if position in feeds:
            board.two_pin(ELECTROLYTIC, "LED chain", "1000u", V5, GND, cell=led.ref)


def buttons(board: Board, pins: dict[str, Pin]) -> None:
    """A push button from each pin to GND (the MCU's internal pull-ups)."""
    for name, pin in pins.items():
        button = board.add(BUTTON, "buttons", name.upper(), f"SW_{name.upper()}")
        board.connect(
            f"BTN_{name.upper()}", pin, *board.pins(button, "1"), *board.pins(button, "2")
        )
        board.connect(GND, button.p[3], button.p[4])
