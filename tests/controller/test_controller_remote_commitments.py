"""Token commitments: an opening fits only its own value, nonce, hole and game."""

from __future__ import annotations

import hashlib

import pytest

from controller.remote.commitments import DOMAIN, commitment, fresh_nonce, opens

GAME_ID, GAME, HOLE, VALUE = "c0ffee", 12, "Y-II-H", 50


def test_an_opening_fits_its_commitment_and_nothing_else() -> None:
    nonce = fresh_nonce()
    seal = commitment(GAME_ID, GAME, HOLE, VALUE, nonce)
    assert opens(seal, GAME_ID, GAME, HOLE, VALUE, nonce)
    other_nonce = f"{int(nonce, 16) ^ 1:032x}"
    wrong = [
        (GAME_ID, GAME, HOLE, 25, nonce),
        (GAME_ID, GAME, HOLE, VALUE, other_nonce),
        (GAME_ID, GAME, "Y-II-S", VALUE, nonce),
        (GAME_ID, GAME + 1, HOLE, VALUE, nonce),
        ("c0ffef", GAME, HOLE, VALUE, nonce),
    ]
    for game_id, game, hole, value, key in wrong:
        assert not opens(seal, game_id, game, hole, value, key)
    assert not opens(seal, GAME_ID, GAME, HOLE, VALUE, nonce.upper())
    assert not opens(seal.upper(), GAME_ID, GAME, HOLE, VALUE, nonce)
    assert not opens(seal, GAME_ID, GAME, HOLE, True, nonce)


def test_a_commitment_is_the_documented_sha256_and_nonces_are_fresh() -> None:
    nonce = "0123456789abcdef" * 2
    parts = [DOMAIN, GAME_ID.encode(), GAME.to_bytes(8, "big"), HOLE.encode()]
    parts += [VALUE.to_bytes(8, "big"), bytes.fromhex(nonce)]
    expected = hashlib.sha256(b"".join(len(p).to_bytes(4, "big") + p for p in parts)).hexdigest()
    assert commitment(GAME_ID, GAME, HOLE, VALUE, nonce) == expected
    nonces = {fresh_nonce() for _ in range(100)}
    assert len(nonces) == 100 and all(len(n) == 32 for n in nonces)
    with pytest.raises(ValueError, match="32 lower-case hex digits"):
        commitment(GAME_ID, GAME, HOLE, VALUE, "00" * 15)
