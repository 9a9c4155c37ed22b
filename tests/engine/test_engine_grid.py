"""The flat boards' cells (engine.grid, RULES.md §8): one naming for Flip 4 and Olix, a1 the top
left corner, rows counted from the top, the index the same as the sensor's and the LED's. A game
declares its grid (``Game.grid``); ``engine.variants.GRIDS`` lists the registered games' grids."""

from __future__ import annotations

from typing import ClassVar

import pytest

import engine.variants
from engine.bitboard import Bitboard
from engine.errors import BadEntryPoint, HoleNameError
from engine.game import Game
from engine.grid import LETTERS, Grid
from engine.protocol import EngineProtocol
from engine.variants import GRIDS, VARIANTS, new_game, register
from hal.base import BoardGeometry
from hal.geometry import geometry_for

SEVENS = Grid("sevens", 7, 7)


class Sevens(Game):
    """Four in a row on a 7x7 board of its own: a game on a grid the project does not know."""

    variant: ClassVar[str] = "sevens"
    grid: ClassVar[Grid | None] = SEVENS
    default_men_per_team: ClassVar[int | None] = None
    lines_through: ClassVar[tuple[tuple[Bitboard, ...], ...]] = tuple(
        tuple(line for line in SEVENS.lines(4) if line >> cell & 1) for cell in range(SEVENS.cells)
    )


@pytest.mark.parametrize("key", ["flip4", "olix"])
def test_cells_are_named_from_the_top_left(key: str) -> None:
    grid = GRIDS[key]
    cols, rows, last = grid.cols, grid.rows, LETTERS[grid.cols - 1]
    names = [grid.name(cell) for cell in range(grid.cells)]
    assert names[0] == "a1" and names[cols - 1] == f"{last}1"
    assert names[cols] == "a2" and names[-1] == f"{last}{rows}"
    assert [grid.parse(name) for name in names] == list(range(rows * cols))
    assert grid.parse(" A1 ") == 0 and grid.coords(cols + 1) == (1, 1)


def test_names_out_of_the_board_are_refused_with_its_range() -> None:
    with pytest.raises(HoleNameError, match=r"no cell 'f1' on the flip4 board \(a\.\.e, 1\.\.5\)"):
        GRIDS["flip4"].parse("f1")
    with pytest.raises(HoleNameError, match=r"no cell 'a12' on the olix board \(a\.\.k, 1\.\.11\)"):
        GRIDS["olix"].parse("a12")
    with pytest.raises(HoleNameError, match=r"not a cell name: 'Y-II-H' \(a\.\.k, 1\.\.11"):
        GRIDS["olix"].parse("Y-II-H")


def test_every_variant_names_its_board_and_its_game_names_cells_by_it() -> None:
    boards = {name: cls.geometry for name, cls in VARIANTS.items()}
    assert boards["flip4"] == "flip4" and boards["olix"] == "olix"
    assert {key for key in boards.values() if key != "flix"} == set(GRIDS) == {"flip4", "olix"}
    for name, cls in VARIANTS.items():
        game = cls(min(cls.seat_teams), 0)
        if cls.geometry == "flix":
            assert cls.grid is None, name
            assert game.naming is game.layout and game.board_mask == (1 << 64) - 1, name
        else:
            grid = GRIDS[cls.geometry]
            assert cls.grid is grid and game.naming is grid and game.board_mask == grid.all, name


def test_a_game_on_a_grid_of_its_own_brings_its_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """No list names the flat boards: a registered game's grid is a board the engine, its
    protocol and the hardware layer know by its key."""
    monkeypatch.setattr(engine.variants, "VARIANTS", dict(VARIANTS))
    assert "sevens" not in GRIDS
    register(Sevens)
    assert Sevens.geometry == "sevens" and GRIDS["sevens"] is SEVENS
    assert list(GRIDS) == ["flip4", "olix", "sevens"]
    assert geometry_for("sevens") == BoardGeometry("sevens", 49, 0, 7, 7)
    game = new_game("sevens")
    game.place("g7")
    assert game.piece_at(48) == (0, "man") and game.board_mask == (1 << 49) - 1
    protocol = EngineProtocol("sevens")
    assert protocol.handle("position startpos moves d4 a1 d5") == []
    assert protocol.game.piece_at(SEVENS.parse("d5")) == (0, "man")
    assert protocol.handle("position startpos moves h1")[0].startswith("error position: move 'h1'")


def test_two_games_may_not_give_one_key_two_grids(monkeypatch: pytest.MonkeyPatch) -> None:
    class Wide(Sevens):
        variant: ClassVar[str] = "wide"
        grid: ClassVar[Grid | None] = Grid("flip4", 6, 6)

    monkeypatch.setattr(engine.variants, "VARIANTS", dict(VARIANTS))
    register(Wide)
    with pytest.raises(BadEntryPoint, match="wide's grid 'flip4' is not the one another game has"):
        GRIDS["flip4"]
