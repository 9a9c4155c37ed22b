"""A player's hands on a flat board: the lifts and places that make a Flip 4 turn, from the
controller's state (its ``allowed`` squares, ``moves`` and ``jump_from``)."""

from __future__ import annotations

import random
from typing import Any

from engine.flip4 import CORNERS, GRID

Hand = tuple[str, str]
"""(``lift``, ``place`` or ``roll``, the cell's name; empty for a roll)."""


def step_hands(state: dict[str, Any], source: str, target: str) -> list[Hand]:
    """A step, a flip or a jump onto a corner from ``source``: a flip is both pieces up, then each
    on the other's square."""
    if target in state["board"]:
        return [("lift", source), ("lift", target), ("place", source), ("place", target)]
    return [("lift", source), ("place", target)]


def landing_hands(state: dict[str, Any], corner: str, target: str) -> list[Hand]:
    """The jump's landing from ``corner``: an opponent on ``target`` goes where the jump
    started."""
    if target in state["board"]:
        return [
            ("lift", corner),
            ("lift", target),
            ("place", state["jump_from"]),
            ("place", target),
        ]
    return [("lift", corner), ("place", target)]


def random_flip4_turn(state: dict[str, Any], rng: random.Random) -> list[Hand]:
    """What a player does now, chosen by ``rng`` among what the game allows: roll, place, move,
    or land a corner jump."""
    phase = state["phase"]
    if phase == "await_roll":
        return [("roll", "")]
    if phase == "await_place":
        return [("place", rng.choice(state["allowed"]))]
    if phase == "await_move":
        source = rng.choice(sorted(state["moves"]))
        return step_hands(state, source, rng.choice(state["moves"][source]))
    corner = next(c for c in state["board"] if CORNERS >> GRID.parse(c) & 1)
    return landing_hands(state, corner, rng.choice(state["allowed"]))
