"""What the device shows now, taken from the board's public state only.

The public state (``BoardController.state()`` without a team's view) carries no hidden Pay-Off
token and no seed; the snapshot takes a few of its fields, so nothing else reaches the broker.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from controller.variants import SPECS

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


def _turn(state: dict[str, Any]) -> str:
    names: list[str] = state["team_names"]
    if state.get("winner") is not None:
        return f"{names[state['winner']]} won"
    if state.get("draw"):
        return "a draw"
    labels: list[str] = state["seat_labels"]
    mover: int = state["to_move"]
    return labels[mover]


def _score(state: dict[str, Any]) -> str:
    """Pay-Off's ledger, else the lines each team scored (as the page's scores)."""
    names: list[str] = state["team_names"]
    points = [0] * len(names)
    if state.get("uses_tokens") and isinstance(state.get("ledger"), list):
        points = list(state["ledger"])
    else:
        for team, _ in state.get("scored_lines") or []:
            if 0 <= team < len(points):
                points[team] += 1
    return ", ".join(f"{name} {value}" for name, value in zip(names, points, strict=False))


def snapshot(state: dict[str, Any]) -> Snapshot:
    """The snapshot of a public state (see the module docstring)."""
    variant = str(state["variant"])
    return Snapshot(
        game=SPECS[variant].title if variant in SPECS else variant,
        turn=_turn(state),
        last_move=state.get("last_move") or NONE_YET,
        score=_score(state) or NONE_YET,
        throw=state.get("throw") or NONE_YET,
        board="ON" if state.get("connected") else "OFF",
    )
