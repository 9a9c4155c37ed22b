"""A netlist read back and compared, pin by pin, with the wiring files the service reads: every
controller pin, multiplexer channel, matrix position, button and chain position that a wiring
file names must be wired so in the netlist. Each check returns the differences it finds (empty:
they agree)."""

from __future__ import annotations

from itertools import pairwise

from hal.geometry import GridWiring
from hal.pi_wiring import PiWiring
from hal.pinmap import LedChain, PicoWiring
from wiring.schematics.circuit import Schematic


class _Reader:
    """Questions about one netlist: which net a pin is on, and what joins two nets."""

    def __init__(self, schematic: Schematic) -> None:
        self.schematic = schematic
        self.refs = {row.ref: row for row in schematic.parts}
        self.net_of = {node: net for net, nodes in schematic.nets.items() for node in nodes}
        self.problems: list[str] = []

    def net(self, ref: str, pin: str) -> str | None:
        row = self.refs.get(ref)
        if row is None or pin not in row.pins:
            return None
        return self.net_of.get(f"{ref}.{row.pins.index(pin) + 1}")

    def between(self, a: str | None, b: str | None, part: str) -> bool:
        """Whether a two-pin ``part`` (``R``, ``1N4148``) joins net ``a`` (its pin 1 for a
        diode's cathode) to net ``b``."""
        for row in self.schematic.parts:
            if row.part != part:
                continue
            one, two = self.net_of.get(f"{row.ref}.1"), self.net_of.get(f"{row.ref}.2")
            if (one, two) == (a, b) or (part == "R" and (two, one) == (a, b)):
                return a is not None
        return False

    def only(self, ref: str, prefix: str, gpios: set[int]) -> None:
        """Record a problem for each GPIO of the controller ``ref`` that is wired although the
        wiring files name only ``gpios``, or named but left unconnected."""
        wired = {
            int(name.removeprefix(prefix))
            for name in self.refs[ref].pins
            if name.startswith(prefix) and self.net(ref, name) is not None
        }
        for gpio in sorted(wired ^ gpios):
            state = "wired" if gpio in wired else "not wired"
            self.problems.append(f"{ref}.{prefix}{gpio} is {state}, the wiring files say otherwise")

    def expect(self, what: str, a: tuple[str, str], b: tuple[str, str], via: str = "") -> None:
        """Record a problem unless pin ``a`` and pin ``b`` (``(ref, pin name)``) are on one net,
        or joined by a ``via`` part (a diode's cathode at ``a``)."""
        net_a, net_b = self.net(*a), self.net(*b)
        ok = net_a is not None and (self.between(net_a, net_b, via) if via else net_a == net_b)
        if not ok:
            joined = f" through {via}" if via else ""
            self.problems.append(
                f"{what}: {a[0]}.{a[1]} ({net_a}) is not joined{joined} to {b[0]}.{b[1]} ({net_b})"
            )


def check_pico(schematic: Schematic, pico: PicoWiring, leds: LedChain) -> list[str]:
    """The Pico spaceboard's netlist against ``wiring/pico.toml`` and ``wiring/leds.toml``."""
    read = _Reader(schematic)
    for mux in pico.muxes:
        for bit, gpio in enumerate(pico.select_pins):
            read.expect(f"select S{bit}", ("MCU", f"GP{gpio}"), (mux.name, f"S{bit}"), "R")
        if mux.enable_pin >= 0:
            read.expect("enable", ("MCU", f"GP{mux.enable_pin}"), (mux.name, "~E"), "R")
        else:
            read.expect("enable", ("J1", "SLEEVE"), (mux.name, "~E"))
        read.expect("ADC", ("MCU", f"GP{pico.adc_pins[mux.adc]}"), (mux.name, "COM"))
        for channel, sensor in enumerate(mux.sensors):
            if sensor >= 0:
                read.expect(f"channel {channel}", (mux.name, f"I{channel}"), (f"H{sensor}", "OUT"))
            elif not (read.net(mux.name, f"I{channel}") or "").startswith("MID"):
                read.problems.append(f"{mux.name}.I{channel} is not on the mid-rail divider")
    _buttons(read, "MCU", "GP", pico.buttons)
    read.expect("NeoPixel data", ("MCU", f"GP{pico.neopixel_pin}"), ("U10", "1A"), "R")
    _chain(read, leds.chain)
    enables = {mux.enable_pin for mux in pico.muxes if mux.enable_pin >= 0}
    buttons = set(pico.buttons.values())
    used = {*pico.select_pins, *enables, *pico.adc_pins, *buttons, pico.neopixel_pin}
    read.only("MCU", "GP", used)
    return read.problems


