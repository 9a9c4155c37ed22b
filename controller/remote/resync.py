"""The host's log of a game and the order in which a follower applies it.

The host's log is its journal's game with every roll's faces written out, so a follower needs
neither the seed (a secret: it predicts the dice) nor the host's RNG. Entries are numbered from
1 within a game; a game is named by the journal sequence number of its ``new_game`` entry, so
numbers only grow. A follower applies entry ``n`` only after ``n - 1``: a duplicate (QoS 1
delivers twice) is dropped, a later one waits in a bounded buffer while a snapshot is asked for
(one beyond the buffer's reach is dropped: the snapshot brings it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from controller.core.game_log import start, take_back
from controller.core.session import TEST_ONLY_KEYS
from controller.game_data import NewGameData
from controller.records.journal import ActionData as ActionEntryData
from controller.records.journal import Entry as JournalEntry
from controller.records.journal import JournalError
from controller.remote.messages import ActionData, Entry, LogEntry, NewGame, Snapshot
from engine.game import Action, Game

BUFFER_LIMIT = 64
"""Entries ahead of a gap kept while the snapshot that fills it comes: only entries up to this
many ahead of the last one applied (at most 8 KiB each on the wire)."""


def public_new_game(entry: NewGameData) -> NewGame:
    """What the other side learns of a ``new_game`` entry: the variant, the players and the
    options, never the seed nor a fixed Pay-Off deal."""
    options = {k: v for k, v in entry["options"].items() if k not in TEST_ONLY_KEYS}
    return NewGame(entry["variant"], entry["players"], options)


def logged(data: ActionEntryData | None, game: Game) -> LogEntry:
    """The log entry of a journalled action (``None``: a take-back), just applied to ``game``:
    a roll carries the faces the dice showed."""
    if data is None:
        return LogEntry("undo")
    thrown = game.thrown()
    if data.get("kind") == "roll" and thrown is not None:
        data = {**data, "throw": thrown}
    return LogEntry("action", ActionData.of(data))


def host_log(entries: list[JournalEntry]) -> tuple[int, list[LogEntry]]:
    """The game number and the log of a journalled game (``Journal.current_game``)."""
    first = entries[0] if entries else None
    if first is None or first.kind != "new_game":
        raise JournalError("the journal holds no game to host")
    game = start(first.data)
    log: list[LogEntry] = []
    for entry in entries[1:]:
        if entry.kind == "action":
            game.apply(Action.from_json(entry.data, game.naming))
            log.append(logged(entry.data, game))
        elif entry.kind == "undo":
            take_back(game)
            log.append(LogEntry("undo"))
    return first.seq, log


@dataclass
class Follower:
    """Where a follower is in the host's log: the game it follows and the entries applied."""

    game: int | None = None
    applied: int = 0
    waiting: dict[int, LogEntry] = field(default_factory=dict)

    def offer(self, entry: Entry) -> tuple[str, list[LogEntry]]:
        """A log entry received: ``("apply", entries)`` in order (``applied`` counts them), or
        ``("duplicate" | "stale" | "gap" | "overflow", [])``. A gap keeps the entry for later;
        one more than ``BUFFER_LIMIT`` ahead is not kept (``overflow``)."""
        if self.game is None or entry.game > self.game:
            return "gap", []  # a newer game: its snapshot starts it
        if entry.game < self.game:
            return "stale", []
        if entry.n <= self.applied:
            return "duplicate", []
        if entry.n > self.applied + BUFFER_LIMIT:
            return "overflow", []
        if entry.n > self.applied + 1:
            self.waiting[entry.n] = entry.entry
            return "gap", []
        return "apply", [entry.entry, *self._drain(entry.n)]

    def take_snapshot(self, snapshot: Snapshot) -> tuple[str, list[LogEntry]]:
        """A snapshot received: ``("new", log)`` (start its game, then apply the log),
        ``("apply", entries)`` (the ones not yet applied) or ``("stale", [])``."""
        if self.game is None or snapshot.game > self.game:
            self.game, self.applied = snapshot.game, len(snapshot.log)
            self.waiting.clear()
            return "new", [*snapshot.log, *self._drain(len(snapshot.log))]
        if snapshot.game < self.game or len(snapshot.log) < self.applied:
            return "stale", []
        missing = list(snapshot.log[self.applied :])
        self.applied = len(snapshot.log)
        return "apply", [*missing, *self._drain(self.applied)]

    def _drain(self, n: int) -> list[LogEntry]:
        """The waiting entries right after ``n``; ``applied`` moves past them."""
        run: list[LogEntry] = []
        while n + 1 in self.waiting:
            n += 1
            run.append(self.waiting.pop(n))
        self.applied = max(self.applied, n)
        self.waiting = {k: v for k, v in self.waiting.items() if k > n}
        return run
