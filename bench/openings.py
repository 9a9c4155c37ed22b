"""Seeded random openings: a two-player game started with a few random placements, so that
players that draw nothing at random still play a different game from every seed.

>>> one, other = opening("tactflix", 5), opening("tactflix", 5)
>>> one.actions == other.actions, one.placements, opening("tactflix", 6).actions == one.actions
(True, 2, False)
"""

from __future__ import annotations

import random

from engine.bitboard import scan_forward
from engine.game import Action, Game
from engine.variants import new_game

PLACEMENTS = 2
"""Random placements of an opening: one for each seat."""


def opening(variant: str, seed: int, placements: int = PLACEMENTS) -> Game:
    """A two-player game of ``variant`` with seed ``seed`` (its dice, the deal of its tokens)
    after ``placements`` placements (without tokens) in allowed holes drawn with that seed."""
    game = new_game(variant, players=2, seed=seed)
    rng = random.Random(f"{variant}-opening:{seed}")
    for _ in range(placements):
        game.apply(Action("place", hole=rng.choice(list(scan_forward(game.allowed)))))
    return game
