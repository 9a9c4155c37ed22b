"""The store: ``games.sqlite3`` in the data directory (beside the journal), or in memory.

Tables ``games`` (one row per game) and ``seats`` (one per seat of a game). The file's format is
``PRAGMA user_version``: a newer one is refused rather than misread, an older one brought up
to date (format 2 added each game's ``digest``, its identity: ``controller.records.model``;
format 3 a remote game's ``dice``, its throws' commitments and proofs).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from controller.records.journal import Journal, JournalError, make_data_dir, make_private
from controller.records.model import StoredGame, record_digest

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT UNIQUE,
    variant TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER,
    started TEXT,
    ended TEXT,
    outcome TEXT NOT NULL,
    winner INTEGER,
    reason TEXT NOT NULL,
    placements INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    notation TEXT NOT NULL,
    source TEXT NOT NULL,
    digest TEXT,
    dice TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL COLLATE NOCASE,
    kind TEXT NOT NULL,
    level INTEGER,
    team INTEGER NOT NULL,
    lines INTEGER NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE INDEX IF NOT EXISTS seats_by_name ON seats (name, game);
CREATE INDEX IF NOT EXISTS games_by_variant ON games (variant, id);
"""
DIGESTS = "CREATE INDEX IF NOT EXISTS games_by_digest ON games (digest, id);"
FORMAT = 3


class RecordsError(JournalError):
    """The game records cannot be opened, read or written."""


class GameStore:
    """Kept games in ``games.sqlite3`` of a data directory (``None``: in memory)."""

    FILE_NAME = "games.sqlite3"

    def __init__(self, data_dir: str | Path | None) -> None:
        self.path = None if data_dir is None else Path(data_dir) / self.FILE_NAME
        target = ":memory:" if self.path is None else str(self.path)
        try:
            if self.path is not None:
                make_data_dir(self.path.parent)
                make_private(self.path)
            self.db = sqlite3.connect(target, isolation_level=None, check_same_thread=False)
        except JournalError as error:
            raise RecordsError(str(error)) from None
        except (OSError, sqlite3.Error) as error:
            raise RecordsError(f"cannot open the game records {target}: {error}") from None
        try:
            self._open(target)
        except (sqlite3.Error, RecordsError) as error:
            self.db.close()
            if isinstance(error, RecordsError):
                raise
            raise RecordsError(
                f"cannot open the game records {target}: {error} (the file is left as it is: "
                "move it away to start new records)"
            ) from None

    @classmethod
    def beside(cls, journal: Journal) -> GameStore:
        """The store in the journal's data directory (in memory for an in-memory journal)."""
        return cls(None if journal.path is None else journal.path.parent)

    def _open(self, target: str) -> None:
        version = int(self.db.execute("PRAGMA user_version").fetchone()[0])
        if version > FORMAT:
            raise RecordsError(
                f"game records {target} were written by a newer flixboard (format {version}, "
                f"this one reads up to {FORMAT}): upgrade flixboard or move the file away"
            )
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        if version == 1:
            self._add_digests()
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(games)").fetchall()}
        if "dice" not in columns:  # format 2 to 3
            self.db.execute("ALTER TABLE games ADD COLUMN dice TEXT")
        self.db.execute(DIGESTS)
        if version != FORMAT:
            self.db.execute(f"PRAGMA user_version = {FORMAT}")

    def _add_digests(self) -> None:
        """Format 1 to 2: each kept game's digest, from its stored text."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("ALTER TABLE games ADD COLUMN digest TEXT")
            rows = self.db.execute("SELECT id, notation FROM games").fetchall()
            self.db.executemany(
                "UPDATE games SET digest = ? WHERE id = ?",
                [(record_digest(notation), game_id) for game_id, notation in rows],
            )
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def keep(self, game: StoredGame) -> int:
        """Store ``game`` (replacing the game of the same ``key``); its id."""
        row = (
            game.variant,
            game.players,
            json.dumps(game.options, sort_keys=True),
            game.seed,
            game.started,
            game.ended,
            game.result.outcome,
            game.result.team,
            game.result.reason,
            game.placements,
            game.moves,
            game.notation,
            game.source,
            game.digest,
            game.dice,
        )
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                found = None
                if game.key is not None:
                    found = self.db.execute(
                        "SELECT id FROM games WHERE key = ?", (game.key,)
                    ).fetchone()
                if found is None:
                    cursor = self.db.execute(
                        "INSERT INTO games (variant, players, options, seed, started, ended, "
                        "outcome, winner, reason, placements, moves, notation, source, digest, "
                        "dice, key) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (*row, game.key),
                    )
                    game_id = int(cursor.lastrowid or 0)
                else:
                    game_id = int(found[0])
                    self.db.execute(
                        "UPDATE games SET variant = ?, players = ?, options = ?, seed = ?, "
                        "started = ?, ended = ?, outcome = ?, winner = ?, reason = ?, "
                        "placements = ?, moves = ?, notation = ?, source = ?, digest = ?, "
                        "dice = ? WHERE id = ?",
                        (*row, game_id),
                    )
                    self.db.execute("DELETE FROM seats WHERE game = ?", (game_id,))
                self.db.executemany(
                    "INSERT INTO seats (game, seat, name, kind, level, team, lines) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (game_id, index, seat.name, seat.kind, seat.level, seat.team, seat.lines)
                        for index, seat in enumerate(game.seats)
                    ],
                )
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
        except sqlite3.Error as error:
            raise RecordsError(f"cannot store the game in {self.path}: {error}") from None
        return game_id

    def same_as(self, game: StoredGame) -> int | None:
        """The id of a kept game that is the same game as ``game`` (the same digest), if any."""
        row = self._one("SELECT id FROM games WHERE digest = ? ORDER BY id LIMIT 1", (game.digest,))
        return None if row is None else int(str(row[0]))

    def has(self, key: str) -> bool:
        """Whether the game of ``key`` is stored."""
        return self._one("SELECT 1 FROM games WHERE key = ?", (key,)) is not None

    def _one(self, sql: str, args: tuple[object, ...]) -> tuple[object, ...] | None:
        try:
            row: tuple[object, ...] | None = self.db.execute(sql, args).fetchone()
        except sqlite3.Error as error:
            raise RecordsError(f"cannot read the game records {self.path}: {error}") from None
        return row

    def close(self) -> None:
        self.db.close()
