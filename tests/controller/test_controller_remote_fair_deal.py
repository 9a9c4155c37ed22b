"""A Pay-Off deal neither board chooses, without a broker (docs/REMOTE.md, "A deal neither board
chooses"): the hands follow from both boards' shares by an unbiased shuffle; a follower takes a
deal that follows from the shares and refuses one that does not, a host share that does not fit
its commitment, a deal without this board's share once it gave one."""

from __future__ import annotations

from collections import Counter

import pytest

from controller.game_data import NewGameData
from controller.remote import fair_deal
from controller.remote.fair_deal import DealRefused, check, commitment, hands, share
from controller.remote.messages import DealProof, NewGame
from controller.remote.resync import public_new_game
from controller.remote.tokens import deal_refusal, dealt, with_deal
from engine.payoff import DEFAULT_TOKENS

GAME_ID, AFTER, GAME = "0123456789abcdef", 6, 9
TOKENS = (977, 613, 541, 389, 263, 157, 97, 83, 71, 59, 43, 31)
HOST, GUEST = share(b"host secret", GAME_ID, AFTER), share(b"guest seed", GAME_ID, AFTER)


def proof(host: bytes = HOST, guest: bytes | None = GUEST, after: int = AFTER) -> DealProof:
    return DealProof(after, host.hex(), None if guest is None else guest.hex())


def test_the_hands_are_a_division_of_the_set_that_each_share_changes() -> None:
    deal = hands(TOKENS, 2, GAME_ID, AFTER, HOST, GUEST)
    assert deal == hands(TOKENS, 2, GAME_ID, AFTER, HOST, GUEST)  # both boards alike
    assert sorted(deal[0] + deal[1]) == sorted(TOKENS) and len(deal[0]) == len(deal[1])
    assert all(hand == sorted(hand, reverse=True) for hand in deal)
    others = [
        hands(TOKENS, 2, GAME_ID, AFTER, share(b"other", GAME_ID, AFTER), GUEST),
        hands(TOKENS, 2, GAME_ID, AFTER, HOST, share(b"other", GAME_ID, AFTER)),
        hands(TOKENS, 2, GAME_ID, AFTER + 1, HOST, GUEST),
    ]
    assert all(other != deal for other in others)
    three = hands(TOKENS, 3, GAME_ID, AFTER, HOST, GUEST)
    assert [len(hand) for hand in three] == [4, 4, 4] and sorted(
        t for hand in three for t in hand
    ) == sorted(TOKENS)


def test_every_order_of_the_tokens_keeps_its_chance() -> None:
    """Three tokens to three teams, 6000 pairs of shares: each of the 6 orders comes about 1000
    times (a biased shuffle, such as a swap with any index, is off by more than 15 %)."""
    orders = Counter(
        tuple(hand[0] for hand in hands((1, 2, 3), 3, GAME_ID, n, HOST, GUEST)) for n in range(6000)
    )
    assert len(orders) == 6 and all(850 < count < 1150 for count in orders.values()), orders


def test_a_follower_takes_a_deal_that_follows_from_the_shares() -> None:
    deal = hands(TOKENS, 2, GAME_ID, AFTER, HOST, GUEST)
    args = (TOKENS, 2, GAME_ID)
    check(proof(), deal, *args, committed=commitment(HOST), mine=GUEST, game=GAME)
    check(proof(), deal, *args, committed=None, mine=None, game=GAME)  # a spectator come late
    alone = hands(TOKENS, 2, GAME_ID, AFTER, HOST, b"")
    check(proof(guest=None), alone, *args, committed=commitment(HOST), mine=None, game=GAME)
    check(None, deal, *args, committed=None, mine=None, game=GAME)  # dealt before hosting


@pytest.mark.parametrize(
    ("planted", "said"),
    [
        ("swapped", "do not follow from the shares"),
        ("host share", "does not fit its commitment"),
        ("guest share", "does not use this board's share"),
        ("alone", "dealt alone, after this board gave its share"),
        ("no proof", "without shares, after this board gave its share"),
        ("later game", "names game 9 before it"),
    ],
)
def test_a_follower_refuses_a_deal_that_the_shares_or_commitments_do_not_allow(
    planted: str, said: str
) -> None:
    deal = hands(TOKENS, 2, GAME_ID, AFTER, HOST, GUEST)
    given: DealProof | None = proof()
    other = share(b"chosen by the host", GAME_ID, AFTER)
    if planted == "swapped":  # one token of each hand changes hands
        deal = [sorted([*deal[0][1:], deal[1][0]], reverse=True), [*deal[1][1:], deal[0][0]]]
    elif planted == "host share":  # another share than the committed one
        given = proof(host=other)
        deal = hands(TOKENS, 2, GAME_ID, AFTER, other, GUEST)
    elif planted == "guest share":
        given = proof(guest=other)
        deal = hands(TOKENS, 2, GAME_ID, AFTER, HOST, other)
    elif planted == "alone":
        given = proof(guest=None)
        deal = hands(TOKENS, 2, GAME_ID, AFTER, HOST, b"")
    elif planted == "no proof":
        given = None
    else:
        given = proof(after=GAME)
    with pytest.raises(DealRefused, match=said):
        check(given, deal, TOKENS, 2, GAME_ID, committed=commitment(HOST), mine=GUEST, game=GAME)


def entry(options: dict[str, object]) -> NewGameData:
    return {"variant": "payoff", "players": 2, "seed": 5, "options": options}


def test_the_host_s_game_carries_the_deal_and_its_shares_and_the_follower_checks_them() -> None:
    """The host's ``new_game`` entry is dealt from the shares (a fixed deal replaced), its
    public start carries the hands and the proof; a follower refuses a planted deal, a host
    share unlike its commitment, and takes the honest one."""
    fixed = [[100, 50, 50, 25, 25, 20], [20, 10, 10, 5, 2, 1]]
    start = dealt(entry({"deal": fixed}), GAME_ID, AFTER, HOST, GUEST)
    assert start["options"]["deal"] == hands(DEFAULT_TOKENS, 2, GAME_ID, AFTER, HOST, GUEST)
    public = with_deal(public_new_game(start), start)
    assert public.dealt == proof() and public.options["deal"] == start["options"]["deal"]
    assert deal_refusal(public, GAME_ID, GAME, commitment(HOST), GUEST) is None
    wrong = NewGame("payoff", 2, {**public.options, "deal": [[1] * 6, [100] * 6]}, proof())
    refused = deal_refusal(wrong, GAME_ID, GAME, commitment(HOST), GUEST)
    assert refused is not None and "do not follow from the shares" in str(refused)
    unlike = deal_refusal(public, GAME_ID, GAME, fair_deal.commitment(GUEST), GUEST)
    assert unlike is not None and "does not fit its commitment" in str(unlike)
    qubic: NewGameData = {"variant": "qubic", "players": 2, "seed": 5, "options": {}}
    assert dealt(qubic, GAME_ID, AFTER, HOST, GUEST) is qubic
