"""Make every board's files under ``docs/hardware/schematics/``: the netlist
(``<board>.netlist.json``), netlistsvg's input (``<board>.yosys.json``) and the drawing
(``<board>.svg``, which names the SHA-256 of the input it was drawn from), after the ERC and the
comparison with the wiring files have passed.

``python -m wiring.schematics`` (``make schematics``) writes them; ``--check`` only says which
committed file differs from what the wiring files give now.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from hal.geometry import load_grid_wiring
from hal.pi_grid import load_pi_grid
from hal.pi_wiring import load_pi
from hal.pinmap import load_leds, load_pico
from wiring.schematics.boards import BOARDS
from wiring.schematics.check import check_grid, check_pi, check_pico
from wiring.schematics.circuit import Schematic
from wiring.schematics.drawing import yosys_json
from wiring.schematics.erc import ErcReport, check

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "hardware" / "schematics"
NODE = ROOT / "tests" / "hardware" / "node" / "node_modules"
NETLISTSVG = NODE / ".bin" / "netlistsvg"
SKIN = NODE / "netlistsvg" / "lib" / "analog.svg"
SVG_MARK = "netlist sha256 "
"""Where a drawing names the SHA-256 of the netlistsvg input it was drawn from."""


@dataclass(frozen=True)
class Made:
    """One board's netlist, drawing input and checks."""

    schematic: Schematic
    drawing: dict[str, Any]
    erc: ErcReport
    differences: list[str]

    def files(self) -> dict[str, str]:
        """The JSON files' names and text."""
        board = self.schematic.board
        return {
            f"{board}.netlist.json": encode(self.schematic),
            f"{board}.yosys.json": json.dumps(self.drawing, indent=1, sort_keys=True) + "\n",
        }


def encode(schematic: Schematic) -> str:
    return msgspec.json.format(msgspec.json.encode(schematic), indent=1).decode() + "\n"


def compare(schematic: Schematic) -> list[str]:
    """The differences between ``schematic`` and the wiring files it names."""
    key = schematic.board
    if key == "pico":
        return check_pico(schematic, load_pico(), load_leds())
    if key == "pi":
        return check_pi(schematic, load_pi(), load_leds())
    wiring = load_pi_grid(key.removesuffix("-pi")) if key.endswith("-pi") else load_grid_wiring(key)
    return check_grid(schematic, wiring)


def make(key: str) -> Made:
    """Board ``key``'s netlist from its wiring files, checked."""
    board = BOARDS[key]()
    schematic = board.schematic()
    return Made(schematic, yosys_json(schematic), check(board), compare(schematic))


def svg_digest(drawing_json: str) -> str:
    return hashlib.sha256(drawing_json.encode()).hexdigest()


def render(source: Path, svg: Path) -> None:
    """Draw the netlistsvg input ``source`` into ``svg``, marked with the input's digest."""
    if not NETLISTSVG.exists():
        raise SystemExit(f"no {NETLISTSVG}: run `bash scripts/setup-system.sh` (npm ci)")
    subprocess.run([str(NETLISTSVG), str(source), "--skin", str(SKIN), "-o", str(svg)], check=True)
    head, _, rest = svg.read_text().partition(">")
    mark = f"<desc>{SVG_MARK}{svg_digest(source.read_text())}</desc>"
    svg.write_text(f"{head}>\n{mark}{rest}")


def stale(made: Made, folder: Path) -> list[str]:
    """The files of ``made`` under ``folder`` that are missing or differ."""
    found = [name for name, text in made.files().items() if _read(folder / name) != text]
    drawing = made.files()[f"{made.schematic.board}.yosys.json"]
    if f"{SVG_MARK}{svg_digest(drawing)}" not in _read(folder / f"{made.schematic.board}.svg"):
        found.append(f"{made.schematic.board}.svg")
    return found


def _read(path: Path) -> str:
    return path.read_text() if path.exists() else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m wiring.schematics", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only compare the committed files")
    parser.add_argument(
        "--out", type=Path, default=OUT, help="the folder (docs/hardware/schematics)"
    )
    parser.add_argument("boards", nargs="*", default=list(BOARDS), help="boards (default: all)")
    args = parser.parse_args(argv)
    failed = False
    for key in args.boards:
        made = make(key)
        for problem in made.erc.errors + made.differences:
            print(f"{key}: {problem}", file=sys.stderr)
            failed = True
        if args.check:
            for name in stale(made, args.out):
                print(f"{key}: {args.out / name} is stale: run `make schematics`", file=sys.stderr)
                failed = True
            continue
        if made.erc.errors or made.differences:
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        for name, text in made.files().items():
            (args.out / name).write_text(text)
        render(args.out / f"{key}.yosys.json", args.out / f"{key}.svg")
        print(
            f"{key}: {len(made.schematic.parts)} parts, {len(made.schematic.nets)} nets, "
            f"ERC {len(made.erc.errors)} errors {len(made.erc.warnings)} warnings"
        )
    return 1 if failed else 0
