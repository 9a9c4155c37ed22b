"""Threats: the holes where a team would complete a line with its next Man.

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

from engine.ai import completing_holes
from engine.bitboard import BB_ALL
from engine.game import Game


def threats(game: Game) -> list[tuple[int, list[str]]]:
    """``(team, holes)`` for each team with at least one hole completing a line of its pieces,
    in team order; holes in index order. Only the spaceboard's lines are known here: a game of
    another board has none."""
    if game.geometry != "flix":
        return []
    empty = BB_ALL & ~game.occupied
    found = []
    for team in range(game.teams):
        holes = completing_holes(game.pieces(team), empty)
        if holes:
            found.append((team, [game.naming.name(hole) for hole in holes]))
    return found
