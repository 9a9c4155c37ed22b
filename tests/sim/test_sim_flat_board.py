"""Flat boards: the wiring files of the Flip 4 and Olix boards, and the simulator on them."""

from __future__ import annotations

from pathlib import Path

import pytest

from hal.base import FLIX_GEOMETRY, Piece
from hal.geometry import GeometryError, load_geometry, load_grid_wiring
from sim.board import SimBoard
from sim.clock import SimClock
from sim.errors import SimActionError
from sim.view import render

FLIP4_TEXT = (Path(__file__).parents[2] / "wiring" / "flip4.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "rows", "pixels"),
    [("flip4", 5, 33), ("olix", 11, 129), ("flip4-pi", 5, 33), ("olix-pi", 11, 129)],
)
def test_the_wiring_files_describe_their_grids(name: str, rows: int, pixels: int) -> None:
    wiring = load_grid_wiring(name)
    assert (wiring.geometry.rows, wiring.geometry.cols) == (rows, rows)
    assert wiring.geometry.pixel_count == pixels and sorted(wiring.chain) == list(range(pixels))
    assert wiring.chain[:rows] == tuple(range(rows))  # serpentine from the top left
    assert wiring.chain[rows] == 2 * rows - 1
    assert wiring.geometry.flat and wiring.geometry.grooves == 0


def test_the_spaceboard_is_the_default_and_a_wiring_file_may_be_a_path(tmp_path: Path) -> None:
    assert load_geometry(None) is FLIX_GEOMETRY and load_geometry("flix") is FLIX_GEOMETRY
    path = tmp_path / "mine.toml"
    path.write_text(FLIP4_TEXT, encoding="utf-8")
    assert load_geometry(str(path)).cells == 25


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("rows = 5", "rows = 6"), "the flip4 board has 5x5 cells, not 6x5"),
        (('geometry = "flip4"', 'geometry = "chess"'), "geometry 'chess' is no grid game's board"),
        (("row_pins = [2, 3, 4, 5, 6]", "row_pins = [2, 3, 4, 5, 7]"), "a GPIO is used twice"),
        (("row_pins = [2, 3, 4, 5, 6]", "row_pins = [2, 3, 4]"), "5 rows need 5 row_pins"),
        (("  0, 1, 2, 3, 4,", "  0, 1, 2, 3, 3,"), "must order each pixel 0..32 once"),
        (("data_pin = 16", "data_pin = 'x'"), "missing or malformed entry"),
    ],
)
def test_a_wrong_wiring_file_is_refused_naming_its_fault(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    assert change[0] in FLIP4_TEXT
    path = tmp_path / "bad.toml"
    path.write_text(FLIP4_TEXT.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(GeometryError, match=message):
        load_grid_wiring(path)


def test_an_unknown_geometry_name_lists_the_known_ones() -> None:
    with pytest.raises(GeometryError, match="no board geometry 'hex': known flix, flip4, olix"):
        load_geometry("hex")


def test_the_simulator_on_a_flat_board(tmp_path: Path) -> None:
    state = tmp_path / "board.json"
    board = SimBoard(
        clock=SimClock(), geometry=load_geometry("flip4"), sensing="presence", state_file=state
    )
    board.place("c3")
    board.place(24)
    reading = board.read()
    assert len(reading.holes) == 25 and reading.grooves == ()
    assert reading.holes[12] is Piece.PRESENT and reading.occupied() == 1 << 12 | 1 << 24
    with pytest.raises(SimActionError, match="a flat flip4 board has no grooves"):
        board.seat_panel(0, "R")
    with pytest.raises(SimActionError, match="not a hole: 25"):
        board.place(25)
    assert board.lift("e5") is Piece.MAN
    again = SimBoard(clock=SimClock(), geometry=load_geometry("flip4"), state_file=state)
    assert again.read().occupied() == 1 << 12
    board.pixels.fill((0, 0, 0))
    board.pixels[3] = (9, 9, 9)
    board.pixels.show()
    frame = board.last_frame
    assert frame is not None and frame.lit_holes() == {3} and len(frame.status) == 8


def test_the_terminal_view_draws_a_flat_board_as_its_grid() -> None:
    board = SimBoard(clock=SimClock(), geometry=load_geometry("flip4"), sensing="presence")
    board.place("b1")
    lines = render(board.read(), color=False).splitlines()
    assert lines[0] == "     a  b  c  d  e"
    assert lines[1] == "  1  .  *  .  .  ."
    assert len(lines) == 7 and lines[-1].startswith("status")
