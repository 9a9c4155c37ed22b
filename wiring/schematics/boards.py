"""Every board's netlist, built from its wiring files through the readers the service uses
(``hal.pinmap``, ``hal.pi_wiring``, ``hal.geometry``, ``hal.pi_grid``): a pin, multiplexer
channel, matrix position or chain position exists here only as the wiring file gives it."""

from __future__ import annotations

from collections.abc import Callable

from hal.geometry import GridWiring, load_grid_wiring
from hal.pi_grid import load_pi_grid
from hal.pi_wiring import PiWiring, load_pi
from hal.pinmap import load_leds, load_pico
from wiring.schematics.blocks import (
    GND,
    SERIES_1K,
    V5,
    buttons,
    decouple,
    led_chain,
    level_shifter,
    series,
    supply,
)
from wiring.schematics.circuit import Board
from wiring.schematics.parts import (
    DECODER,
    DIODE,
    ELECTROLYTIC,
    HALL_LINEAR,
    HALL_OMNIPOLAR,
    HALL_UNIPOLAR,
    MUX,
    P_MOSFET,
    PANEL_MATRIX,
    PANEL_SENSORS,
    PI_HEADER,
    PICO,
    REED,
    REGULATOR,
    RESISTOR,
    PartSpec,
)
from wiring.schematics.skidl_quiet import Part

V3S = "+3V3S"
"""The Pico spaceboard's sensor rail: the LD1117V33 from the 5 V supply (sensors, muxes)."""
V3 = "+3V3"
"""3.3 V logic from the controller itself: the Pico's 3V3 pin or the Pi header's pin 1."""
PANELS = 4
"""The spaceboard's removable panels, 16 holes each (hole = 16 * panel + 4 * floor + section)."""
FLAT_FEEDS = {"flip4": (0,), "olix": (0, 64, 121)}
"""Wire positions with a 1000 uF feed capacitor on the flat boards (wiring/BOM.md)."""


def _gpio_name(spec: PartSpec, gpio: int) -> str:
    return f"GP{gpio}" if spec is PICO else f"GPIO{gpio}"


def _controller(board: Board, spec: PartSpec, used: set[int]) -> Part:
    """The Pico or the Pi's header: grounds on GND, power pins and GPIOs not in ``used`` left
    unconnected (the Pico runs from the Pi's USB, the Pi from its own supply; RUN and 3V3_EN have
    the Pico's own pull-ups); the 3.3 V pins are :func:`_logic_rail`'s."""
    mcu = board.add(spec, "controller", ref="MCU" if spec is PICO else "J2")
    board.connect(GND, *board.pins(mcu, "GND"), *board.pins(mcu, "AGND"))
    spare = [
        name
        for _, name, _ in spec.pins
        if name.startswith("GP") and int(name.lstrip("GPIO")) not in used
    ]
    power = ("VBUS", "VSYS", "ADC_VREF", "RUN", "3V3_EN") if spec is PICO else ("5V",)
    board.no_connect(mcu, *spare, *power)
    return mcu


def _logic_rail(board: Board, mcu: Part, spec: PartSpec, needed: bool) -> None:
    """The controller's 3.3 V on the ``+3V3`` net (one pin: the Pi's two 3V3 pins are one rail
    inside the Pi), or every 3V3 pin unconnected."""
    pins = board.pins(mcu, "3V3")
    if needed:
        board.connect(V3, pins[0])
        pins = pins[1:]
    if pins:
        board.circuit.NC += pins


