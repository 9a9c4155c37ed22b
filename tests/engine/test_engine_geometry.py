"""Geometry of the spaceboard, checked exhaustively: holes, names, the 76 Flix-lines."""

from __future__ import annotations

from itertools import product

import pytest

from engine.bitboard import BB_ALL, BB_FLOORS, BB_PANELS, BB_SECTIONS, HoleSet, popcount
from engine.errors import HoleNameError, SettingError
from engine.holes import HOLES, Layout, coords, index, name, parse
from engine.lines import LINES, LINES_THROUGH, completed_lines, has_line, line_kind


def cells(line: int) -> list[tuple[int, int, int]]:
    return [coords(h) for h in range(64) if line >> h & 1]


def test_76_lines_of_three_kinds() -> None:
    kinds = [line_kind(line) for line in LINES]
    assert len(LINES) == 76
    assert (kinds.count("row"), kinds.count("diagonal"), kinds.count("triagonal")) == (48, 24, 4)


def test_every_line_is_four_distinct_holes_in_a_straight_line() -> None:
    assert len(set(LINES)) == 76
    for line in LINES:
        points = cells(line)
        assert len(points) == 4
        step = tuple(b - a for a, b in zip(points[0], points[1], strict=True))
        assert step != (0, 0, 0) and all(abs(c) <= 1 for c in step)
        for k, point in enumerate(points):
            assert point == tuple(a + k * d for a, d in zip(points[0], step, strict=True))


def test_lines_are_exactly_the_in_bounds_runs_of_four() -> None:
    found = set()
    for start, step in product(product(range(4), repeat=3), product((-1, 0, 1), repeat=3)):
        if step == (0, 0, 0):
            continue
        run = [tuple(s + k * d for s, d in zip(start, step, strict=True)) for k in range(4)]
        if all(0 <= c < 4 for cell in run for c in cell):
            found.add(sum(1 << index(*cell) for cell in run))
    assert found == set(LINES)


def test_the_line_table_built_again_is_every_straight_run_of_four() -> None:
    """RULES.md §1: "A Flix-line is any 4 holes in a straight line: 76 in all". The table is
    built at import, so it is built again here from the 13 directions (one of each opposite pair
    of the 26 steps to a neighbouring hole) and compared with the runs found independently."""
    from engine.lines import _build, _directions

    directions = _directions()
    steps = set(product((-1, 0, 1), repeat=3)) - {(0, 0, 0)}
    assert len(directions) == len(set(directions)) == 13
    assert set(directions) | {(-a, -b, -c) for a, b, c in directions} == steps
    runs = set()
    for start, step in product(product(range(4), repeat=3), steps):
        run = [tuple(s + k * d for s, d in zip(start, step, strict=True)) for k in range(4)]
        if all(0 <= c < 4 for cell in run for c in cell):
            runs.add(sum(1 << index(*cell) for cell in run))
    rebuilt = _build()
    assert rebuilt == LINES == tuple(sorted(runs))
    assert len(rebuilt) == 76


def test_line_kinds_follow_how_many_coordinates_change() -> None:
    """RULES.md §1: "48 rows parallel to an axis, 24 diagonals within a plane, 4 "triagonals"
    through the cube": a row changes one coordinate along the line, a diagonal two, a
    triagonal all three."""
    for line in LINES:
        points = cells(line)
        changing = sum(len({point[axis] for point in points}) == 4 for axis in range(3))
        assert line_kind(line) == ("row", "diagonal", "triagonal")[changing - 1]
    triagonals = [line for line in LINES if line_kind(line) == "triagonal"]
    assert {index(0, 0, 0), index(3, 3, 3), index(3, 0, 0), index(0, 3, 3)} <= {
        hole for line in triagonals for hole in range(64) if line >> hole & 1
    }


def test_holes_on_seven_lines_are_corners_and_inner_holes() -> None:
    counts = {hole: len(LINES_THROUGH[hole]) for hole in HOLES}
    corners = {index(p, f, s) for p, f, s in product((0, 3), repeat=3)}
    inner = {index(p, f, s) for p, f, s in product((1, 2), repeat=3)}
    assert {h for h, n in counts.items() if n == 7} == corners | inner
    assert sorted(counts.values()) == [4] * 48 + [7] * 16
    for hole in HOLES:
        assert LINES_THROUGH[hole] == tuple(line for line in LINES if line >> hole & 1)


def test_line_detection() -> None:
    line = LINES[0]
    holes = list(HoleSet(line))
    assert completed_lines(line, holes[-1]) == [line]
    assert completed_lines(line & ~(1 << holes[0]), holes[-1]) == []
    assert has_line(line) and not has_line(line ^ (1 << holes[1]))


def test_names_round_trip_for_all_64_holes() -> None:
    for hole in HOLES:
        text = name(hole)
        assert parse(text) == hole
        assert parse(text.lower()) == hole
        panel, floor, section = coords(hole)
        compact = f"{'rygb'[panel]}{floor + 1}{'shdc'[section]}"
        assert parse(compact) == hole
        assert parse(compact.upper()) == hole
    assert name(parse("Y-II-H")) == "Y-II-H"
    assert parse("y2h") == parse("Y-ii-h") == parse("  y-II-H ") == index(1, 1, 1)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Y",
        "Y-II",
        "Y-V-H",
        "Y-5-H",
        "y5h",
        "y0h",
        "Q-II-H",
        "Y-II-X",
        "Y-IIH",
        "YIIH",
        "Y-2-H",
        "y22h",
        "Y--II-H",
        "Y-II-H-S",
        "yellow-II-hearts",
        "64",
        "y2 h",
    ],
)
def test_parser_rejects_everything_else_naming_the_text(text: str) -> None:
    with pytest.raises(HoleNameError) as error:
        parse(text)
    assert repr(text) in str(error.value)
    assert isinstance(error.value, ValueError)


def test_parser_rejects_non_text() -> None:
    with pytest.raises(HoleNameError, match="12"):
        parse(12)  # type: ignore[arg-type]


def test_layout_settings_move_names() -> None:
    layout = Layout(panels="bgyr", suits="CDHS")
    assert layout.panels == "BGYR"
    assert name(0, layout) == "B-I-C"
    assert parse("R-IV-S", layout) == index(3, 3, 3)
    assert layout.panel_of_colour("yellow") == 2 and layout.section_of_suit("hearts") == 2
    for hole in HOLES:
        assert parse(name(hole, layout), layout) == hole


@pytest.mark.parametrize(
    ("panels", "suits"), [("RYG", "SHDC"), ("RYGG", "SHDC"), ("RYGB", "SHDX"), ("RYGBR", "SHDC")]
)
def test_bad_layouts_are_setting_errors(panels: str, suits: str) -> None:
    with pytest.raises(SettingError):
        Layout(panels, suits)


def test_panel_floor_section_masks() -> None:
    for masks in (BB_PANELS, BB_FLOORS, BB_SECTIONS):
        assert [popcount(m) for m in masks] == [16] * 4
        assert sum(masks) == BB_ALL
    for hole in HOLES:
        panel, floor, section = coords(hole)
        assert BB_PANELS[panel] & BB_FLOORS[floor] & BB_SECTIONS[section] == 1 << hole


def test_holeset_prints_as_panels_side_by_side() -> None:
    grid = str(HoleSet([parse("Y-II-H"), parse("B-IV-C")])).splitlines()
    assert grid[0].split() == ["R", "SHDC", "Y", "SHDC", "G", "SHDC", "B", "SHDC"]
    assert grid[1].split() == ["IV", "....", "....", "....", "...#"]
    assert grid[3].split() == ["II", "....", ".#..", "....", "...."]
