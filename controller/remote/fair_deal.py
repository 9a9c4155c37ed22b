"""A Pay-Off deal neither board chooses: the token hands of a remote game from both boards'
shares (docs/REMOTE.md, "A deal neither board chooses").

Each snapshot of the host's game ``N`` carries its commitment (``commitment``) to its share of
the deal of the game that follows ``N`` (``share``: derived from its lasting secret, so a
restart finds the same share). A guest that sees the commitment answers with its own share
(``DealShare``, derived from its own secret seed of game ``N``). When the host starts the next
Pay-Off game it reveals its share: the ``new_game`` it publishes carries both shares
(``DealProof``) and the hands shuffled from them (``hands``), which the guest and every
spectator check (``check``). A game the host starts before a board joined (or after it left)
is dealt from the host's share alone: the proof says so, and the host could have chosen it.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence

from controller.remote.fair_dice import side_seed
from controller.remote.messages import DealProof

LABEL = b"flixboard/v2 deal"
SIDE = "deal"
"""The side name a share is derived under (``fair_dice.side_seed``)."""
WORD = 4
"""Bytes of the HMAC stream per drawn index (rejection-sampled below a multiple of the range)."""


class DealRefused(ValueError):
    """A deal, a share or a proof that the commitments do not allow."""


def share(secret: bytes, game_id: str, after: int) -> bytes:
    """A side's share of the deal of the game that follows game ``after``."""
    return side_seed(secret, game_id, after, SIDE)


def commitment(value: bytes) -> str:
    """The host's commitment to its share (hexadecimal SHA-256)."""
    return hashlib.sha256(LABEL + b" commit " + value).hexdigest()


def _indices(key: bytes, game_id: str, after: int) -> Iterator[int]:
    """An endless stream of 32-bit numbers from HMAC-SHA256 under ``key``."""
    block = 0
    while True:
        text = LABEL + f" shuffle {game_id} {after} {block}".encode()
        digest = hmac.new(key, text, "sha256").digest()
        for at in range(0, len(digest), WORD):
            yield int.from_bytes(digest[at : at + WORD], "big")
        block += 1


def hands(
    tokens: Sequence[int], teams: int, game_id: str, after: int, host: bytes, guest: bytes
) -> list[list[int]]:
    """The tokens shuffled (Fisher-Yates, each index rejection-sampled from an HMAC-SHA256
    stream under both shares: every order keeps its chance exactly) and divided as the engine
    divides a deal: one hand per team, highest first."""
    stream = _indices(host + guest, game_id, after)
    shuffled = list(tokens)
    for last in range(len(shuffled) - 1, 0, -1):
        span = last + 1
        limit = 2 ** (8 * WORD) - 2 ** (8 * WORD) % span
        while (drawn := next(stream)) >= limit:
            pass
        pick = drawn % span
        shuffled[last], shuffled[pick] = shuffled[pick], shuffled[last]
    return [sorted(shuffled[team::teams], reverse=True) for team in range(teams)]


def check(
    proof: DealProof | None,
    deal: object,
    tokens: Sequence[int],
    teams: int,
    game_id: str,
    *,
    committed: str | None,
    mine: bytes | None,
    game: int,
) -> None:
    """A follower's check of the deal of the host's game ``game`` (a game without a proof was
    dealt at one board before it was hosted: taken unless this board gave its share): the hands
    ``deal`` must follow from the proof's shares, the host's share fit the commitment this board saw
    (``committed``, ``None``: it saw none) and the guest's share be this board's (``mine``,
    ``None``: it gave none for that game). ``DealRefused`` says why not."""
    if proof is None:  # dealt at one board, before it was hosted
        if mine is not None:
            raise DealRefused("the host dealt without shares, after this board gave its share")
        return
    if not proof.after < game:
        raise DealRefused(f"the deal of game {game} names game {proof.after} before it")
    host = bytes.fromhex(proof.host)
    if committed is not None and not hmac.compare_digest(commitment(host), committed):
        raise DealRefused("the host's share of the deal does not fit its commitment")
    if mine is not None:
        if proof.guest is None:
            raise DealRefused("the host dealt alone, after this board gave its share")
        if not hmac.compare_digest(bytes.fromhex(proof.guest), mine):
            raise DealRefused("the deal does not use this board's share")
    guest = b"" if proof.guest is None else bytes.fromhex(proof.guest)
    fair = hands(tokens, teams, game_id, proof.after, host, guest)
    if deal != fair:
        raise DealRefused(f"the hands dealt do not follow from the shares: they deal {fair}")
