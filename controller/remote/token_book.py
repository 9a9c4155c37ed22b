"""A board's Pay-Off token book for a remote game in digital token mode: its own tokens' values
and nonces (private: a file of this user only, never published), the commitments the other
board sent for its tokens, and the check of an opening against its commitment.

A restart keeps the book (``data/tokens/<game id>-<game>.json``, mode 0600), so a token
committed before the restart is opened after it as it was committed.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import msgspec

from controller.config_file import write_atomically
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
    """What the file holds: this board's tokens and the other board's commitments by hole, and
    the nonces of the other board's openings taken (the host's log carries them again)."""

    ours: dict[str, KeptToken] = {}
    theirs: dict[str, str] = {}
    opened: dict[str, str] = {}


class TokenBook:
    """The token book of game ``game`` of remote game ``game_id`` (``data_dir`` ``None``: kept
    in memory only)."""

    def __init__(self, data_dir: Path | None, game_id: str, game: int) -> None:
        self.game_id, self.game = game_id, game
        self.path = None if data_dir is None else data_dir / BOOKS / f"{game_id}-{game}.json"
        self.book = Book()
        if self.path is not None and self.path.exists():
            self.book = msgspec.json.decode(self.path.read_bytes(), type=Book)

    def seal(self, hole: str, value: int) -> str:
        """Attach ``value`` to the Man on ``hole`` under a fresh nonce: its commitment (kept,
        with the value and nonce, before it is returned to be sent)."""
        nonce = fresh_nonce()
        seal = commitment(self.game_id, self.game, hole, value, nonce)
        self.book.ours[hole] = KeptToken(hole, value, nonce, seal)
        self._keep()
        return seal

    def opening(self, hole: str) -> KeptToken | None:
        """This board's token on ``hole`` with its nonce (``None``: it attached none there)."""
        return self.book.ours.get(hole)

    def committed(self, hole: str, seal: str) -> None:
        """The other board committed ``seal`` to a token on the Man on ``hole``."""
        self.book.theirs[hole] = seal
        self._keep()

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
        self.book.opened[hole] = nonce
        self._keep()

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

    def _keep(self) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_atomically(self.path, msgspec.json.encode(self.book).decode(), PRIVATE)
