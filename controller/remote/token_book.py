"""A board's Pay-Off token book for a remote game in digital token mode: its own tokens' values
and nonces (private: a file of this user only, never published), the commitments the other
board sent for its tokens, and the check of an opening against its commitment.

A restart keeps the book (``data/tokens/<game id>-<game>.jsonl``, mode 0600), so a token
committed before the restart is opened after it as it was committed. The file only grows: each
change is one JSON line appended and ``fdatasync``ed before the call returns (one disk sync a
change; the folder is synced once, when the file is made). A last line cut short by a crash was
never returned, so nothing was sent on it: it is left out when the book is read. A book kept
whole by an earlier release (``<game id>-<game>.json``) is carried into the lines when the game
is taken up again.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import msgspec

from controller.remote.commitments import commitment, fresh_nonce, opens
from engine.phrase import Phrase, why

BOOKS = "tokens"
"""The folder of the data directory that holds the token books."""
PRIVATE = 0o600


class KeptToken(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One of this board's tokens: its Man's hole, its value, its nonce and their commitment."""

    hole: str
    value: int
    nonce: str
    commitment: str


class Book(msgspec.Struct, forbid_unknown_fields=True):
    """What the file's lines make: this board's tokens and the other board's commitments by
    hole, and the nonces of the other board's openings taken (the host's log carries them
    again)."""

    ours: dict[str, KeptToken] = {}
    theirs: dict[str, str] = {}
    opened: dict[str, str] = {}


class Change(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """One line of the file: a token of this board kept, or the other board's commitment or
    opening nonce on ``hole``."""

    ours: KeptToken | None = None
    hole: str = ""
    theirs: str | None = None
    opened: str | None = None

    def apply(self, book: Book) -> None:
        if self.ours is not None:
            book.ours[self.ours.hole] = self.ours
        if self.theirs is not None:
            book.theirs[self.hole] = self.theirs
        if self.opened is not None:
            book.opened[self.hole] = self.opened


def read_book(path: Path) -> Book:
    """The book a file's lines make; a last line cut short is cut off the file."""
    book = Book()
    text = path.read_bytes()
    whole = text.rfind(b"\n") + 1
    for line in text[:whole].splitlines():
        msgspec.json.decode(line, type=Change).apply(book)
    if whole < len(text):  # never returned, so nothing was sent on it
        os.truncate(path, whole)
    return book


class TokenBook:
    """The token book of game ``game`` of remote game ``game_id`` (``data_dir`` ``None``: kept
    in memory only)."""

    def __init__(self, data_dir: Path | None, game_id: str, game: int) -> None:
        self.game_id, self.game = game_id, game
        self.path = None if data_dir is None else data_dir / BOOKS / f"{game_id}-{game}.jsonl"
        self.book = Book()
        self._named = False
        """The file's name in its folder was synced by this book (once)."""
        if self.path is not None:
            earlier = self.path.with_suffix(".json")
            if earlier.exists():
                self._carry(earlier)  # the book made as its lines are written
            elif self.path.exists():
                self.book = read_book(self.path)

    def seal(self, hole: str, value: int) -> str:
        """Attach ``value`` to the Man on ``hole`` under a fresh nonce: its commitment (kept,
        with the value and nonce, before it is returned to be sent)."""
        nonce = fresh_nonce()
        seal = commitment(self.game_id, self.game, hole, value, nonce)
        self._keep(Change(ours=KeptToken(hole, value, nonce, seal)))
        return seal

    def opening(self, hole: str) -> KeptToken | None:
        """This board's token on ``hole`` with its nonce (``None``: it attached none there)."""
        return self.book.ours.get(hole)

    def committed(self, hole: str, seal: str) -> None:
        """The other board committed ``seal`` to a token on the Man on ``hole``."""
        if self.book.theirs.get(hole) != seal:  # its log entry again: nothing new to keep
            self._keep(Change(hole=hole, theirs=seal))

    def refusal(self, hole: str, value: int, nonce: str) -> Phrase | None:
        """Why the other board's opening of its token on ``hole`` is refused (``None``: it opens
        the commitment that board sent for that Man)."""
        seal = self.book.theirs.get(hole)
        if seal is None:
            return why("no token was committed on {hole}: its opening is refused", hole=hole)
        if not opens(seal, self.game_id, self.game, hole, value, nonce):
            return why(
                "the opening of the token on {hole} does not fit its commitment: it is refused",
                hole=hole,
            )
        return None

    def took(self, hole: str, nonce: str) -> None:
        """The other board's opening of its token on ``hole`` (under ``nonce``) was taken."""
        if self.book.opened.get(hole) != nonce:
            self._keep(Change(hole=hole, opened=nonce))

    def seal_on(self, hole: str, *, own: bool) -> str | None:
        """The commitment to the token on ``hole``: this board's (``own``) or the other's."""
        if own:
            kept = self.book.ours.get(hole)
            return None if kept is None else kept.commitment
        return self.book.theirs.get(hole)

    def nonce_on(self, hole: str) -> str | None:
        """The nonce of the opening of the token on ``hole`` (the other board's, else ours)."""
        kept = self.book.ours.get(hole)
        return self.book.opened.get(hole, None if kept is None else kept.nonce)

    def forget(self) -> None:
        """The game is over and every token opened: the book goes."""
        self.book = Book()
        if self.path is not None:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()

    def _carry(self, earlier: Path) -> None:
        """The whole book an earlier release kept in ``earlier``, written as lines (a carry cut
        short by a crash is made again from the start) before that file goes."""
        assert self.path is not None
        self.path.unlink(missing_ok=True)
        whole = msgspec.json.decode(earlier.read_bytes(), type=Book)
        for kept in whole.ours.values():
            self._keep(Change(ours=kept))
        for hole, seal in whole.theirs.items():
            self._keep(Change(hole=hole, theirs=seal))
        for hole, nonce in whole.opened.items():
            self._keep(Change(hole=hole, opened=nonce))
        earlier.unlink()

    def _keep(self, change: Change) -> None:
        """``change`` made to the book and, with a file, appended and synced to disk first."""
        if self.path is not None:
            line = msgspec.json.encode(change) + b"\n"
            if not self._named:
                self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC
            handle = os.open(self.path, flags, PRIVATE)
            try:
                os.write(handle, line)
                os.fdatasync(handle)
            finally:
                os.close(handle)
            if not self._named:  # made here, or by a run that may have ended before its sync
                _sync_folder(self.path.parent)
                self._named = True
        change.apply(self.book)


def _sync_folder(folder: Path) -> None:
    """The new file's name in ``folder`` made durable."""
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
