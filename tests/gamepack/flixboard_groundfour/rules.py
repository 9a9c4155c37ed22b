"""Ground Four's rules: any empty hole of the spaceboard's ground floor; the engine's part of
the game, declared in ``flixboard.rules`` (it imports only the engine)."""

from __future__ import annotations

from typing import ClassVar

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
