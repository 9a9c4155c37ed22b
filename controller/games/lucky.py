"""Lucky Flix (RULES.md): dice tell where to place; FLIX, PENALTY and calls."""

from __future__ import annotations

from controller.games.spec import Faces, GameSpec, rung
from controller.i18n import N_
from engine.game import Game
from engine.lucky import LuckyFlix


def dice(game: Game) -> Faces:
    """The three dice, with the faces the game's options give them."""
    assert isinstance(game, LuckyFlix)
    return game.dice


SPEC = GameSpec(
    LuckyFlix,
    title=N_("Lucky Flix"),
    choice=N_("Lucky Flix (dice)"),
    levels=(
        (N_("A few playouts over its best-looking holes; misses a block 1 time in 4"), []),
        (
            N_("More playouts, that block; misses a block 1 time in 10"),
            [rung(57.8, 51, 64, 200)],
        ),
        (
            N_("Weighs every throw to come: its placement, the throw, the reply (the default)"),
            [rung(52.0, 45, 59, 200)],
        ),
        (N_("The same search over the throws, with more positions"), [rung(45.0, 38, 52, 200)]),
        (N_("The same search over the throws, with the most positions"), [rung(47.5, 33, 63, 40)]),
    ),
    carried=True,
    dice=dice,
)
