"""A stored game: the facts the store keeps of it, made from its replayed record."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TypeAlias

from engine.events import Scored
from engine.notation import GameRecord, Result

OptionValue: TypeAlias = (
    bool | int | float | str | list[int | str | list[int] | None] | dict[str, list[str]] | None
)
"""A game option's value as JSON (``engine.game.Options`` and its variants' own)."""
GameOptions: TypeAlias = dict[str, OptionValue]
"""A game's options as JSON."""

PLAYED = "played"
IMPORTED = "imported"


@dataclass(frozen=True)
class StoredSeat:
    """A seat of a stored game: who played it, its team (from 0), the lines it scored."""

    name: str
    kind: str
    level: int | None
    team: int
    lines: int


@dataclass(frozen=True)
class StoredGame:
    """One game as the store keeps it. ``key`` ties a played game to its journal entry (so a
    game is kept once, also after a restart); imported games have none."""

    variant: str
    players: int
    options: GameOptions
    seed: int | None
    started: str | None
    ended: str | None
    result: Result
    placements: int
    moves: int
    notation: str
    source: str
    seats: tuple[StoredSeat, ...]
    key: str | None = None
    dice: str | None = None
    """A remote game's dice, as JSON: the commitments and every throw's faces and proof
    (``controller.remote.fair_dice.DiceBook``), so each throw verifies from the record."""

    @property
    def digest(self) -> str:
        """The game's identity: see ``record_digest``."""
        return record_digest(self.notation)


def record_digest(notation: str) -> str:
    """The identity of a game record: the SHA-256 (hex) of its text in the notation's own form
    (as ``write_record`` writes it, so as it is stored). Two records are the same game when
    they name the same players, options, times, result and moves; blanks, comments and the
    short hole names of a file read make no difference."""
    return hashlib.sha256(notation.encode()).hexdigest()


def stored_game(
    record: GameRecord,
    notation: str,
    *,
    source: str,
    seed: int | None,
    key: str | None,
    dice: str | None = None,
) -> StoredGame:
    """The stored form of a read (so replayed) record and its text."""
    game = record.game
    lines = [0] * game.players
    for event in game.events:
        if isinstance(event, Scored):
            lines[event.seat] += len(event.lines)
    seats = tuple(
        StoredSeat(info.name, info.kind, info.level, game.team_of_seat[seat], lines[seat])
        for seat, info in enumerate(record.seats)
    )
    return StoredGame(
        variant=record.variant,
        players=record.players,
        options=record.options,
        seed=seed,
        started=record.start,
        ended=record.end,
        result=record.result,
        placements=sum(1 for move in record.moves if move.action.kind == "place"),
        moves=len(record.moves),
        notation=notation,
        source=source,
        seats=seats,
        key=key,
        dice=dice,
    )
