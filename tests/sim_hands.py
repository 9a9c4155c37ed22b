"""A player's hands on a simulated board run by the real controller, one move at a time."""

from __future__ import annotations

from controller.tools.sim_run import SimRun
from engine.holes import parse

HAND_S = 0.4
"""A hand's pause between two moves (longer than settling, short of chatter)."""


def put(run: SimRun, hole: str, piece: str = "man") -> None:
    """Seat a piece in ``hole``, then pause."""
    run.board.place(parse(hole), piece)
    run.advance(HAND_S)


def take(run: SimRun, hole: str) -> None:
    """Lift the piece in ``hole``, then pause."""
    run.board.lift(parse(hole))
    run.advance(HAND_S)
