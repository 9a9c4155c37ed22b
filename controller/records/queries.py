"""Reading the store: pages of games filtered by player and variant, one game, and each
player's statistics."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

import msgspec
from msgspec import Struct

from controller.records.model import GameOptions
from controller.records.store import GameStore, RecordsError

GAME_COLUMNS = (
    "id, variant, players, options, started, ended, outcome, winner, reason, placements, "
    "moves, source"
)


class Record(Struct, forbid_unknown_fields=True):
    """The base of the records' answers."""


class GameSeat(Record):
    """A seat of a kept game: who played it, its team (from 0), the lines it scored."""

    seat: int
    name: str
    kind: str
    level: int | None
    team: int
    lines: int


class GameResult(Record):
    outcome: str
    team: int | None
    reason: str | None


class GameItem(Record, kw_only=True):
    """A kept game as ``GET /api/games`` lists it."""

    id: int
    variant: str
    players: list[GameSeat]
    player_count: int
    options: GameOptions
    result: GameResult
    started: str | None
    ended: str | None
    placements: int
    moves: int
    source: str


class GameDetail(GameItem, kw_only=True):
    """One kept game with its record in the game notation (docs/NOTATION.md) and, a remote
    game with virtual dice, its dice's commitments and proofs (JSON text: ``StoredGame.dice``)."""

    notation: str
    dice: str | None = None


class PlayerStats(Record):
    """One player's games, results, average game length (Men placed) and lines scored."""

    name: str
    games: int
    wins: int
    draws: int
    abandoned: int
    losses: int
    average_length: float
    lines: int


@dataclass(frozen=True)
class Filter:
    """Games of a player (any case) and of a variant; ``None``: any."""

    player: str | None = None
    variant: str | None = None

    def where(self) -> tuple[str, list[object]]:
        """The SQL condition on ``games g`` and its arguments."""
        parts: list[str] = ["1"]
        args: list[object] = []
        if self.variant is not None:
            parts.append("g.variant = ?")
            args.append(self.variant)
        if self.player is not None:
            parts.append("EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id AND s.name = ?)")
            args.append(self.player)
        return " AND ".join(parts), args


def _rows(store: GameStore, sql: str, args: list[object]) -> list[tuple[Any, ...]]:
    try:
        return store.db.execute(sql, args).fetchall()
    except sqlite3.Error as error:
        raise RecordsError(f"cannot read the game records {store.path}: {error}") from None


def _seats(store: GameStore, ids: list[int]) -> dict[int, list[GameSeat]]:
    found: dict[int, list[GameSeat]] = {game: [] for game in ids}
    if not ids:
        return found
    marks = ", ".join("?" * len(ids))
    rows = _rows(
        store,
        f"SELECT game, seat, name, kind, level, team, lines FROM seats WHERE game IN ({marks}) "
        "ORDER BY game, seat",
        list(ids),
    )
    for game, seat, name, kind, level, team, lines in rows:
        found[game].append(GameSeat(seat, name, kind, level, team, lines))
    return found


def _item(row: tuple[Any, ...], seats: list[GameSeat]) -> GameItem:  # a row as read
    """A game's answer, from its row (the database's edge)."""
    (
        game_id,
        variant,
        players,
        options,
        started,
        ended,
        outcome,
        winner,
        reason,
        placements,
        moves,
        source,
    ) = row
    return GameItem(
        id=game_id,
        variant=variant,
        players=seats,
        player_count=players,
        options=json.loads(options),
        result=GameResult(outcome, winner, reason),
        started=started,
        ended=ended,
        placements=placements,
        moves=moves,
        source=source,
    )


def list_games(
    store: GameStore, chosen: Filter, *, offset: int, limit: int
) -> tuple[list[GameItem], int]:
    """A page of the games (newest first) and how many games the filter keeps."""
    where, args = chosen.where()
    total = int(_rows(store, f"SELECT COUNT(*) FROM games g WHERE {where}", args)[0][0])
    rows = _rows(
        store,
        f"SELECT {GAME_COLUMNS} FROM games g WHERE {where} ORDER BY g.id DESC LIMIT ? OFFSET ?",
        [*args, limit, offset],
    )
    seats = _seats(store, [row[0] for row in rows])
    return [_item(row, seats[row[0]]) for row in rows], total


def get_game(store: GameStore, game_id: int) -> GameDetail | None:
    """One game with its ``notation``, or ``None``."""
    rows = _rows(
        store, f"SELECT {GAME_COLUMNS}, notation, dice FROM games g WHERE id = ?", [game_id]
    )
    if not rows:
        return None
    item = _item(rows[0][:-2], _seats(store, [game_id])[game_id])
    return GameDetail(**msgspec.structs.asdict(item), notation=rows[0][-2], dice=rows[0][-1])


def player_stats(store: GameStore, chosen: Filter) -> list[PlayerStats]:
    """Per player name (any case): games, wins, draws, abandoned, the average game length in
    Men placed, and the lines the player scored; most games first. A game counts once for a
    player who played several of its seats."""
    where, args = chosen.where()
    name_filter = ""
    if chosen.player is not None:
        name_filter = "AND s.name = ?"
        args = [*args, chosen.player]
    per_game = (
        "SELECT MIN(s.name) AS name, MAX(g.outcome = 'win' AND g.winner = s.team) AS won, "
        "g.outcome = 'draw' AS drawn, g.outcome = 'abandoned' AS left_off, "
        "g.placements AS placements, SUM(s.lines) AS lines "
        f"FROM seats s JOIN games g ON g.id = s.game WHERE {where} {name_filter} "
        "GROUP BY s.name, g.id"
    )
    rows = _rows(
        store,
        "SELECT MIN(name), COUNT(*), SUM(won), SUM(drawn), SUM(left_off), AVG(placements), "
        f"SUM(lines) FROM ({per_game}) GROUP BY name COLLATE NOCASE "
        "ORDER BY COUNT(*) DESC, MIN(name)",
        args,
    )
    return [
        PlayerStats(
            name,
            games,
            wins,
            draws,
            abandoned,
            games - wins - draws - abandoned,
            round(float(length), 1),
            lines,
        )
        for name, games, wins, draws, abandoned, length, lines in rows
    ]