def pico_spaceboard() -> Board:
    """The spaceboard on a Pico: 72 DRV5055 through five 74HC4067 into three ADC inputs."""
    pico, leds = load_pico(), load_leds()
    board = Board(
        "pico", "Spaceboard on a Raspberry Pi Pico", ("wiring/pico.toml", "wiring/leds.toml")
    )
    supply(board)
    used = {*pico.adc_pins, *pico.select_pins, *pico.buttons.values(), pico.neopixel_pin}
    used |= {m.enable_pin for m in pico.muxes if m.enable_pin >= 0}
    mcu = _controller(board, PICO, used)
    _logic_rail(board, mcu, PICO, needed=False)

    regulator = board.add(REGULATOR, "sensor rail", ref="U20")
    board.connect(V5, board.pin(regulator, "VIN"))
    board.connect(V3S, board.pin(regulator, "VOUT"))
    board.connect(GND, board.pin(regulator, "GND"))
    board.two_pin(ELECTROLYTIC, "sensor rail", "10u", V5, GND, cell="U20")
    board.two_pin(ELECTROLYTIC, "sensor rail", "10u", V3S, GND, cell="U20")
    board.two_pin(RESISTOR, "sensor rail", "10k", V3S, "MID", cell="U20")
    board.two_pin(RESISTOR, "sensor rail", "10k", "MID", GND, cell="U20")

    for bit, gpio in enumerate(pico.select_pins):
        series(board, "multiplexers", board.pin(mcu, f"GP{gpio}"), f"S{bit}", SERIES_1K)
    for adc, gpio in enumerate(pico.adc_pins):
        board.connect(f"ADC{adc}", board.pin(mcu, f"GP{gpio}"))
    for mux in pico.muxes:
        chip = board.add(MUX, "multiplexers", ref=mux.name)
        board.connect(V3S, board.pin(chip, "VCC"))
        board.connect(GND, board.pin(chip, "GND"))
        decouple(board, "multiplexers", V3S, chip.ref)
        for bit in range(4):
            board.connect(f"S{bit}", board.pin(chip, f"S{bit}"))
        if mux.enable_pin >= 0:
            enable = board.pin(mcu, f"GP{mux.enable_pin}")
            series(board, "multiplexers", enable, f"~E_{mux.name}", SERIES_1K)
            board.connect(f"~E_{mux.name}", board.pin(chip, "~E"))
        else:
            board.connect(GND, board.pin(chip, "~E"))
        board.connect(f"ADC{mux.adc}", board.pin(chip, "COM"))
        for channel, sensor in enumerate(mux.sensors):
            net = f"HALL{sensor}" if sensor >= 0 else "MID"
            board.connect(net, board.pin(chip, f"I{channel}"))
            if sensor >= 0:
                _analog_sensor(board, sensor)

    series(board, "level shifter", board.pin(mcu, f"GP{pico.neopixel_pin}"), "DATA", SERIES_1K)
    level_shifter(board, "DATA")
    led_chain(board, leds.chain, 64, leds.injection)
    buttons(board, {name: board.pin(mcu, f"GP{gpio}") for name, gpio in pico.buttons.items()})
    for panel in range(PANELS):
        connector = _panel_connector(board, PANEL_SENSORS, panel, leds.chain)
        board.connect(V3S, board.pin(connector, "+3V3S"))
        for i in range(16):
            board.connect(f"HALL{16 * panel + i}", board.pin(connector, f"OUT{i}"))
        board.no_connect(connector, "NC")
    return board


