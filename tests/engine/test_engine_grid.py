"""The flat boards' cells (engine.grid, RULES.md §8): one naming for Flip 4 and Olix, a1 the top
left corner, rows counted from the top, the index the same as the sensor's and the LED's."""

from __future__ import annotations

import pytest

from engine.errors import HoleNameError
from engine.grid import FLIP4_GRID, GRIDS, LETTERS, OLIX_GRID, Grid
from engine.variants import VARIANTS


@pytest.mark.parametrize("grid", [FLIP4_GRID, OLIX_GRID], ids=lambda grid: grid.key)
def test_cells_are_named_from_the_top_left(grid: Grid) -> None:
    assert GRIDS[grid.key] is grid
    cols, rows, last = grid.cols, grid.rows, LETTERS[grid.cols - 1]
    names = [grid.name(cell) for cell in range(grid.cells)]
    assert names[0] == "a1" and names[cols - 1] == f"{last}1"
    assert names[cols] == "a2" and names[-1] == f"{last}{rows}"
    assert [grid.parse(name) for name in names] == list(range(rows * cols))
    assert grid.parse(" A1 ") == 0 and grid.coords(cols + 1) == (1, 1)


def test_names_out_of_the_board_are_refused_with_its_range() -> None:
    with pytest.raises(HoleNameError, match=r"no cell 'f1' on the flip4 board \(a\.\.e, 1\.\.5\)"):
        FLIP4_GRID.parse("f1")
    with pytest.raises(HoleNameError, match=r"no cell 'a12' on the olix board \(a\.\.k, 1\.\.11\)"):
        OLIX_GRID.parse("a12")
    with pytest.raises(HoleNameError, match=r"not a cell name: 'Y-II-H' \(a\.\.k, 1\.\.11"):
        OLIX_GRID.parse("Y-II-H")


def test_every_variant_names_its_board_and_its_game_names_cells_by_it() -> None:
    boards = {name: cls.geometry for name, cls in VARIANTS.items()}
    assert boards["flip4"] == "flip4" and boards["olix"] == "olix"
    assert {key for key in boards.values() if key != "flix"} == set(GRIDS)
    for name, cls in VARIANTS.items():
        game = cls(min(cls.seat_teams), 0)
        if cls.geometry == "flix":
            assert game.naming is game.layout and game.board_mask == (1 << 64) - 1, name
        else:
            grid = GRIDS[cls.geometry]
            assert game.naming is grid and game.board_mask == grid.all, name
