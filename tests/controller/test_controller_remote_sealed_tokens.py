"""Digital Pay-Off between boards, without a broker: the host's log shows a placement's token as
its commitment and an opening with its nonce; a follower puts its own value back, takes the
other board's sealed, and refuses a log that shows a value, or opens without a nonce or unlike
the commitment (docs/REMOTE.md, "Hidden tokens")."""

from __future__ import annotations

from pathlib import Path

from controller.remote.messages import ActionData, LogEntry
from controller.remote.sealed_tokens import followed, on_wire, own_openings, sealing
from controller.remote.token_book import TokenBook
from engine.game import Action
from engine.payoff import SEALED
from engine.variants import new_game

GAME_ID, GAME = "0123456789abcdef", 4
DEAL = [[977, 613, 541], [389, 263, 157]]
OPTIONS = {"openings": True, "tokens": [t for hand in DEAL for t in hand], "deal": DEAL}


def placed(hole: str, token: int) -> LogEntry:
    return LogEntry("action", ActionData("place", hole=hole, token=token))


def opened(hole: str, token: int, nonce: str | None = None) -> LogEntry:
    return LogEntry("action", ActionData("open_token", hole=hole, token=token), nonce=nonce)


def test_the_host_s_log_carries_commitments_and_nonces_never_a_placed_value(
    tmp_path: Path,
) -> None:
    host = TokenBook(tmp_path, GAME_ID, GAME)
    seal = host.seal("R-I-S", 977)  # Red's token, at the host
    host.committed("B-IV-S", "ab" * 32)  # Blue's, the guest's commitment
    mine, theirs = on_wire(placed("R-I-S", 977), host), on_wire(placed("B-IV-S", SEALED), host)
    assert (mine.data, mine.seal) == (ActionData("place", hole="R-I-S", token=SEALED), seal)
    assert (theirs.data, theirs.seal) == (ActionData("place", hole="B-IV-S", token=0), "ab" * 32)
    kept = host.opening("R-I-S")
    assert kept is not None and on_wire(opened("R-I-S", 977), host).nonce == kept.nonce
    host.took("B-IV-S", "cd" * 16)
    assert on_wire(opened("B-IV-S", 389), host).nonce == "cd" * 16
    bare = LogEntry("action", ActionData("place", hole="G-III-S"))  # a Man without a token
    assert on_wire(bare, host) == bare


def test_a_follower_takes_its_own_value_back_and_checks_every_opening(tmp_path: Path) -> None:
    host, guest = TokenBook(None, GAME_ID, GAME), TokenBook(tmp_path, GAME_ID, GAME)
    blue = guest.seal("B-IV-S", 389)  # the guest's order carried this
    host.committed("B-IV-S", blue)
    host.seal("R-I-S", 977)
    red = on_wire(placed("R-I-S", 977), host)
    assert followed(red, guest) == (ActionData("place", hole="R-I-S", token=SEALED), None)
    own = on_wire(placed("B-IV-S", SEALED), host)
    assert followed(own, guest) == (ActionData("place", hole="B-IV-S", token=389), None)
    good = on_wire(opened("R-I-S", 977), host)
    assert followed(good, guest) == (good.data, None)
    for wrong in (
        opened("R-I-S", 613, good.nonce),  # another value
        opened("R-I-S", 977, "00" * 16),  # another nonce
        opened("R-I-S", 977),  # no nonce
        LogEntry("action", placed("Y-II-H", 541).data, seal="ab" * 32),  # a value, sealed too
        LogEntry("action", ActionData("place", hole="Y-II-H", token=SEALED)),  # no commitment
    ):
        action, refusal = followed(wrong, guest)
        assert action is None and refusal is not None, wrong
        assert "this board refuses the game and follows it no further" in refusal
    _, refusal = followed(opened("R-I-S", 613, good.nonce), guest)
    assert "does not fit its commitment" in str(refusal)


def test_each_board_opens_only_the_tokens_it_knows() -> None:
    host = new_game("payoff", seed=1, options=OPTIONS)
    guest = new_game("payoff", seed=1, options=OPTIONS)
    assert sealing(host) and not sealing(new_game("payoff", seed=1))
    host.place("R-I-S", token=977)
    guest.place("R-I-S", token=SEALED)
    host.place("B-IV-S", token=SEALED)
    guest.place("B-IV-S", token=389)
    for game in (host, guest):
        game.apply(Action("resign", seat=0))  # the game's end: every token is to be opened
    assert [host.naming.name(h) for h in own_openings(host)] == ["R-I-S"]
    assert [guest.naming.name(h) for h in own_openings(guest)] == ["B-IV-S"]
