"""`make cad`: write every part as STEP and STL and the cutting outlines as DXF into a folder
(build/cad/), and with ``--docs`` the reach table and the drawings of docs/hardware/mechanics.md.

    python -m mechanics.export build/cad
    python -m mechanics.export --docs
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

from build123d import ExportDXF, ExportSVG, Plane, Sketch, Solid, export_step, export_stl

from mechanics import model, placement, reach
from mechanics.parameters import SPACEBOARD, FlatBoard, flat_board

ROOT = Path(__file__).resolve().parents[1]
DOCS_PAGE = ROOT / "docs" / "hardware" / "mechanics.md"
DOCS_DRAWINGS = ROOT / "docs" / "hardware"
TABLE_START = "<!-- reach table: python -m mechanics.export --docs -->"
TABLE_END = "<!-- end of the reach table -->"
FLATS = ("flip4", "olix")
LAYER_COLOURS = ("black", "firebrick")
"""The drawings' line colours, layer by layer."""


def flats() -> tuple[FlatBoard, ...]:
    """The flat boards, their grids from their wiring files."""
    return tuple(flat_board(name) for name in FLATS)


def solids() -> dict[str, Callable[[], Solid]]:
    """Every part by file name, built when asked."""
    parts: dict[str, Callable[[], Solid]] = {
        "spaceboard-panel-acrylic": partial(model.acrylic, SPACEBOARD),
        "spaceboard-panel-carrier": partial(model.carrier, SPACEBOARD),
        "spaceboard-base-top": partial(model.base, SPACEBOARD),
    }
    for board in flats():
        parts[f"{board.name}-carrier"] = partial(model.flat_carrier, board)
        parts[f"{board.name}-plate"] = partial(model.flat_plate, board)
    return parts


def panel_outline() -> Sketch:
    """The acrylic panel's cutting outline: its edge and its 16 holes, seen from the front."""
    mid = placement.groove_y(SPACEBOARD, 0)
    return model.outline(model.acrylic(SPACEBOARD), Plane.XZ.offset(-mid))


def base_outline() -> Sketch:
    """The base top's routing plan at the base's top: its edge, the grooves and the sockets."""
    return model.outline(model.base(SPACEBOARD), Plane.XY.offset(-0.5))


def side_section() -> dict[str, list[Sketch]]:
    """Panel 0 standing in its groove, cut through its left column of holes and seen from the
    left: the acrylic, the carrier with its sensor pockets and pixel bores and the front of the
    base's top (the parts), and a Man's foot, the sensor and the pixel at each hole (the
    pieces)."""
    board = SPACEBOARD
    x = placement.hole_axis(board, 0, 0, 0).at[0]
    plane = Plane.YZ.offset(x)
    whole = placement.base_box(board)
    out = model.OVERSHOOT
    halfway = placement.groove_y(board, 0) + board.groove_pitch / 2
    behind = placement.Box(
        (whole.low[0] - out, halfway, whole.low[2] - out),
        (whole.high[0] + out, whole.high[1] + out, whole.high[2] + out),
    )
    base = model.base(board).cut(model.box(behind)).solid()
    parts = [model.acrylic(board), model.carrier(board), base]
    pieces = []
    for floor in range(4):
        hole = (0, floor, 0)
        pieces += [
            model.man(board, *hole),
            model.light_path(board, *hole),
            model.box(placement.sensor_body(board, *hole)),
        ]
    return {
        "parts": [model.outline(part, plane) for part in parts],
        "pieces": [model.outline(piece, plane) for piece in pieces],
    }


def flat_outline(board: FlatBoard) -> Sketch:
    """A flat board's drilling plan, cut under the reeds' tops: the carrier's edge, the reeds'
    and the pixels' bores."""
    under_plate = -(board.plate_thickness + board.skin + model.OVERSHOOT)
    return model.outline(model.flat_carrier(board), Plane.XY.offset(under_plate))


def outlines() -> dict[str, Callable[[], Sketch]]:
    """Every cutting outline by file name."""
    plans: dict[str, Callable[[], Sketch]] = {
        "spaceboard-panel-outline": panel_outline,
        "spaceboard-base-outline": base_outline,
    }
    for board in flats():
        plans[f"{board.name}-carrier-outline"] = partial(flat_outline, board)
    return plans


def write_cad(folder: Path, only: tuple[str, ...] | None = None) -> list[Path]:
    """Write every part (STEP, STL) and outline (DXF) into ``folder``, or only those whose names
    start with one of ``only``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, build in solids().items():
        if only is None or name.startswith(only):
            part = build()
            export_step(part, folder / f"{name}.step")
            export_stl(part, folder / f"{name}.stl")
            written += [folder / f"{name}.step", folder / f"{name}.stl"]
    for name, build_outline in outlines().items():
        if only is None or name.startswith(only):
            dxf = ExportDXF()
            dxf.add_shape(build_outline())
            dxf.write(folder / f"{name}.dxf")
            written.append(folder / f"{name}.dxf")
    return written


def write_svg(layers: dict[str, list[Sketch]], path: Path) -> None:
    """Outlines as an SVG drawing, 1 mm to 1 mm: the first layer black, the next ones in
    colour."""
    svg = ExportSVG(margin=5, line_weight=0.4)
    for (name, sketches), colour in zip(layers.items(), LAYER_COLOURS, strict=False):
        svg.add_layer(name, line_color=colour, line_weight=0.4)
        svg.add_shape(sketches, layer=name)
    svg.write(path)


def table_markdown() -> str:
    """The reach table of the boards as modelled."""
    return reach.markdown(reach.table(SPACEBOARD, flats()))


def page_with_table(page: str, table: str) -> str:
    """``page`` with the text between its table markers replaced by ``table``."""
    head, rest = page.split(TABLE_START, 1)
    _, tail = rest.split(TABLE_END, 1)
    return f"{head}{TABLE_START}\n{table}{TABLE_END}{tail}"


def write_drawings(folder: Path) -> list[Path]:
    """The docs page's three drawings, written into ``folder``; the paths written."""
    drawings = {
        "mechanics-panel.svg": {"outline": [panel_outline()]},
        "mechanics-base.svg": {"outline": [base_outline()]},
        "mechanics-section.svg": side_section(),
    }
    for name, layers in drawings.items():
        write_svg(layers, folder / name)
    return [folder / name for name in drawings]


def write_docs() -> None:
    """Refresh the docs page's reach table and its drawings."""
    DOCS_PAGE.write_text(
        page_with_table(DOCS_PAGE.read_text(encoding="utf-8"), table_markdown()), encoding="utf-8"
    )
    write_drawings(DOCS_DRAWINGS)


def main(argv: list[str] | None = None) -> int:
    """Write the CAD files into the folder given, or the docs with ``--docs``."""
    parser = argparse.ArgumentParser(prog="python -m mechanics.export", description=__doc__)
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "build" / "cad")
    parser.add_argument("--docs", action="store_true", help="refresh docs/hardware/mechanics.md")
    args = parser.parse_args(argv)
    if args.docs:
        write_docs()
        return 0
    for path in write_cad(args.folder):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
