"""The journal: every game action, appended to SQLite (WAL) before its effects are shown.

An entry is ``(seq, kind, data)``: ``new_game`` starts a game, the other kinds are the actions of
that game (``roll``, ``place``, ``call``, ``penalty``, ``block``, ``undo``). Replaying the entries
after the last ``new_game`` resumes the game (see ``controller.actions``).
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
    data TEXT NOT NULL
)
"""


class JournalError(RuntimeError):
    """The journal cannot be opened, written or replayed."""


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str
    data: dict[str, Any]


def default_data_dir() -> Path:
    """``$XDG_STATE_HOME/flixboard``, or ``~/.local/state/flixboard``."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "flixboard"


class Journal:
    """An append-only log in ``journal.sqlite3`` of a data directory (``None``: in memory)."""

    FILE_NAME = "journal.sqlite3"

    def __init__(self, data_dir: str | Path | None) -> None:
        if data_dir is None:
            self.path: Path | None = None
            target = ":memory:"
        else:
            self.path = Path(data_dir) / self.FILE_NAME
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise JournalError(f"cannot create data directory {data_dir}: {error}") from None
            target = str(self.path)
        try:
            self._db = sqlite3.connect(target, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute(SCHEMA)
        except sqlite3.Error as error:
            raise JournalError(f"cannot open journal {target}: {error}") from None

    def append(self, kind: str, data: dict[str, Any]) -> int:
        """Write one entry durably; its sequence number."""
        try:
            cursor = self._db.execute(
                "INSERT INTO journal (kind, data) VALUES (?, ?)",
                (kind, json.dumps(data, separators=(",", ":"), sort_keys=True)),
            )
        except sqlite3.Error as error:
            raise JournalError(f"cannot write to the journal {self.path}: {error}") from None
        return int(cursor.lastrowid or 0)

    def current_game(self) -> list[Entry]:
        """The entries from the last ``new_game`` on (empty when no game was ever started)."""
        last = self._db.execute("SELECT MAX(seq) FROM journal WHERE kind = 'new_game'").fetchone()
        if last is None or last[0] is None:
            return []
        rows = self._db.execute(
            "SELECT seq, kind, data FROM journal WHERE seq >= ? ORDER BY seq", (last[0],)
        ).fetchall()
        return [Entry(seq, kind, json.loads(data)) for seq, kind, data in rows]

    def close(self) -> None:
        self._db.close()
