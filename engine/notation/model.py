"""What a game record holds besides its moves: the seats, the times, the result.

A record is the game's header (variant, players, seats, options, times, result) and its moves,
each one engine :class:`~engine.game.Action` with the line it was read from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.events import GameOver
from engine.game import Action, Game

SEAT_KINDS: tuple[str, ...] = ("human", "computer", "remote")
"""Who may play a seat in a record: a person at the board, the computer, a person elsewhere."""
WIN = "win"
DRAW = "draw"
ABANDONED = "abandoned"


@dataclass(frozen=True)
class SeatInfo:
    """Who played a seat: a name, a kind (``SEAT_KINDS``) and the computer's level."""

    name: str
    kind: str = "human"
    level: int | None = None


@dataclass(frozen=True)
class Result:
    """How a game ended: ``win`` (``team`` from 0), ``draw``, or ``abandoned`` (not ended);
    ``reason`` as the engine's ``game_over`` event gives it (``line``, ``board full``, ...)."""

    outcome: str
    team: int | None = None
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "team": self.team, "reason": self.reason}


def result_of(game: Game) -> Result:
    """The result the state of ``game`` shows (``abandoned`` while it is not over)."""
    if not game.game_over:
        return Result(ABANDONED)
    reason = next(
        (event.reason for event in reversed(game.events) if isinstance(event, GameOver)),
        "",
    )
    if game.winner is None:
        return Result(DRAW, None, reason)
    return Result(WIN, game.winner, reason)


@dataclass(frozen=True)
class Move:
    """One move line: where it was read (``line`` from 1), its text and the action."""

    line: int
    text: str
    seat: int
    action: Action


@dataclass(frozen=True)
class GameRecord:
    """A read record: the header facts, the moves and the game they replay to."""

    variant: str
    players: int
    seats: tuple[SeatInfo, ...]
    options: dict[str, Any]
    result: Result
    game: Game
    moves: tuple[Move, ...] = ()
    start: str | None = None
    end: str | None = None
