"""A board's netlist as the Yosys-style JSON that netlistsvg draws (with its analog skin).

A drawing shows every part of the board once, except the cells a board repeats dozens of times
(sensors, switches, pixels, with their capacitors, pull-downs and diodes): the first ones of each
stand for the rest, and a net that leads to an undrawn cell ends in a labelled arrow (``HALL12``,
``COL3``). Every supply connection is a power symbol, not a wire. The netlist JSON beside the
drawing holds every part.
"""

from __future__ import annotations

from typing import Any

from wiring.schematics.circuit import PartRow, Schematic
from wiring.schematics.parts import IN, PWR_IN, SPECS

POWER_NETS = ("+5V", "+3V3S", "+3V3", "GND")
REPEATED = {
    "hole sensors": 2,
    "groove sensors": 1,
    "hole switches": 2,
    "groove switches": 2,
    "cell switches": 2,
    "row switches": 2,
}
"""Blocks of repeated cells and how many of their cells a drawing shows."""
PIXELS_DRAWN = (0, 1)
"""Wire positions of the pixels a drawing shows, besides the status strip's first."""
TWO_PIN = {"R": ("r_v", "A", "B"), "C": ("c_v", "A", "B"), "CP": ("c_v", "A", "B")}
TWO_PIN["1N4148"] = ("d_v", "-", "+")


def drawn_cells(schematic: Schematic) -> set[str]:
    """The cells (part references) the drawing of ``schematic`` shows."""
    kept: set[str] = set()
    shown: dict[str, int] = {}
    for row in schematic.parts:
        if row.cell != row.ref:
            continue
        if row.block in REPEATED:
            shown[row.block] = shown.get(row.block, 0) + 1
            if shown[row.block] <= REPEATED[row.block]:
                kept.add(row.ref)
        elif row.block != "LED chain":
            kept.add(row.ref)
    wire = {row.ref: _wire_position(schematic, row) for row in schematic.parts}
    strip = [
        position
        for row in schematic.parts
        if row.part == "WS2812B_5050" and (position := wire[row.ref]) >= 0
    ]
    positions = {*PIXELS_DRAWN, min(strip, default=-1)}
    kept |= {ref for ref, position in wire.items() if position in positions}
    return kept


def _wire_position(schematic: Schematic, row: PartRow) -> int:
    """A pixel's position on the wire (its DIN net ``DIN<k>``), -1 for any other part."""
    if row.block != "LED chain" or "DIN" not in row.pins:
        return -1
    net = schematic.net_of(schematic.node(row.ref, "DIN")) or ""
    return int(net.removeprefix("DIN")) if net.startswith("DIN") else -1


def yosys_json(schematic: Schematic) -> dict[str, Any]:
    """The drawing of ``schematic`` as netlistsvg's input."""
    kept = drawn_cells(schematic)
    net_of = {node: net for net, nodes in schematic.nets.items() for node in nodes}
    drawn_refs = {row.ref for row in schematic.parts if row.cell in kept}
    bits: dict[str, int] = {}
    cells: dict[str, Any] = {}
    ports: dict[str, Any] = {}

    def bit(net: str) -> int:
        if net not in bits:
            bits[net] = len(bits) + 2
            if any(node.partition(".")[0] not in drawn_refs for node in schematic.nets[net]):
                ports[net] = {"direction": "output", "bits": [bits[net]]}
        return bits[net]

    symbols: dict[tuple[str, str], int] = {}
    """One power symbol per part and rail."""
    for row in schematic.parts:
        if row.ref not in drawn_refs:
            continue
        connections: dict[str, list[int]] = {}
        directions: dict[str, str] = {}
        two_pin = TWO_PIN.get(row.part)
        for index, pin_name in enumerate(row.pins):
            number = index + 1
            net = net_of.get(f"{row.ref}.{number}")
            if net is None:
                continue
            if net in POWER_NETS:
                if (row.ref, net) not in symbols:
                    symbols[row.ref, net] = wire = 10_000 + len(symbols)
                    cells[f"{net}#{wire - 10_000}"] = {
                        "type": "gnd" if net == "GND" else "vcc",
                        "connections": {"A": [wire]},
                        "attributes": {"name": net},
                    }
                wire = symbols[row.ref, net]
            else:
                wire = bit(net)
            if two_pin:
                connections[two_pin[number]] = [wire]
                continue
            port = pin_name if row.pins.count(pin_name) == 1 else f"{pin_name}.{number}"
            connections[port] = [wire]
            kind = SPECS[row.part].pins[index][2]
            directions[port] = "input" if kind in (IN, PWR_IN) else "output"
        cell: dict[str, Any] = {
            "type": two_pin[0] if two_pin else f"{row.part} {row.ref}",
            "connections": connections,
            "attributes": {"ref": row.ref, "value": row.value},
        }
        if not two_pin:
            cell["port_directions"] = directions
        cells[row.ref] = cell
    return {"modules": {schematic.board: {"ports": ports, "cells": cells}}}
