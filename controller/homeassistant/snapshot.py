"""What the device shows now, taken from the board's public state only.

The public state (``BoardController.public_state()`` without a team's view) carries no hidden
Pay-Off token and no seed; the snapshot takes a few of its fields, so nothing else reaches the
broker.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from controller.core.state import State
from controller.games import games

NONE_YET = "none"


@dataclass(frozen=True)
class Snapshot:
    """The JSON state the sensors read (``value_json.<field>``)."""

    game: str
    turn: str
    last_move: str
    score: str
    throw: str
    board: str
    """``ON`` while the board answers, ``OFF`` while the service searches for it."""

    def to_bytes(self) -> bytes:
        return json.dumps(asdict(self), separators=(",", ":")).encode()


def _turn(state: State) -> str:
    names = state.team_names
    if state.winner is not None:
        return f"{names[state.winner]} won"
    if state.draw:
        return "a draw"
    return state.seat_labels[state.to_move]


def _score(state: State) -> str:
    """Pay-Off's ledger, else the lines each team scored (as the page's scores)."""
    names = state.team_names
    points = [0] * len(names)
    if state.uses_tokens:
        points = list(state.ledger)
    else:
        for team, _ in state.scored_lines:
            if 0 <= team < len(points):
                points[team] += 1
    return ", ".join(f"{name} {value}" for name, value in zip(names, points, strict=False))


def snapshot(state: State) -> Snapshot:
    """The snapshot of a public state (see the module docstring)."""
    variant = state.variant
    return Snapshot(
        game=games()[variant].title if variant in games() else variant,
        turn=_turn(state),
        last_move=state.last_move or NONE_YET,
        score=_score(state) or NONE_YET,
        throw=state.throw or NONE_YET,
        board="ON" if state.connected else "OFF",
    )
