"""The boards' mechanics fit: every sensor under its hole, every magnet within each listed
sensor's reach with 20 % margin and the other magnets under its release threshold, every pixel's
light clear, every panel in its groove, every connector lined up; and a part cut from a changed
number fails. The solids are built once, checked valid and intersected."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from build123d import Part, ShapeList, Solid
from ezdxf.filemanagement import readfile

from mechanics import export, fit, model, placement, reach
from mechanics.parameters import PANEL_PINS, SPACEBOARD, Spaceboard, flat_board

BOARD = SPACEBOARD


def test_the_modelled_boards_fit() -> None:
    assert fit.spaceboard_faults(fit.Assembly.of(BOARD)) == []
    assert fit.flat_faults(flat_board("flip4")) == []
    assert fit.flat_faults(flat_board("olix")) == []


def test_the_flat_boards_take_their_grids_from_the_wiring_files() -> None:
    assert (flat_board("flip4").rows, flat_board("flip4").cols) == (5, 5)
    assert (flat_board("olix").rows, flat_board("olix").cols) == (11, 11)


def test_every_listed_sensor_reaches_its_magnet_with_margin() -> None:
    rows = reach.table(BOARD, (flat_board("flip4"), flat_board("olix")))
    assert {row.sensor.part for row in rows} == {
        "DRV5055A1",
        "DRV5033AJ",
        "DRV5023AJ",
        "MDSR-7 reed",
    }
    for row in rows:
        assert row.margin >= reach.MARGIN, row
        if row.crosstalk_mt is not None and row.sensor.release_mt is not None:
            assert row.crosstalk_mt * (1 + reach.MARGIN) <= row.sensor.release_mt, row


def test_the_reach_follows_the_field_of_the_magnet() -> None:
    # A disc magnet's axial field, B = Br/2 (z+h)/sqrt(R^2+(z+h)^2) - z/sqrt(R^2+z^2), closed form.
    magnet = BOARD.magnet
    radius, height = magnet.diameter / 2, magnet.height
    for z in (1.0, 5.0, 12.0):
        closed = (
            magnet.remanence_mt
            / 2
            * (
                (z + height) / ((z + height) ** 2 + radius**2) ** 0.5
                - z / (z**2 + radius**2) ** 0.5
            )
        )
        assert reach.axial_field_mt(magnet, z) == pytest.approx(closed, rel=1e-6)
    threshold = reach.sensors()[0].operate_mt
    distance = reach.reach_mm(magnet, threshold)
    assert reach.axial_field_mt(magnet, distance) >= threshold
    assert reach.axial_field_mt(magnet, distance + 0.02) < threshold


def test_a_25_mm_pitch_would_read_an_empty_hole_among_full_ones_as_a_piece() -> None:
    on = reach.sensors()[0].operate_mt
    assert reach.spaceboard_crosstalk(shifted(hole_pitch=25.0)) > on
    assert reach.spaceboard_crosstalk(BOARD) < on / 2


def test_the_drv5055_threshold_is_the_calibration_threshold() -> None:
    # pico.toml [hall]: 220 counts of 4096 at 3.3 V through 60 mV/mT is about 3 mT.
    assert reach.sensors()[0].operate_mt == pytest.approx(220 * 3300 / 4096 / 60)


def test_the_panel_connector_carries_the_panel_and_its_chain() -> None:
    named = [pin for pin in PANEL_PINS if pin not in {"NC", "KEY"}]
    assert len(named) == 22 == len(set(named))
    assert {"DIN", "DOUT", "+5V", "GND_LED", "+3V3S", "GND_S"} <= set(named)
    assert len(PANEL_PINS) == BOARD.header.rows * BOARD.header.columns
    assert PANEL_PINS[BOARD.header.key_pin - 1] == "KEY"
    assert "KEY" not in placement.connector_pins(BOARD, 0)


def shifted(**changes: Any) -> Spaceboard:
    return dataclasses.replace(BOARD, **changes)


PLANTED = {
    "acrylic cut at another pitch": (
        fit.Assembly(shifted(hole_pitch=BOARD.hole_pitch - 1), BOARD, BOARD),
        "sensor pocket",
    ),
    "a thicker carrier skin": (
        fit.Assembly(BOARD, shifted(skin=9.0), BOARD),
        "DRV5033AJ at a hole",
    ),
    "holes too close together": (fit.Assembly.of(shifted(hole_pitch=30.0)), "other magnets"),
    "the pixel behind the sensor": (fit.Assembly.of(shifted(pixel_offset=3.0)), "pixel's bore"),
    "a groove cut for thinner acrylic": (
        fit.Assembly(BOARD, BOARD, shifted(panel_thickness=5.6)),
        "beside its tongue",
    ),
    "a metric socket": (
        fit.Assembly(BOARD, BOARD, shifted(header=dataclasses.replace(BOARD.header, pitch=2.0))),
        "off its contact",
    ),
    "header pins too long for the socket": (
        fit.Assembly(
            BOARD, shifted(header=dataclasses.replace(BOARD.header, pin_length=8.0)), BOARD
        ),
        "past the socket's contacts",
    ),
}


@pytest.mark.parametrize("name", PLANTED)
def test_a_planted_misfit_fails(name: str) -> None:
    parts, words = PLANTED[name]
    faults = fit.spaceboard_faults(parts)
    assert any(words in fault for fault in faults), faults


def test_a_planted_flat_misfit_fails() -> None:
    olix = flat_board("olix")
    assert fit.flat_faults(dataclasses.replace(olix, cell_pitch=30.0))
    assert fit.flat_faults(dataclasses.replace(olix, plate_thickness=5.0))


@pytest.fixture(scope="module")
def solids() -> dict[str, Solid]:
    return {
        "acrylic": model.acrylic(BOARD),
        "carrier": model.carrier(BOARD),
        "header": model.header(BOARD),
        "base": model.base(BOARD),
        "flip4": model.flat_carrier(flat_board("flip4")),
    }


def overlap(a: Solid | Part, b: Solid | Part) -> float:
    common = a.intersect(b)
    if common is None:
        return 0.0
    shapes = common if isinstance(common, ShapeList) else [common]
    return sum(float(shape.volume) for shape in shapes)


def test_the_parts_are_valid_solids_that_do_not_collide(solids: dict[str, Solid]) -> None:
    for name, part in solids.items():
        assert part.is_valid, name
        assert len(part.solids()) == 1, name
        assert part.volume > 0, name
    assert overlap(solids["acrylic"], solids["carrier"]) == pytest.approx(0, abs=1e-6)
    assert overlap(solids["acrylic"], solids["base"]) == pytest.approx(0, abs=1e-6)
    assert overlap(solids["carrier"], solids["base"]) == pytest.approx(0, abs=1e-6)
    assert overlap(solids["header"], solids["base"]) == pytest.approx(0, abs=1e-6)
    assert overlap(solids["header"], solids["carrier"]) == pytest.approx(0, abs=1e-6)
    for hole in placement.holes()[:16]:
        foot = model.man(BOARD, *hole)
        light = model.light_path(BOARD, *hole)
        assert overlap(foot, solids["acrylic"]) == pytest.approx(0, abs=1e-6), hole
        assert overlap(light, solids["carrier"]) == pytest.approx(0, abs=1e-6), hole
        assert overlap(light, foot) == 0.0, hole
        body = model.box(placement.sensor_body(BOARD, *hole))
        assert overlap(body, solids["carrier"]) == pytest.approx(0, abs=1e-6), hole


def test_a_solid_cut_at_another_pitch_collides(solids: dict[str, Solid]) -> None:
    # The Men's feet of a panel cut at a 1 mm smaller pitch run into the acrylic cut at 42 mm.
    other = shifted(hole_pitch=BOARD.hole_pitch - 1)
    feet = [model.man(other, *hole) for hole in placement.holes()[:16]]
    assert sum(overlap(foot, solids["acrylic"]) for foot in feet) > 10


def test_make_cad_writes_the_panel_a_laser_can_cut(tmp_path: Path) -> None:
    written = export.write_cad(tmp_path, only=("spaceboard-panel",))
    names = {path.name for path in written}
    assert names == {
        f"spaceboard-panel-{part}.{kind}"
        for part, kind in [
            ("acrylic", "step"),
            ("acrylic", "stl"),
            ("carrier", "step"),
            ("carrier", "stl"),
            ("outline", "dxf"),
        ]
    }
    assert all(path.stat().st_size > 1000 for path in written)
    drawing = readfile(tmp_path / "spaceboard-panel-outline.dxf").modelspace()
    circles = [entity for entity in drawing if entity.dxftype() == "CIRCLE"]
    assert len(circles) == 16
    assert {round(circle.dxf.radius * 2, 3) for circle in circles} == {BOARD.hole_diameter}
    centres = sorted((round(c.dxf.center.x, 3), round(c.dxf.center.y, 3)) for c in circles)
    assert centres == sorted(
        (placement.hole_axis(BOARD, *hole).at[0], placement.hole_axis(BOARD, *hole).at[2])
        for hole in placement.holes()[:16]
    )
    lines = [entity for entity in drawing if entity.dxftype() == "LINE"]
    xs = {round(point.x, 3) for line in lines for point in (line.dxf.start, line.dxf.end)}
    assert max(xs) - min(xs) == pytest.approx(placement.panel_width(BOARD))


def test_the_docs_table_is_current() -> None:
    page = export.DOCS_PAGE.read_text(encoding="utf-8")
    assert export.page_with_table(page, export.table_markdown()) == page, (
        "docs/hardware/mechanics.md is stale: run `python -m mechanics.export --docs`"
    )


def test_the_docs_drawings_are_current(tmp_path: Path) -> None:
    # The same lines and paths (the kernel may list a section's faces in another order).
    for drawn in export.write_drawings(tmp_path):
        committed = export.DOCS_DRAWINGS / drawn.name
        lines = sorted(drawn.read_text(encoding="utf-8").splitlines())
        assert lines == sorted(committed.read_text(encoding="utf-8").splitlines()), (
            f"{committed} is stale: run `python -m mechanics.export --docs`"
        )
