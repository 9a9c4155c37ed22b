"""The journal: every game action, appended to SQLite (WAL) before its effects are shown.

Durability: the file runs with ``synchronous=FULL``, so ``append`` returns once its entry is on the
disk (the WAL is fsynced). One exception, for speed: a move the board sensed (a Man seated in a lit
hole) is appended with ``sync=False``: committed to the file at once (a killed process keeps it),
but fsynced by ``sync()`` after the LED frame that shows the move has been sent, a few milliseconds
later and before the service answers or handles anything else. Only a power cut in those
milliseconds can lose it, and then nothing is lost: the Man stands on the board, and on resume the
board is reconciled with the journal's game, so the same Man is committed again.

An entry is ``(seq, kind, data, at)``: ``new_game`` starts a game, the other kinds are the actions
of that game (``action``, ``undo``). ``at`` is the game time (seconds on the game's own time line)
when the entry was written, so a resumed game continues its clock from the last entry: call
windows and penalties keep their meaning across a restart (time while the service was down does
not count). Replaying the entries after the last ``new_game`` resumes the game (see
``controller.core.game_log``).

The file's format is ``PRAGMA user_version``: a journal written by a newer format is refused
rather than misread; an older one is upgraded in place. Each kind's data is a typed value
(``NewGameData``, ``ActionData``, ``SeatsData``; ``undo``: ``{}``), written by the one JSON
encoder (``controller.wire``) and read back into its type: data that is not of its kind's
type (a key missing, a value of another type) is a damaged entry. Keys this version does not
know are left out when read, so a journal of an earlier version reads as long as its entries
hold what these types require.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Required, TypedDict

import msgspec

from controller.game_data import NewGameData, SeatData
from controller.wire import encode

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


class ActionData(TypedDict, total=False):
    """An ``action`` entry: an engine action as JSON (``engine.game.Action.to_json``)."""

    kind: Required[str]
    seat: int | None
    hole: str | None
    throw: str | None
    at: float
    piece: str
    token: int | None
    to: str | None


class SeatsData(SeatData):
    """A ``seats`` entry: ``seat`` is played from then on as the rest says."""

    seat: int


class UndoData(TypedDict):
    """An ``undo`` entry: nothing more."""


def action_data(data: Mapping[str, object]) -> ActionData:
    """An engine action's JSON (``Action.to_json``) as the ``action`` entry it is."""
    return msgspec.convert(data, ActionData)


Kind = Literal["new_game", "action", "undo", "seats"]
EntryData = NewGameData | ActionData | SeatsData | UndoData


@dataclass(frozen=True)
class NewGameEntry:
    seq: int
    kind: Literal["new_game"]
    data: NewGameData
    at: float = 0.0


@dataclass(frozen=True)
class ActionEntry:
    seq: int
    kind: Literal["action"]
    data: ActionData
    at: float = 0.0


@dataclass(frozen=True)
class UndoEntry:
    seq: int
    kind: Literal["undo"]
    data: UndoData
    at: float = 0.0


@dataclass(frozen=True)
class SeatsEntry:
    seq: int
    kind: Literal["seats"]
    data: SeatsData
    at: float = 0.0


Entry = NewGameEntry | ActionEntry | UndoEntry | SeatsEntry
"""A journal entry ``(seq, kind, data, at)``: ``kind`` says which."""

_NEW_GAME = msgspec.json.Decoder(NewGameData)
_ACTION = msgspec.json.Decoder(ActionData)
_UNDO = msgspec.json.Decoder(UndoData)
_SEATS = msgspec.json.Decoder(SeatsData)


def read_entry(seq: int, kind: str, text: str | bytes, at: float) -> Entry:
    """One entry as written (``ValueError`` when its data is not of its kind's type)."""
    try:
        if kind == "new_game":
            return NewGameEntry(seq, "new_game", _NEW_GAME.decode(text), at)
        if kind == "action":
            return ActionEntry(seq, "action", _ACTION.decode(text), at)
        if kind == "undo":
            return UndoEntry(seq, "undo", _UNDO.decode(text), at)
        if kind == "seats":
            return SeatsEntry(seq, "seats", _SEATS.decode(text), at)
    except msgspec.DecodeError as error:
        raise ValueError(str(error)) from None
    raise ValueError(f"unknown kind {kind!r}")


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


PRIVATE_MODE = 0o600
"""The data directory's files hold the game's seed, the remote game's keys, the token: this
user's only."""


def make_private(path: Path) -> None:
    """Create the file at ``path`` for this user only (``PRIVATE_MODE``), or take the other
    users' rights from it and from SQLite's ``-wal`` and ``-shm`` beside it (which SQLite makes
    with the database file's mode). A file that cannot be opened is left to SQLite to refuse."""
    with contextlib.suppress(OSError):
        os.close(os.open(path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, PRIVATE_MODE))
    for item in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        with contextlib.suppress(OSError):
            if item.is_file() and item.stat().st_mode & 0o077:
                item.chmod(PRIVATE_MODE)


class Journal:
    """An append-only log in ``journal.sqlite3`` of a data directory (``None``: in memory)."""

    FILE_NAME = "journal.sqlite3"

    def __init__(self, data_dir: str | Path | None) -> None:
        self._unsynced = False
        """An entry appended with ``sync=False`` waits for ``sync``."""
        if data_dir is None:
            self.path: Path | None = None
            target = ":memory:"
        else:
            self.path = make_data_dir(data_dir) / self.FILE_NAME
            make_private(self.path)
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
        self, kind: Kind, data: Mapping[str, object], at: float = 0.0, *, sync: bool = True
    ) -> int:
        """Write one entry at game time ``at``; its sequence number. Durable on return, or with
        ``sync=False`` once ``sync()`` has run (see the module docstring)."""
        text = encode(data).decode()
        try:
            if not sync:
                self._db.execute("PRAGMA synchronous=NORMAL")
            try:
                cursor = self._db.execute(
                    "INSERT INTO journal (kind, data, at) VALUES (?, ?, ?)", (kind, text, float(at))
                )
            finally:
                if not sync:
                    self._db.execute("PRAGMA synchronous=FULL")
        except sqlite3.Error as error:
            raise JournalError(f"cannot write to the journal {self.path}: {error}") from None
        self._unsynced = not sync and self.path is not None
        return int(cursor.lastrowid or 0)

    def sync(self) -> None:
        """Make the entries appended with ``sync=False`` durable: sync the WAL's data, as a
        ``synchronous=FULL`` commit does (``fdatasync``, as SQLite on Linux; a ``JournalError``
        when the disk refuses; the next ``sync`` tries again)."""
        if not self._unsynced or self.path is None:
            return
        wal = f"{self.path}-wal"
        try:
            descriptor = os.open(wal, os.O_RDONLY)
            try:
                os.fdatasync(descriptor)
            finally:
                os.close(descriptor)
        except OSError as error:
            raise JournalError(f"cannot write to the journal {self.path}: {error}") from None
        self._unsynced = False

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
                if not isinstance(at, int | float) or not isinstance(data, str | bytes):
                    raise ValueError("no time")
                entries.append(read_entry(seq, kind, data, float(at)))
            except ValueError:
                raise JournalError(
                    f"journal entry {seq} of {self.path} is damaged: {data!r}"
                ) from None
        return entries

    def close(self) -> None:
        self._db.close()