def check_pi(schematic: Schematic, pi: PiWiring, leds: LedChain) -> list[str]:
    """The GPIO spaceboard's netlist against ``wiring/pi.toml`` and ``wiring/leds.toml``."""
    read = _Reader(schematic)
    width = len(pi.columns)
    for row, gpio in enumerate(pi.rows):
        read.expect(f"row {row}", ("J2", f"GPIO{gpio}"), (f"Q{row}", "G"))
    switches = {f"H{hole}": switch for hole, switch in enumerate(pi.hole_switch)}
    for sensor, (north, south) in pi.groove_switches.items():
        switches |= {f"H{sensor}N": north, f"H{sensor}S": south}
    for ref, switch in switches.items():
        row, column = divmod(switch, width)
        read.expect(f"{ref} supply", (ref, "VCC"), (f"Q{row}", "D"))
        column_pin = ("J2", f"GPIO{pi.columns[column]}")
        read.expect(f"{ref} column", (ref, "OUT"), column_pin, "1N4148")
    _buttons(read, "J2", "GPIO", pi.buttons)
    data = pi.led_pin(pi.led_driver)
    read.expect("NeoPixel data", ("J2", f"GPIO{data}"), ("U10", "1A"))
    _chain(read, leds.chain)
    read.only("J2", "GPIO", {*pi.rows, *pi.columns, *pi.buttons.values(), data})
    return read.problems


def check_grid(schematic: Schematic, wiring: GridWiring) -> list[str]:
    """A flat board's netlist against its wiring file (on a Pico or on the Pi's GPIO)."""
    read = _Reader(schematic)
    ref, prefix = ("MCU", "GP") if "Pico" in wiring.mcu else ("J2", "GPIO")
    rows: list[tuple[str, str]] = [(ref, f"{prefix}{gpio}") for gpio in wiring.row_pins]
    if wiring.decoder_pins:
        rows = [("U1", f"Y{row}") for row in range(wiring.geometry.rows)]
        for bit, gpio in enumerate(wiring.decoder_pins):
            read.expect(f"decoder A{bit}", (ref, f"{prefix}{gpio}"), ("U1", f"A{bit}"))
    cols = wiring.geometry.cols
    for cell in range(wiring.geometry.cells):
        row, column = divmod(cell, cols)
        reed = f"S{cell}"
        read.expect(f"cell {cell} column", (reed, "1"), (ref, f"{prefix}{wiring.col_pins[column]}"))
        read.expect(f"cell {cell} row", rows[row], (reed, "2"), "1N4148")
    _buttons(read, ref, prefix, wiring.buttons)
    via = "R" if ref == "MCU" else ""
    read.expect("NeoPixel data", (ref, f"{prefix}{wiring.neopixel_pin}"), ("U10", "1A"), via)
    _chain(read, wiring.chain)
    pins = (*wiring.row_pins, *wiring.decoder_pins, *wiring.col_pins, *wiring.buttons.values())
    read.only(ref, prefix, {*pins, wiring.neopixel_pin})
    return read.problems


def _buttons(read: _Reader, ref: str, prefix: str, buttons: dict[str, int]) -> None:
    for name, gpio in buttons.items():
        read.expect(f"button {name}", (ref, f"{prefix}{gpio}"), (f"SW_{name.upper()}", "1"))


def _chain(read: _Reader, chain: tuple[int, ...]) -> None:
    """The level shifter's output through 330 ohm into the first pixel, then each pixel's DOUT
    into the next one's DIN, in wire order."""
    read.expect("first pixel", ("U10", "1Y"), (f"LED{chain[0]}", "DIN"), "R")
    for here, after in pairwise(chain):
        read.expect("chain", (f"LED{here}", "DOUT"), (f"LED{after}", "DIN"))
    pixels = sum(
        row.block == "LED chain" and row.ref.startswith("LED") for row in read.schematic.parts
    )
    if pixels != len(chain):
        read.problems.append(f"{pixels} pixels in the netlist, {len(chain)} in the chain")
