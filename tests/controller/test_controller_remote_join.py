"""The join exchange without a broker (``controller.remote.pake``): a host's code (a ``Door``)
and joiners with right and wrong codes. Through a real mosquitto:
tests/web/test_web_remote_trust.py and tests/web/test_web_remote_guessing.py."""

from __future__ import annotations

from controller.remote import messages, pake
from controller.remote.pake import (
    BURST,
    MAX_FAILURES,
    MAX_MISSES,
    TRY_EVERY_S,
    Door,
    Joiner,
    Welcome,
)

WELCOME = messages.Welcome("guest", "0123456789abcdef", bytes(32).hex(), bytes(range(32)).hex())
CODE = "KTXHRBMN"


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
    reply, _ = door.confirm(joiner.attempt, value, WELCOME, now)
    assert reply is not None
    return joiner.take(reply[1])


def wrong_tail(code: str, n: int) -> str:
    """A wrong code with the same gate (a guesser who knows the first four letters)."""
    letters = [letter for letter in "ABCDEFGH" if letter * 4 != code[4:]]
    return code[:4] + letters[n] * 4


def wrong_gate(code: str, n: int) -> str:
    """A code with the same meeting place and another gate (a guesser who knows nothing)."""
    letters = [letter for letter in "ABCDEFGH" if letter * 2 != code[2:4]]
    return code[:2] + letters[n] * 2 + code[4:]


def test_the_right_code_gets_the_welcome_and_both_sides_the_same_guest_key() -> None:
    door = Door(CODE, reusable=False)
    joiner = Joiner(CODE)
    assert joiner.request()[0] == pake.request_topic("KT")  # only the meeting place shows
    answer = door.request(joiner.request()[1], 0.0)
    assert answer is not None
    _, confirmation = joiner.take(answer[1])
    assert isinstance(confirmation, bytes)
    reply, secret = door.confirm(joiner.attempt, confirmation, WELCOME, 0.0)
    assert reply is not None and secret is not None
    step, welcome = joiner.take(reply[1])
    assert step == "welcome" and isinstance(welcome, Welcome)
    assert welcome.guest_key == secret.guest and welcome.host_key == bytes(range(32))
    assert b"0123456789abcdef" not in reply[1]  # the welcome travels sealed
    assert door.used and door.failures == 0 and door.guessed == 0


def test_a_request_without_the_gate_gets_no_answer_and_the_tenth_moves_the_door() -> None:
    """Asking a meeting place finds nothing: only a request that proves the code's first four
    letters is answered; a code takes ``MAX_MISSES`` wrong proofs, then the host draws a fresh
    code on another meeting place (never the other door's)."""
    door = Door(CODE, reusable=False, avoid="PQ")
    for n in range(MAX_MISSES - 1):
        assert exchange(door, wrong_gate(CODE, n % 7), now=n * TRY_EVERY_S) == ("dropped", None)
        assert door.code == CODE and door.misses == n + 1
    assert exchange(door, wrong_gate(CODE, 0), now=100.0) == ("dropped", None)
    assert door.code != CODE and door.plate not in ("KT", "PQ") and door.codes == 2
    assert door.misses == 0 and door.guessed == MAX_MISSES
    assert exchange(door, CODE, now=200.0) == ("dropped", None)  # the old code finds nothing
    step, welcome = exchange(door, door.code, now=300.0)
    assert step == "welcome" and isinstance(welcome, Welcome)


def test_three_wrong_codes_draw_a_fresh_code_and_guessing_never_closes_joining() -> None:
    door = Door(CODE, reusable=False)
    for n in range(MAX_FAILURES - 1):
        assert exchange(door, wrong_tail(CODE, n), now=n * 10.0) == ("refused", "wrong code")
        assert door.code == CODE and door.failures == n + 1
    joiner = Joiner(wrong_tail(CODE, 5))  # the last wrong code: refused where it waits
    answer = door.request(joiner.request()[1], 30.0)
    assert answer is not None
    confirmation = joiner.take(answer[1])[1]
    assert isinstance(confirmation, bytes)
    refusal, _ = door.confirm(joiner.attempt, confirmation, WELCOME, 30.0)
    assert refusal is not None and refusal[0] == joiner.topic
    assert joiner.take(refusal[1]) == ("refused", "wrong code")
    assert door.code[:2] != CODE[:2] and door.codes == 2 and door.failures == 0
    now = 40.0
    for _ in range(10):  # thirty more wrong codes, every one on the door of the moment
        for n in range(MAX_FAILURES):
            now += TRY_EVERY_S
            assert exchange(door, wrong_tail(door.code, n), now=now)[0] == "refused"
    assert door.codes == 12 and door.guessed == 3 + 30
    step, welcome = exchange(door, door.code, now=now + TRY_EVERY_S)
    assert step == "welcome" and isinstance(welcome, Welcome) and welcome.role == "guest"
    assert exchange(door, door.code, now=now + 2 * TRY_EVERY_S) == (
        "refused",
        "this code has been used: the game has its guest",
    )


def test_a_door_checks_a_few_requests_then_one_every_few_seconds() -> None:
    """The back-off: a flood of wrong proofs spends the door's tries, so it reads nothing more
    (the right code included) until a try comes back; then the right code gets in."""
    door = Door(CODE, reusable=False)
    for n in range(BURST):
        assert exchange(door, wrong_gate(CODE, n), now=0.0) == ("dropped", None)
    assert door.misses == BURST
    assert exchange(door, CODE, now=0.0) == ("dropped", None)  # unread: no try left
    assert door.misses == BURST and door.guessed == BURST
    assert exchange(door, CODE, now=TRY_EVERY_S)[0] == "welcome"


def test_a_used_code_answers_a_flood_a_few_times_and_a_stranger_never() -> None:
    door = Door(CODE, reusable=False)
    assert exchange(door, CODE, now=0.0)[0] == "welcome"
    answered = [exchange(door, CODE, now=t / 20)[0] for t in range(200)]  # 10 s of requests
    assert answered.count("refused") <= BURST + 10 / TRY_EVERY_S + 1
    stranger = [exchange(door, wrong_gate(CODE, 0), now=20 + t / 20) for t in range(200)]
    assert set(stranger) == {("dropped", None)}
    assert door.code == CODE  # a used code changes no more


def test_a_joiner_asking_again_gets_the_same_answer_at_most_once_a_second() -> None:
    door = Door(CODE, reusable=False)
    joiner = Joiner(CODE)
    first = door.request(joiner.request()[1], 0.0)
    assert first is not None
    again = [door.request(joiner.request()[1], t / 100) for t in range(1, 300)]
    assert [a for a in again if a is not None] == [first, first]  # at 1 s and 2 s


def test_a_spectators_code_lets_many_in() -> None:
    door = Door("PQRSTWXY", reusable=True)
    for _ in range(BURST):
        assert exchange(door, "PQRSTWXY", now=0.0)[0] == "welcome"
    assert exchange(door, "PQRSTWXY", now=0.0) == ("dropped", None)  # the burst is spent
    assert exchange(door, "PQRSTWXY", now=TRY_EVERY_S)[0] == "welcome"  # and comes back
    assert door.request(b"short", 10.0) is None
    attempt, not_a_point = bytes(pake.ATTEMPT), b"A" + bytes(32)
    proof = pake.gate_proof("PQRSTWXY", attempt, not_a_point)  # the right gate, a bad message
    assert door.request(attempt + not_a_point + proof, 20.0) is None
