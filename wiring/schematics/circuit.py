"""A board under construction (:class:`Board`, a SKiDL circuit with named nets and parts) and
the netlist it becomes (:class:`Schematic`, plain data written as JSON beside the drawings)."""

from __future__ import annotations

from dataclasses import dataclass, field

import msgspec

from wiring.schematics.parts import PartSpec, template
from wiring.schematics.skidl_quiet import POWER, Circuit, Net, Part, Pin


class PartRow(msgspec.Struct, frozen=True):
    """One part of a netlist: its reference, part name, value, the block it belongs to, the
    cell it serves (its own reference, or the sensor or pixel a capacitor decouples), and its
    pin names in pin-number order (``pins[0]`` is pin 1)."""

    ref: str
    part: str
    value: str
    block: str
    cell: str
    pins: list[str]


class Schematic(msgspec.Struct, frozen=True):
    """A board's netlist: every part and every net, each net's nodes as ``REF.pin-number``."""

    board: str
    title: str
    sources: list[str]
    parts: list[PartRow]
    nets: dict[str, list[str]]

    def part(self, ref: str) -> PartRow:
        return next(row for row in self.parts if row.ref == ref)

    def node(self, ref: str, pin_name: str) -> str:
        """``REF.number`` of the first pin of ``ref`` called ``pin_name``."""
        return f"{ref}.{self.part(ref).pins.index(pin_name) + 1}"

    def net_of(self, node: str) -> str | None:
        """The net a node is on (``None``: unconnected)."""
        return next((name for name, nodes in self.nets.items() if node in nodes), None)


@dataclass
class Board:
    """A board being described: parts are added by spec, nets by name; a pin left out of
    every net must be declared unconnected (:meth:`no_connect`), or the ERC reports it."""

    key: str
    title: str
    sources: tuple[str, ...]
    circuit: Circuit = field(default_factory=Circuit)
    specs: dict[str, PartSpec] = field(default_factory=dict)
    blocks: dict[str, str] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    cells: dict[str, str] = field(default_factory=dict)
    nets: dict[str, Net] = field(default_factory=dict)
    _count: dict[str, int] = field(default_factory=dict)
    _pending: dict[str, list[Pin]] = field(default_factory=dict)

    def add(
        self, spec: PartSpec, block: str, value: str = "", ref: str = "", cell: str = ""
    ) -> Part:
        """A new part of ``spec`` (reference ``ref``, else the prefix and the next number) in
        ``block``, serving ``cell`` (a part's reference; itself when empty)."""
        if not ref:
            self._count[spec.prefix] = self._count.get(spec.prefix, 0) + 1
            ref = f"{spec.prefix}{self._count[spec.prefix]}"
        if ref in self.specs:
            raise ValueError(f"{self.key}: two parts {ref}")
        part = template(spec)(circuit=self.circuit, ref=ref, value=value or spec.name)
        self.specs[ref], self.blocks[ref], self.values[ref] = spec, block, value or spec.name
        self.cells[ref] = cell or ref
        return part

    def net(self, name: str, *, powered: bool = False) -> Net:
        """The net ``name``; ``powered``: driven from outside the board (the supply through its
        jack) or by a switch that is no SKiDL power pin (a MOSFET's drain), as a KiCad power
        flag says."""
        if name not in self.nets:
            self.nets[name] = Net(name, circuit=self.circuit)
        if powered:
            self.nets[name].drive = POWER
        return self.nets[name]

    def pin(self, part: Part, name: str) -> Pin:
        """The first pin of ``part`` called ``name``."""
        return part.p[self.specs[part.ref].number(name)]

    def pins(self, part: Part, name: str) -> list[Pin]:
        """Every pin of ``part`` called ``name``."""
        return [part.p[n] for n in self.specs[part.ref].numbers(name)]

    def connect(self, net: str, *pins: Pin) -> None:
        """Put ``pins`` on the net ``net`` (made if new), at the next :meth:`flush`."""
        self.net(net)
        self._pending.setdefault(net, []).extend(pins)

    def flush(self) -> None:
        """Attach the pins :meth:`connect` collected, each net's at once: SKiDL walks the whole
        net at each attachment, which made the ground's 300 pins quadratic."""
        for name, pins in self._pending.items():
            net = self.nets[name]
            net += pins
        self._pending.clear()

    def no_connect(self, part: Part, *names: str) -> None:
        """Declare the pins ``names`` of ``part`` unconnected on purpose."""
        nc = self.circuit.NC
        nc += [pin for name in names for pin in self.pins(part, name)]

    def two_pin(
        self, spec: PartSpec, block: str, value: str, a: str, b: str, ref: str = "", cell: str = ""
    ) -> Part:
        """A resistor, capacitor or diode from net ``a`` (pin 1) to net ``b`` (pin 2)."""
        part = self.add(spec, block, value, ref, cell)
        self.connect(a, part.p[1])
        self.connect(b, part.p[2])
        return part

    def schematic(self) -> Schematic:
        """The netlist as data: parts in reference order, nets by name, nodes sorted."""
        self.flush()
        nets: dict[str, list[str]] = {}
        for net in self.circuit.get_nets():
            nodes = sorted(f"{pin.part.ref}.{pin.num}" for pin in net.pins)
            if nodes:
                nets[net.name] = sorted(nodes, key=_natural)
        parts = [
            PartRow(
                ref,
                spec.name,
                self.values[ref],
                self.blocks[ref],
                self.cells[ref],
                [p[1] for p in spec.pins],
            )
            for ref, spec in sorted(self.specs.items(), key=lambda item: _natural(item[0]))
        ]
        return Schematic(
            board=self.key,
            title=self.title,
            sources=list(self.sources),
            parts=parts,
            nets=dict(sorted(nets.items(), key=lambda item: _natural(item[0]))),
        )


def _natural(text: str) -> tuple[tuple[int, str], ...]:
    """A sort key that puts ``H2`` before ``H10``."""
    out: list[tuple[int, str]] = []
    digits = ""
    for char in text + "\0":
        if char.isdigit():
            digits += char
            continue
        if digits:
            out.append((int(digits), ""))
            digits = ""
        out.append((-1, char))
    return tuple(out)
