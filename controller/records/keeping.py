"""Keeping games: a played game (finished, or abandoned for a new one) or an imported record,
written as notation, read back through the rules and stored."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from controller.records.model import IMPORTED, PLAYED, stored_game
from controller.records.store import GameStore
from engine.game import Game
from engine.notation import GameRecord, SeatInfo, read_record, write_record


def utc_now() -> str:
    """The time now as the notation writes it: ``2026-11-24T20:15:00Z``."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def keep_played(
    store: GameStore,
    game: Game,
    seats: Sequence[SeatInfo],
    *,
    key: str,
    started: str | None,
    ended: str | None,
    dice: str | None = None,
) -> int:
    """Store a played game under ``key`` (its journal game), with a remote game's ``dice``
    (``StoredGame.dice``); its id. The text stored is read back through the rules first, so
    every stored game replays."""
    text = write_record(game, seats, start=started, end=ended)
    record = read_record(text)
    stored = stored_game(record, text, source=PLAYED, seed=game.seed, key=key, dice=dice)
    return store.keep(stored)


@dataclass(frozen=True)
class Imported:
    """Where an imported record is kept: game ``id``, stored now or ``already`` kept (the same
    game: ``controller.records.model.record_digest``), when nothing was stored."""

    id: int
    already: bool


def keep_imported(store: GameStore, record: GameRecord) -> Imported:
    """Store a record read through the rules (``read_record``), written again in the
    notation's own form, unless the same game is kept already."""
    canonical = write_record(record.game, record.seats, start=record.start, end=record.end)
    stored = stored_game(record, canonical, source=IMPORTED, seed=None, key=None)
    same = store.same_as(stored)
    if same is not None:
        return Imported(same, already=True)
    return Imported(store.keep(stored), already=False)
