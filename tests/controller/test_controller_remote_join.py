"""The join exchange without a broker (``controller.remote.pake``): a host's code (a ``Door``)
and joiners with right and wrong codes. Through a real mosquitto:
tests/web/test_web_remote_trust.py."""

from __future__ import annotations

from controller.remote import messages, pake
from controller.remote.pake import BURST, MAX_CODES, MAX_FAILURES, Door, Joiner, Welcome

WELCOME = messages.Welcome("guest", "0123456789abcdef", bytes(32).hex(), bytes(range(32)).hex())


def exchange(door: Door, code: str, now: float = 0.0) -> tuple[str, object]:
    """One whole exchange of a joiner with ``code``: ``("welcome", Welcome)`` or
    ``("refused", reason)``; ``("dropped", None)`` when the door does not answer."""
    joiner = Joiner(code)
    answer = door.request(joiner.request()[1], now)
    if answer is None:
        return "dropped", None
    assert answer[0] == joiner.topic
    step, value = joiner.take(answer[1])
    if step == "refused":
        return step, value
    assert step == "confirm" and isinstance(value, bytes)
    reply, _ = door.confirm(joiner.attempt, value, WELCOME)
    assert reply is not None
    return joiner.take(reply[1])


def other(code: str, n: int) -> str:
    """A wrong code with the same meeting place."""
    letters = [letter for letter in "ABCDEFGH" if letter * 4 != code[2:]]
    return code[:2] + letters[n] * 4


def test_the_right_code_gets_the_welcome_and_both_sides_the_same_guest_key() -> None:
    door = Door("KTXHRB", reusable=False)
    joiner = Joiner("KTXHRB")
    assert joiner.request()[0] == pake.request_topic("KT")  # only the meeting place shows
    answer = door.request(joiner.request()[1], 0.0)
    assert answer is not None
    _, confirmation = joiner.take(answer[1])
    assert isinstance(confirmation, bytes)
    reply, secret = door.confirm(joiner.attempt, confirmation, WELCOME)
    assert reply is not None and secret is not None
    step, welcome = joiner.take(reply[1])
    assert step == "welcome" and isinstance(welcome, Welcome)
    assert welcome.guest_key == secret.guest and welcome.host_key == bytes(range(32))
    assert b"0123456789abcdef" not in reply[1]  # the welcome travels sealed
    assert door.used and door.failures == 0


def test_three_wrong_codes_change_the_code_and_a_used_code_lets_nobody_else_in() -> None:
    door = Door("KTXHRB", reusable=False)
    for n in range(MAX_FAILURES - 1):
        assert exchange(door, other("KTXHRB", n), now=n) == ("refused", "wrong code")
        assert door.code == "KTXHRB" and door.failures == n + 1
    assert exchange(door, other("KTXHRB", 5), now=3.0) == ("refused", "wrong code")
    changed = door.code
    assert changed != "KTXHRB" and changed.startswith("KT") and door.codes == 2
    assert door.note is not None and "changed" in door.note
    assert exchange(door, "KTXHRB", now=4.0) == ("refused", "wrong code")  # worth nothing now
    step, welcome = exchange(door, changed, now=5.0)
    assert step == "welcome" and isinstance(welcome, Welcome) and welcome.role == "guest"
    assert exchange(door, changed, now=6.0) == (
        "refused",
        "this code has been used: the game has its guest",
    )


def test_after_the_last_code_joining_is_closed() -> None:
    door = Door("KTXHRB", reusable=False)
    for attempt in range(MAX_FAILURES * MAX_CODES):
        assert exchange(door, other(door.code, 0), now=attempt * 10.0)[0] == "refused"
    assert door.closed and door.note is not None and "closed" in door.note
    assert exchange(door, door.code, now=1000.0) == (
        "refused",
        "joining is closed: too many wrong codes",
    )


def test_a_spectators_code_lets_many_in_and_requests_are_rate_limited() -> None:
    door = Door("PQRSTW", reusable=True)
    for _ in range(BURST):
        assert exchange(door, "PQRSTW", now=0.0)[0] == "welcome"
    assert exchange(door, "PQRSTW", now=0.0) == ("dropped", None)  # the burst is spent
    assert exchange(door, "PQRSTW", now=1.0)[0] == "welcome"  # and comes back with time
    assert door.request(b"short", 2.0) is None
    assert door.request(bytes(pake.ATTEMPT) + b"A" + bytes(32), 2.0) is None  # not a point