def _panel_connector(board: Board, spec: PartSpec, panel: int, chain: tuple[int, ...]) -> Part:
    """Panel ``panel``'s connector with its grounds, 5 V and the chain's data in and out: the
    panel's 16 pixels must be one run of the wire, or lifting the panel out would cut the chain
    elsewhere."""
    connector = board.add(spec, "panel connectors", ref=f"JP{panel}")
    board.connect(GND, board.pin(connector, "GND_S"), board.pin(connector, "GND_LED"))
    board.connect(V5, board.pin(connector, "+5V"))
    wire = [k for k, pixel in enumerate(chain) if pixel // 16 == panel and pixel < 16 * PANELS]
    if wire != list(range(wire[0], wire[0] + 16)):
        raise ValueError(f"panel {panel}'s pixels are not one run of the chain: {wire}")
    board.connect(f"DIN{wire[0]}", board.pin(connector, "DIN"))
    if wire[-1] + 1 < len(chain):
        board.connect(f"DIN{wire[-1] + 1}", board.pin(connector, "DOUT"))
    else:
        board.no_connect(connector, "DOUT")
    return connector


def _analog_sensor(board: Board, sensor: int) -> None:
    """A DRV5055 on the sensor rail, 100 nF across it, 1 Mohm from its output to GND."""
    block = "hole sensors" if sensor < 64 else "groove sensors"
    hall = board.add(HALL_LINEAR, block, ref=f"H{sensor}")
    board.connect(V3S, board.pin(hall, "VCC"))
    board.connect(GND, board.pin(hall, "GND"))
    board.connect(f"HALL{sensor}", board.pin(hall, "OUT"))
    decouple(board, block, V3S, hall.ref)
    board.two_pin(RESISTOR, block, "1M", f"HALL{sensor}", GND, cell=hall.ref)


def gpio_spaceboard() -> Board:
    """The spaceboard on the Pi's GPIO: 80 Hall switches in a 10 x 8 diode matrix, each row's
    supply switched by a P-MOSFET."""
    pi = load_pi()
    board = Board(
        "pi", "Spaceboard on the Raspberry Pi's GPIO", ("wiring/pi.toml", "wiring/leds.toml")
    )
    supply(board)
    data = pi.led_pin(pi.led_driver)
    used = {*pi.rows, *pi.columns, *pi.buttons.values(), data}
    header = _controller(board, PI_HEADER, used)
    _logic_rail(board, header, PI_HEADER, needed=True)
    for row, gpio in enumerate(pi.rows):
        _row_switch(board, header, row, gpio)
    for column, gpio in enumerate(pi.columns):
        board.connect(f"COL{column}", board.pin(header, f"GPIO{gpio}"))
    for switch, spec, ref in _switches(pi):
        _matrix_switch(board, spec, ref, switch // len(pi.columns), switch % len(pi.columns))
    board.connect("DATA", board.pin(header, f"GPIO{data}"))
    level_shifter(board, "DATA")
    leds = load_leds()
    led_chain(board, leds.chain, 64, leds.injection)
    buttons(board, {name: board.pin(header, f"GPIO{gpio}") for name, gpio in pi.buttons.items()})
    width = len(pi.columns)
    for panel in range(PANELS):
        connector = _panel_connector(board, PANEL_MATRIX, panel, leds.chain)
        board.no_connect(connector, "NC")
        switches = pi.hole_switch[16 * panel : 16 * panel + 16]
        rows = sorted({switch // width for switch in switches})
        if len(rows) != 2 or width != 8:
            raise ValueError(f"panel {panel}'s holes are on rows {rows}: the connector has two")
        for name, row in zip(("ROW_A", "ROW_B"), rows, strict=True):
            board.connect(f"ROWPWR{row}", board.pin(connector, name))
        for column in range(width):
            board.connect(f"COL{column}", board.pin(connector, f"COL{column}"))
    return board


def _switches(pi: PiWiring) -> list[tuple[int, PartSpec, str]]:
    """Each matrix switch: its index, part and reference (H<hole>, or H<sensor>N / S for a
    groove position's switch that closes on a north / south pole)."""
    found = [(switch, HALL_OMNIPOLAR, f"H{hole}") for hole, switch in enumerate(pi.hole_switch)]
    for sensor, (north, south) in pi.groove_switches.items():
        found += [(north, HALL_UNIPOLAR, f"H{sensor}N"), (south, HALL_UNIPOLAR, f"H{sensor}S")]
    return sorted(found)


def _row_switch(board: Board, header: Part, row: int, gpio: int) -> None:
    """Row ``row``'s AO3401A: gate on the row pin with 10 kohm to 3.3 V (off while the Pi
    boots), source on 3.3 V, drain on the row's supply rail with 100 nF."""
    mosfet = board.add(P_MOSFET, "row switches", ref=f"Q{row}")
    board.connect(f"ROW{row}", board.pin(header, f"GPIO{gpio}"), board.pin(mosfet, "G"))
    board.two_pin(RESISTOR, "row switches", "10k", V3, f"ROW{row}", cell=mosfet.ref)
    board.connect(V3, board.pin(mosfet, "S"))
    board.connect(f"ROWPWR{row}", board.pin(mosfet, "D"))
    board.net(f"ROWPWR{row}", powered=True)
    decouple(board, "row switches", f"ROWPWR{row}", mosfet.ref)


def _matrix_switch(board: Board, spec: PartSpec, ref: str, row: int, column: int) -> None:
    """A Hall switch powered from its row's rail, its open-drain output pulling its column low
    through a 1N4148 (cathode at the output)."""
    block = "hole switches" if spec is HALL_OMNIPOLAR else "groove switches"
    hall = board.add(spec, block, ref=ref)
    board.connect(f"ROWPWR{row}", board.pin(hall, "VCC"))
    board.connect(GND, board.pin(hall, "GND"))
    board.two_pin(DIODE, block, "1N4148", f"OUT_{ref}", f"COL{column}", f"D_{ref}", ref)
    board.connect(f"OUT_{ref}", board.pin(hall, "OUT"))


def flat_board(wiring: GridWiring, title: str) -> Board:
    """Flip 4 or Olix on a Pico or on the Pi's GPIO: a reed switch and a 1N4148 per cell, rows
    driven low directly or through a 74HC154, columns read with pull-ups."""
    on_pico = "Pico" in wiring.mcu
    spec = PICO if on_pico else PI_HEADER
    key = wiring.geometry.key + ("" if on_pico else "-pi")
    board = Board(key, title, (wiring.source,))
    supply(board)
    used = {*wiring.row_pins, *wiring.decoder_pins, *wiring.col_pins, *wiring.buttons.values()}
    mcu = _controller(board, spec, used | {wiring.neopixel_pin})
    _logic_rail(board, mcu, spec, needed=bool(wiring.decoder_pins))
    for row, gpio in enumerate(wiring.row_pins):
        board.connect(f"ROW{row}", board.pin(mcu, _gpio_name(spec, gpio)))
    if wiring.decoder_pins:
        _decoder(board, mcu, spec, wiring)
    for column, gpio in enumerate(wiring.col_pins):
        board.connect(f"COL{column}", board.pin(mcu, _gpio_name(spec, gpio)))
    cols = wiring.geometry.cols
    for cell in range(wiring.geometry.cells):
        reed = board.add(REED, "cell switches", ref=f"S{cell}")
        board.connect(f"COL{cell % cols}", reed.p[1])
        board.connect(f"CELL{cell}", reed.p[2])
        board.two_pin(
            DIODE,
            "cell switches",
            "1N4148",
            f"ROW{cell // cols}",
            f"CELL{cell}",
            f"D{cell}",
            reed.ref,
        )
    data = board.pin(mcu, _gpio_name(spec, wiring.neopixel_pin))
    series(board, "level shifter", data, "DATA", SERIES_1K if on_pico else "")
    level_shifter(board, "DATA")
    led_chain(board, wiring.chain, wiring.geometry.cells, FLAT_FEEDS[wiring.geometry.key])
    buttons(board, {n: board.pin(mcu, _gpio_name(spec, g)) for n, g in wiring.buttons.items()})
    return board


def _decoder(board: Board, mcu: Part, spec: PartSpec, wiring: GridWiring) -> None:
    """The 74HC154 on the controller's 3.3 V: A0..A3 from the select pins, both enables at GND,
    output ``k`` on row ``k``, the rest unconnected."""
    chip = board.add(DECODER, "row decoder", ref="U1")
    board.connect(V3, board.pin(chip, "VCC"))
    board.connect(GND, board.pin(chip, "GND"), board.pin(chip, "~E1"), board.pin(chip, "~E2"))
    decouple(board, "row decoder", V3, chip.ref)
    for bit, gpio in enumerate(wiring.decoder_pins):
        board.connect(f"A{bit}", board.pin(mcu, _gpio_name(spec, gpio)), board.pin(chip, f"A{bit}"))
    rows = wiring.geometry.rows
    for output in range(16):
        if output < rows:
            board.connect(f"ROW{output}", board.pin(chip, f"Y{output}"))
        else:
            board.no_connect(chip, f"Y{output}")


BOARDS: dict[str, Callable[[], Board]] = {
    "pico": pico_spaceboard,
    "pi": gpio_spaceboard,
    "flip4": lambda: flat_board(load_grid_wiring("flip4"), "Flip 4 on a Raspberry Pi Pico"),
    "olix": lambda: flat_board(load_grid_wiring("olix"), "Olix on a Raspberry Pi Pico"),
    "flip4-pi": lambda: flat_board(load_pi_grid("flip4"), "Flip 4 on the Raspberry Pi's GPIO"),
    "olix-pi": lambda: flat_board(load_pi_grid("olix"), "Olix on the Raspberry Pi's GPIO"),
}
"""Each board's builder, by the name of its drawing and netlist (docs/hardware/schematics/)."""
