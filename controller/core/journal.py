"""The journal: every game action, appended to SQLite (WAL) before its effects are shown.

An entry is ``(seq, kind, data, at)``: ``new_game`` starts a game, the other kinds are the actions
of that game (``action``, ``undo``). ``at`` is the game time (seconds on the game's own time line)
when the entry was written, so a resumed game continues its clock from the last entry: call
windows and penalties keep their meaning across a restart (time while the service was down does
not count). Replaying the entries after the last ``new_game`` resumes the game (see
``controller.core.game_log``).

The file's format is ``PRAGMA user_version``: a journal written by a newer format is refused
rather than misread; an older one is upgraded in place.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS journal (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at REAL NOT NULL DEFAULT 0
)
"""
FORMAT = 2
"""1: no ``at`` column (every entry at time 0); 2: ``at``."""


class JournalError(RuntimeError):
    """The journal cannot be opened, written or replayed."""


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str
    data: dict[str, Any]  # a line of the journal file as read (JSON)
    at: float = 0.0


def default_data_dir() -> Path:
    """``$XDG_STATE_HOME/flixboard``, or ``~/.local/state/flixboard``."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "flixboard"


def check_data_dir(data_dir: str | Path) -> Path:
    """``data_dir`` as a path; a ``JournalError`` saying so when it, or a folder above it, is a
    file (so it cannot be a data directory)."""
    path = Path(data_dir)
    blocking = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), None)
    if blocking == path:
        raise JournalError(f"the data directory {path} is a file, not a directory")
    if blocking is not None:
        raise JournalError(f"the data directory {path} cannot be made: {blocking} is a file")
    return path


def make_data_dir(data_dir: str | Path) -> Path:
    """``data_dir``, made with its parents when missing (a ``JournalError`` when it cannot be)."""
    path = check_data_dir(data_dir)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise JournalError(f"cannot create data directory {path}: {error.strerror}") from None
    return path


class Journal:
    """An append-only log in ``journal.sqlite3`` of a data directory (``None``: in memory)."""

    FILE_NAME = "journal.sqlite3"

    def __init__(self, data_dir: str | Path | None) -> None:
        if data_dir is None:
            self.path: Path | None = None
            target = ":memory:"
        else:
            self.path = make_data_dir(data_dir) / self.FILE_NAME
            target = str(self.path)
        try:
            self._db = sqlite3.connect(target, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise JournalError(f"cannot open journal {target}: {error}") from None
        try:
            self._open(target)
        except (sqlite3.Error, JournalError) as error:
            self._db.close()
            if isinstance(error, JournalError):
                raise
            raise JournalError(
                f"cannot open journal {target}: {error} (the file is left as it is: move it "
                "away to start a new journal)"
            ) from None

    def _open(self, target: str) -> None:
        """Check the format (before anything is written), then WAL mode and the table."""
        version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
        if version > FORMAT:
            raise JournalError(
                f"journal {target} was written by a newer flixboard (format {version}, this one "
                f"reads up to {FORMAT}): upgrade flixboard or move the file away"
            )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(journal)")}
        if not columns:
            self._db.execute(SCHEMA)
        elif not {"seq", "kind", "data"} <= columns:
            raise JournalError(f"journal {target} has no journal table this version can read")
        elif "at" not in columns:
            self._db.execute("ALTER TABLE journal ADD COLUMN at REAL NOT NULL DEFAULT 0")
        if version != FORMAT:
            self._db.execute(f"PRAGMA user_version = {FORMAT}")
        self._db.execute("SELECT COUNT(*) FROM journal").fetchone()

    def append(
        self,
        kind: str,
        data: dict[str, Any],  # a line of the journal file to write (JSON)
        at: float = 0.0,
    ) -> int:
        """Write one entry durably at game time ``at``; its sequence number."""
        try:
            cursor = self._db.execute(
                "INSERT INTO journal (kind, data, at) VALUES (?, ?, ?)",
                (kind, json.dumps(data, separators=(",", ":"), sort_keys=True), float(at)),
            )
        except sqlite3.Error as error:
            raise JournalError(f"cannot write to the journal {self.path}: {error}") from None
        return int(cursor.lastrowid or 0)

    def current_game(self) -> list[Entry]:
        """The entries from the last ``new_game`` on (empty when no game was ever started)."""
        try:
            last = self._db.execute(
                "SELECT MAX(seq) FROM journal WHERE kind = 'new_game'"
            ).fetchone()
            if last is None or last[0] is None:
                return []
            rows = self._db.execute(
                "SELECT seq, kind, data, at FROM journal WHERE seq >= ? ORDER BY seq", (last[0],)
            ).fetchall()
        except sqlite3.Error as error:
            raise JournalError(f"cannot read the journal {self.path}: {error}") from None
        entries = []
        for seq, kind, data, at in rows:
            try:
                decoded = json.loads(data)
            except (TypeError, ValueError):
                decoded = None
            if not isinstance(decoded, dict) or not isinstance(at, int | float):
                raise JournalError(f"journal entry {seq} of {self.path} is damaged: {data!r}")
            entries.append(Entry(seq, kind, decoded, float(at)))
        return entries

    def close(self) -> None:
        self._db.close()
