"""The hash chains of remote play's dice (``controller.remote.fair_dice``) on their own: a
share is checked against the root in any order, a share outside the chain or a second share
for the same throw is refused, and the faces follow from both shares alone."""

from __future__ import annotations

import pytest

from controller.remote import fair_dice
from controller.remote.fair_dice import Chain, DiceRefused, Shares, combine, step
from engine.dice import DICE


def test_each_share_hashes_to_the_one_before_and_checks_in_any_order() -> None:
    chain = Chain(b"s" * 32)
    assert all(step(chain.share(n)) == chain.share(n - 1) for n in range(1, 50))
    shares = Shares(chain.root)
    for n in (5, 2, 9, 3):  # a take-back throws a number again; a late board starts anywhere
        shares.check(n, chain.share(n), "the host")
    shares.check(5, chain.share(5), "the host")  # the same share again
    with pytest.raises(DiceRefused, match="not in the chain it committed to"):
        shares.check(12, Chain(b"t" * 32).share(12), "the host")
    with pytest.raises(DiceRefused, match="differs from the one it gave"):
        shares.check(9, chain.share(8), "the host")
    with pytest.raises(DiceRefused, match="no such throw"):
        shares.check(fair_dice.CHAIN_LENGTH + 1, chain.share(1), "the host")


def test_the_faces_follow_from_both_shares_and_each_changes_them() -> None:
    host, guest, other = (Chain(bytes([i]) * 32) for i in range(3))
    throws = {combine(DICE, "ab", 1, n, host.share(n), guest.share(n)) for n in range(1, 200)}
    assert len(throws) > 100  # 199 throws of 216 equally likely ones
    first = combine(DICE, "ab", 1, 1, host.share(1), guest.share(1))
    assert first == combine(DICE, "ab", 1, 1, host.share(1), guest.share(1))
    assert first != combine(DICE, "ab", 1, 1, host.share(1), other.share(1))  # the guest's
    assert first != combine(DICE, "ab", 1, 1, other.share(1), guest.share(1))  # the host's
    faces = [face for throw in throws for face in throw.split("/")]
    assert set(faces) == {face for die in DICE for face in die}
