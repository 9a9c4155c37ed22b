"""Threats: the holes where a team would complete a line of four with its next piece (on the
spaceboard and on the Flip 4 board; Olix scores patterns and has none).

They come from public information only, the pieces on the board (what everyone at the table
sees): never from the game's record of uncalled lines.

>>> from engine.variants import new_game
>>> game = new_game("qubic")
>>> for hole in ("R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D"):
...     _ = game.place(hole)
>>> threats(game)
[(0, ['R-I-C'])]
"""

from __future__ import annotations

from engine.bitboard import scan_forward
from engine.game import Game


def threats(game: Game) -> list[tuple[int, list[str]]]:
    """``(team, holes)`` for each team with at least one hole completing a line of its pieces,
    in team order; holes in index order."""
    found = []
    for team in range(game.teams):
        holes = game.completing(team)
        if holes:
            found.append((team, [game.naming.name(hole) for hole in scan_forward(holes)]))
    return found
