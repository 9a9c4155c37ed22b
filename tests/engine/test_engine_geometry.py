"""Geometry of the spaceboard, checked exhaustively: holes, names, the 76 Flix-lines."""

from __future__ import annotations

from itertools import product

import pytest

from engine.bitboard import (
    BB_ALL,
    BB_FLOORS,
    BB_PANELS,
    BB_SECTIONS,
    HoleSet,
    bit,
    from_holes,
    popcount,
    scan_forward,
)
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
        parse(12)  # type: ignore[arg-type]  # the refusal of a non-text is the test


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


@pytest.mark.parametrize("coordinates", [(4, 0, 0), (0, 4, 0), (0, 0, 4), (-1, 0, 0)])
def test_index_refuses_coordinates_off_the_board(coordinates: tuple[int, int, int]) -> None:
    with pytest.raises(ValueError, match="coordinates out of range"):
        index(*coordinates)


def test_colours_and_suits_name_their_groove_and_strip() -> None:
    """RULES.md §1: panels Red, Yellow, Green, Blue (letters `R Y G B`) in grooves front to back,
    sections Spades, Hearts, Diamonds, Clubs (`S H D C`) left to right, both orders settings: a
    colour or suit is found by its name or letter in any case; anything else is a clear error."""
    layout = Layout(panels="BGYR", suits="CDHS")
    for groove, (letter, colour) in enumerate(
        [("B", "blue"), ("G", "green"), ("Y", "yellow"), ("R", "red")]
    ):
        for text in (letter, letter.lower(), colour, colour.upper()):
            assert layout.panel_of_colour(text) == groove
    for strip, (letter, suit) in enumerate(
        [("C", "clubs"), ("D", "diamonds"), ("H", "hearts"), ("S", "spades")]
    ):
        for text in (letter, letter.lower(), suit, suit.title()):
            assert layout.section_of_suit(text) == strip
    for colour in ("purple", "", "re", "reds", "Yx"):
        with pytest.raises(SettingError) as error:
            layout.panel_of_colour(colour)
        assert str(error.value) == f"not a panel colour: {colour!r}"
    for suit in ("stars", "", "heart", "Hx"):
        with pytest.raises(SettingError) as error:
            layout.section_of_suit(suit)
        assert str(error.value) == f"not a suit: {suit!r}"


def test_coordinates_and_indices_outside_the_board_are_refused() -> None:
    """RULES.md §1: "A hole = (panel p, floor f, section s), each 0..3. Index `16*p + 4*f + s`"."""
    assert index(3, 3, 3) == 63 and index(0, 0, 0) == 0 and index(2, 1, 3) == 39
    assert coords(39) == (2, 1, 3)
    for bad in ((4, 0, 0), (0, 4, 0), (0, 0, 4), (-1, 0, 0), (0, -1, 0), (0, 0, -1)):
        with pytest.raises(ValueError) as error:
            index(*bad)
        assert str(error.value) == f"coordinates out of range: {bad}"
    for hole in (64, -1):
        with pytest.raises(ValueError) as error:
            name(hole)
        assert str(error.value) == f"not a hole index: {hole!r}"
    assert name(63) == "B-IV-C"


def test_bad_layouts_and_names_say_what_is_expected() -> None:
    """RULES.md §1: "Anything else is a clear error" — the message names the text and the
    letters the layout allows."""
    with pytest.raises(SettingError) as error:
        Layout(panels="RYGX")
    assert str(error.value) == "panels must order the letters R, Y, G, B once each: 'RYGX'"
    with pytest.raises(SettingError) as error:
        Layout(suits="SHD")
    assert str(error.value) == "suits must order the letters S, H, D, C once each: 'SHD'"
    assert Layout(panels="bgyr", suits="cdhs") == Layout(panels="BGYR", suits="CDHS")
    assert name(parse("y-ii-h")) == "Y-II-H" and name(parse("Y4C")) == "Y-IV-C"
    messages = {
        "Q-II-H": "not a hole name: 'Q-II-H' (panel letter must be one of RYGB)",
        "Y-II-X": "not a hole name: 'Y-II-X' (suit letter must be one of SHDC)",
        "y9h": "not a hole name: 'y9h' (expected panel-floor-suit like 'Y-II-H' or 'y2h')",
    }
    for text, message in messages.items():
        with pytest.raises(HoleNameError) as refusal:
            parse(text)
        assert str(refusal.value) == message
    with pytest.raises(HoleNameError) as refusal:
        parse(None)  # type: ignore[arg-type]  # the refusal of a non-text is the test
    assert str(refusal.value) == "not a hole name: None (expected text like 'Y-II-H')"


def test_a_holeset_is_the_set_of_its_holes() -> None:
    """RULES.md §1: "Index `16*p + 4*f + s` (bit of a 64-bit board)": a set of holes is the
    64-bit number with those bits; HoleSet reads and prints it as holes."""
    holes = [parse("Y-II-H"), parse("R-I-S"), parse("B-IV-C")]
    hole_set = HoleSet(holes)
    assert int(hole_set) == from_holes(holes) == 1 | 1 << 21 | 1 << 63
    assert list(hole_set) == sorted(holes) == list(scan_forward(int(hole_set)))
    assert len(hole_set) == 3 and bool(hole_set) and not HoleSet()
    assert parse("B-IV-C") in hole_set and 5 not in hole_set
    assert 64 not in hole_set and -1 not in hole_set and "0" not in hole_set
    assert HoleSet(1 << 64 | 1) == HoleSet([0]) == 1 and HoleSet([0]) != HoleSet([1])
    assert HoleSet([0]) != 2 and HoleSet([0]).__eq__("0") is NotImplemented
    assert hash(HoleSet([0, 5])) == hash(HoleSet(33)) == hash(33)  # equal to the int 33
    assert 0 in HoleSet([0]) and 0 not in HoleSet([1])
    assert hole_set.names() == ["R-I-S", "Y-II-H", "B-IV-C"]
    assert hole_set.names(Layout(panels="BGYR")) == ["B-I-S", "G-II-H", "R-IV-C"]
    assert repr(hole_set) == "HoleSet(0x8000000000200001)"
    assert bit(21) == 1 << 21 and popcount(BB_ALL) == 64 and from_holes([]) == 0


def test_a_holeset_prints_floor_iv_on_top_in_the_layouts_order() -> None:
    """RULES.md §1: floors "I (lowest) to IV (highest)", panels front to back and sections left
    to right in the layout's order."""
    layout = Layout(panels="GRYB", suits="DSHC")
    grid = HoleSet([parse("R-I-S", layout), parse("G-III-D", layout)]).grid(layout)
    assert grid.splitlines() == [
        "     G DSHC  R DSHC  Y DSHC  B DSHC",
        "  IV   ....    ....    ....    ....",
        " III   #...    ....    ....    ....",
        "  II   ....    ....    ....    ....",
        "   I   ....    .#..    ....    ....",
    ]
