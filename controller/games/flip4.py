"""Flip 4: two numbered dice, steps and corner landings on its own 5x5 board."""

from __future__ import annotations

from importlib.resources import files

from controller.flows.flip4 import Flip4Flow
from controller.games.spec import D6, GameSpec, rung
from controller.i18n import N_
from engine.flip4 import Flip4

SPEC = GameSpec(
    Flip4,
    title=N_("Flip 4"),
    choice=N_("Flip 4 (its own 5x5 board)"),
    board=N_("Flip 4 (5x5)"),
    levels=(
        (N_("One turn ahead; a random choice 3 times in 10"), []),
        (N_("One turn ahead"), [rung(67.0, 60, 73, 200)]),
        (
            N_("Two turns ahead, each over the 36 throws (the default)"),
            [rung(57.8, 52.9, 62.5, 400)],
        ),
        (
            N_("Three turns ahead for its two best choices, with small errors"),
            [rung(57.5, 52.6, 62.3, 400)],
        ),
        (N_("Three turns ahead for its six best choices"), [rung(56.0, 51.1, 60.8, 400)]),
    ),
    flow=Flip4Flow,
    page=files("controller") / "server" / "web" / "flip4.js",
    style=files("controller") / "server" / "web" / "flip4.css",
    carried=True,
    dice=lambda game: (D6, D6),
)
