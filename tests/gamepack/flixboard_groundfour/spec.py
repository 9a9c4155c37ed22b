"""Ground Four as the board plays it: its spec, declared in ``flixboard.games``."""

from __future__ import annotations

from importlib.resources import files

from controller.games import GameSpec

from .rules import GroundFour

SPEC = GameSpec(
    GroundFour,
    title="Ground Four",
    choice="Ground Four (the ground floor only)",
    page=files("flixboard_groundfour") / "groundfour.js",
    style=files("flixboard_groundfour") / "groundfour.css",
)
