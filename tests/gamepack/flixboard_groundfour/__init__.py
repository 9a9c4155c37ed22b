"""Ground Four, a small game of a package of its own: four in a row on the spaceboard's ground
floor only (a flat 4x4: the panels by the sections), two players, no dice, no computer player.

Its distribution (``flixboard_groundfour-1.0.dist-info`` beside it) declares the spec in the
``flixboard.games`` entry-point group; with this folder on the path, the board plays it.
"""

from __future__ import annotations

from importlib.resources import files
from typing import ClassVar

from controller.games import GameSpec
from engine.bitboard import Bitboard, from_holes
from engine.game import Game
from engine.holes import index
from engine.lines import LINES_THROUGH

GROUND: Bitboard = from_holes(
    index(panel, 0, section) for panel in range(4) for section in range(4)
)
"""The ground floor's 16 holes."""


class GroundFour(Game):
    """Any empty hole of the ground floor; four in a line there wins; a full floor is a draw."""

    variant: ClassVar[str] = "groundfour"
    default_men_per_team: ClassVar[int | None] = 8
    seat_teams: ClassVar[dict[int, tuple[int, ...]]] = {2: (0, 1)}
    lines_through: ClassVar[tuple[tuple[Bitboard, ...], ...]] = tuple(
        tuple(line for line in lines if line & ~GROUND == 0) for lines in LINES_THROUGH
    )

    @property
    def board_mask(self) -> Bitboard:
        return GROUND


SPEC = GameSpec(
    GroundFour,
    title="Ground Four",
    choice="Ground Four (the ground floor only)",
    page=files(__name__) / "groundfour.js",
)
