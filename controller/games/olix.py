"""Olix: patterns scored on its own 11x11 board."""

from __future__ import annotations

from importlib.resources import files

from controller.flows.olix import OlixFlow
from controller.games.spec import GameSpec, rung
from controller.i18n import N_
from engine.olix import Olix

SPEC = GameSpec(
    Olix,
    title=N_("Olix"),
    choice=N_("Olix (its own 11x11 board)"),
    board=N_("Olix (11x11)"),
    levels=(
        (N_("The best placement now, with large errors"), []),
        (N_("Two placements ahead, with the largest errors"), [rung(72.2, 66, 78, 200)]),
        (
            N_("Two placements ahead, wider, with smaller errors (the default)"),
            [rung(65.2, 58, 72, 200)],
        ),
        (N_("Two placements ahead, wider still, with small errors"), [rung(57.2, 50.3, 64, 200)]),
        (
            N_("Three placements ahead: each reply and the best answer to it; without errors"),
            [rung(60.6, 55.8, 65.3, 400)],
        ),
    ),
    flow=OlixFlow,
    page=files("controller") / "server" / "web" / "olix.js",
    style=files("controller") / "server" / "web" / "olix.css",
    carried=True,
)
