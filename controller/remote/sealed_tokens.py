"""Hidden tokens committed and opened between boards (digital token mode): a token is committed
when its Man is placed and opened when the rules reveal it (docs/REMOTE.md, "Hidden tokens").

The owner's board keeps the value and a fresh nonce in its token book (``token_book``) and sends
only the commitment: in the host's log a placement's token is ``SEALED`` (0) with its ``seal``.
Every other board runs the game with that token unknown (Pay-Off's option ``openings``, which
the game's spec asks for: ``HiddenTokens.sealing``). When a line scores, and at the game's end,
each board opens its own tokens (``open_token`` with the value, the log entry with the nonce);
every board checks each opening against the commitment it holds, and refuses the game on a
mismatch.
"""

from __future__ import annotations

import msgspec

from controller.remote.messages import ActionData, LogEntry
from controller.remote.token_book import TokenBook
from controller.remote.tokens import hidden
from engine.bitboard import scan_forward
from engine.game import SEALED, Game
from engine.holes import Hole
from engine.phrase import N_, Phrase, why

UNSEALED = N_(
    "the host's log shows a token on {hole} without its commitment: this board refuses the game "
    "and follows it no further"
)
NO_NONCE = N_(
    "the host's log opens the token on {hole} without its nonce: this board refuses the game and "
    "follows it no further"
)
MISFIT = N_("{reason}: this board refuses the game and follows it no further")
"""Why a follower refuses a game whose log breaks a token's commitment."""


def sealing(game: Game) -> bool:
    """Whether ``game``'s tokens are committed and opened (its spec's ``HiddenTokens.sealing``:
    digital Pay-Off with ``openings``)."""
    tokens = hidden(game.variant)
    return tokens is not None and tokens.sealing(game)


def own_openings(game: Game) -> list[Hole]:
    """The Men whose token is to be opened now and whose value this board knows: its own."""
    return [hole for hole in scan_forward(game.tokens_to_open) if game.tokens[hole] != SEALED]


def on_wire(entry: LogEntry, book: TokenBook) -> LogEntry:
    """Host: the log entry of a journalled one: a placement's token as its commitment (this
    board's or the guest's), an opening with its nonce."""
    data = entry.data
    if data is None or data.hole is None:
        return entry
    if data.kind == "place" and data.token is not None:
        seal = book.seal_on(data.hole, own=data.token != SEALED)
        placed = msgspec.structs.replace(data, token=SEALED)
        return msgspec.structs.replace(entry, data=placed, seal=seal)
    if data.kind == "open_token":
        return msgspec.structs.replace(entry, nonce=book.nonce_on(data.hole))
    return entry


def followed(entry: LogEntry, book: TokenBook) -> tuple[ActionData | None, Phrase | None]:
    """Follower: the action of a log entry to apply (this board's own token's value put back
    into its placement), or why the game is refused (a token without its commitment, an
    opening without its nonce or that does not fit the commitment)."""
    data = entry.data
    if data is None or data.hole is None:
        return data, None
    if data.kind == "place" and data.token is not None:
        if data.token != SEALED or entry.seal is None:
            return None, why(UNSEALED, hole=data.hole)
        book.committed(data.hole, entry.seal)
        kept = book.opening(data.hole)
        if kept is not None and kept.commitment == entry.seal:
            return msgspec.structs.replace(data, token=kept.value), None
        return data, None
    if data.kind == "open_token":
        if entry.nonce is None or data.token is None:
            return None, why(NO_NONCE, hole=data.hole)
        refusal = book.refusal(data.hole, data.token, entry.nonce)
        if refusal is not None:
            return None, why(MISFIT, reason=refusal)
    return data, None
