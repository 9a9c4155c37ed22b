"""Undo against the computer takes back the person's own move, through the HTTP API and the
board's MENU button, in each game with computer seats (docs/computer-players.md).

A person (seat 0) plays the computer (seat 1) on the simulated board; the computer's answers come
from the real search process, each one waited for, so every test is deterministic.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from controller.config import Config
from controller.core.combination import TOGETHER_S
from controller.core.session import game_entry
from controller.records.journal import Journal
from controller.tools.sim_run import SimRun
from tests.api_harness import Harness
from tests.sim_hands import put, take
from tests.take_back_play import (
    HAND_S,
    VARIANT_SEEDS,
    fix_in_order,
    game_part,
    hands,
    new_game,
    person_moves,
    service_for,
    settle_computer,
)

Undo = Callable[[Harness], Awaitable[None]]


async def undo_by_api(api: Harness) -> None:
    response = await api.post("/api/undo", {})
    assert response.status_code == 200, response.text
    api.advance(0.1)


async def undo_by_menu(api: Harness) -> None:
    """A short press of MENU, which takes back once no ROLL can follow it
    (``controller.core.combination``)."""
    api.board.press("menu")
    api.advance(TOGETHER_S + 0.1)


UNDOS = {"api": undo_by_api, "menu": undo_by_menu}


@pytest.fixture
async def harnesses() -> AsyncIterator[Callable[[str], Harness]]:
    made: list[Harness] = []

    def make(variant: str) -> Harness:
        made.append(service_for(variant))
        return made[-1]

    yield make
    for api in made:
        api.service.driver.close()


async def assert_waits(api: Harness, expected: dict[str, object]) -> None:
    """The computer waits for the person: nothing asked, nothing played while time passes."""
    state = await api.state()
    assert state["computer_waits"] is True
    assert "the computer waits until you have moved" in state["message"]
    assert not any(seat["thinking"] for seat in state["seats"])
    assert api.service.computer.wait(1) is False  # no question under way
    await settle_computer(api)
    api.advance(5.0)
    assert game_part(await api.state()) == expected


async def hands_taken_back(api: Harness, holes: frozenset[str]) -> dict[str, Any]:
    """The simulator's hands took back the computer's moves in ``holes``: the board holds
    there what the game has, and nothing of them is left to fix; the state then."""
    api.advance(HAND_S)
    state = await api.state()
    mismatch = state["mismatch"]
    assert isinstance(mismatch, dict)
    assert not holes & {*mismatch["missing"], *mismatch["extra"], *mismatch["wrong_kind"]}
    assert {hole: state["sensed"].get(hole) for hole in holes} == {
        hole: {"piece": state["board"][hole]["piece"]} if hole in state["board"] else None
        for hole in holes
    }
    return state


@pytest.mark.parametrize("how", sorted(UNDOS))
@pytest.mark.parametrize("variant", sorted(VARIANT_SEEDS))
async def test_undo_takes_back_the_persons_move_and_the_computer_waits(
    harnesses: Callable[[str], Harness], variant: str, how: str
) -> None:
    api = harnesses(variant)
    undo = UNDOS[how]
    start = await new_game(api, variant)
    naming = api.service.controller.game.naming
    first = await person_moves(api)
    after_first = await api.state()
    second = await person_moves(api)
    after_second = await api.state()
    assert after_second["to_move"] == 0 and not after_second.get("computer_waits")
    reply = frozenset(set(after_second["board"]) ^ set(second.before["board"])) - second.holes
    assert reply, "the computer answered the person's second move"

    # Undo x1: one person-move back; the simulator's hands take back the computer's reply they
    # made, the person puts their own pieces back as the game had them.
    await undo(api)
    state = await hands_taken_back(api, reply)
    assert state["phase"] == "await_fix"  # the person's piece is still on the board
    assert game_part(state) == {**game_part(second.before), "phase": "await_fix"}
    assert state["actions"]["undo"] is True
    seen = await fix_in_order(api, naming)
    assert [now for now, _ in seen] == [second.holes]
    assert all(now == blinking for now, blinking in seen)  # only the holes to fix now blink
    await assert_waits(api, game_part(second.before))

    # Undo x2 in a row: two person-moves back, the computer still waiting.
    await undo(api)
    state = await api.state()
    assert game_part(state) == {**game_part(first.before), "phase": "await_fix"}
    first_reply = frozenset(set(after_first["board"]) ^ set(first.before["board"])) - first.holes
    await hands_taken_back(api, first_reply)
    seen = await fix_in_order(api, naming)
    assert [now for now, _ in seen] == [first.holes]
    assert all(now == blinking for now, blinking in seen)
    await assert_waits(api, game_part(first.before))
    assert (await api.state())["actions"]["undo"] is False  # the person's first move is gone
    assert start["to_move"] == 0

    # The person moves: the computer plays again.
    await person_moves(api)
    state = await api.state()
    assert state["computer_waits"] is False
    assert len(state["board"]) > len(first.before["board"]) + 1


async def test_pay_off_tokens_of_the_moves_taken_back_go_back_to_their_hands(
    harnesses: Callable[[str], Harness],
) -> None:
    api = harnesses("payoff")
    start = await new_game(api, "payoff")
    hand = (await api.state(team="0"))["hand"]
    response = await api.post("/api/token", {"token": hand[0]})
    assert response.status_code == 200, response.text
    await person_moves(api)
    played = await api.state(team="0")
    assert len(played["hand"]) == len(hand) - 1 and len(played["board"]) == 2
    assert played["tokens_left"] != start["tokens_left"]
    await undo_by_api(api)
    back = await api.state(team="0")
    assert sorted(back["hand"]) == sorted(hand)  # the person's token is in its hand again
    assert back["tokens_left"] == start["tokens_left"]  # and the computer's, if it used one
    assert back["token_holes"] == {} and back["token_chosen"] is False


def test_the_computer_still_waits_after_a_restart(tmp_path: Path) -> None:
    config = Config.of(variant="qubic", computer_movetime_ms=50)
    seats = [{"kind": "human"}, {"kind": "computer", "level": 1}]
    entry = game_entry(config, "qubic", 2, 7, None, seats, True)
    board = tmp_path / "board.json"
    run = SimRun(config, journal=Journal(tmp_path), board_state=board, first_game=entry)
    try:
        put(run, "R-I-S")
        run.think()
        reply = next(hole for hole in run.controller.state()["board"] if hole != "R-I-S")
        run.controller.undo(run.clock.now())
        run.step()  # the service's loop after an order: the hands take back their reply
        run.settle()
        assert run.controller.game.placements == 0  # the person's Man and the reply
        assert reply not in run.controller.state()["sensed"]  # the hands took theirs back
        assert run.controller.state()["fix_order"] == {"now": ["R-I-S"], "later": []}
        take(run, "R-I-S")
        assert run.controller.state()["computer_waits"] is True
    finally:
        run.close()
    again = SimRun(config, journal=Journal(tmp_path), board_state=board)
    try:
        state = again.controller.state()
        assert state["computer_waits"] is True and state["board"] == {}
        assert again.computer.wait(1) is False  # nothing asked
        again.advance(5.0)
        assert again.controller.state()["board"] == {}
        put(again, "R-I-S")
        again.think()
        state = again.controller.state()
        assert state["computer_waits"] is False and len(state["board"]) == 2
    finally:
        again.close()


async def test_undo_is_refused_while_a_pay_off_lines_tokens_are_entered() -> None:
    api = Harness()
    deal = [[100, 50, 50, 25, 25, 20], [20, 10, 10, 5, 2, 1]]
    body = {"variant": "payoff", "players": 2, "options": {"deal": deal, "token_mode": "physical"}}
    assert (await api.post("/api/new_game", body)).status_code == 200
    for hole in ("R-I-S", "B-IV-S", "R-I-H", "B-IV-H", "R-I-D", "B-IV-D", "R-I-C"):
        assert (await api.post("/api/sim/place", {"hole": hole})).status_code == 200
        api.advance(0.4)
    assert (await api.post("/api/call", {"seat": 0})).status_code == 200
    state = await api.state()
    assert state["phase"] == "await_tokens" and state["actions"]["undo"] is False
    refused = await api.post("/api/undo", {})
    assert refused.status_code == 409
    assert refused.json()["error"] == "the line is scored and the game decided: enter its tokens"
    assert (await api.state())["phase"] == "await_tokens"


async def test_a_seat_handed_to_the_computer_ends_the_wait(
    harnesses: Callable[[str], Harness],
) -> None:
    api = harnesses("qubic")
    await new_game(api, "qubic")
    await person_moves(api)
    await undo_by_api(api)
    await fix_in_order(api, api.service.controller.game.naming)
    assert (await api.state())["computer_waits"] is True
    body = {"seat": 0, "kind": "computer", "level": 1}
    assert (await api.post("/api/seats", body)).status_code == 200
    await settle_computer(api)
    state = await api.state()
    assert state["computer_waits"] is False and len(state["board"]) >= 2


async def test_a_tac_t_flix_scoring_turn_goes_back_with_its_substitution_and_withdrawals(
    harnesses: Callable[[str], Harness],
) -> None:
    """Red scores a line (called at once), takes its free play, seats a Burocrat and withdraws
    the line's Men; Blue (three Men in no line), handed to the computer, answers. Undo takes back
    the answer, then the free play with the Burocrat and the withdrawals: the Burocrat's hole is
    swapped back and the withdrawn Men put back, after the computer's Man is lifted."""
    api = harnesses("tactflix")
    body = {"variant": "tactflix", "players": 2, "seed": 1, "options": {"auto_call": True}}
    assert (await api.post("/api/new_game", body)).status_code == 200
    row, blue = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"], ["B-IV-S", "G-III-H", "Y-II-C"]
    await hands(api, [("place", hole) for pair in zip(row[:3], blue, strict=True) for hole in pair])
    await hands(api, [("place", "R-I-C")])
    free_play = await api.state()
    assert free_play["phase"] == "await_place" and free_play["free_plays"] == 1
    await hands(api, [("place", "G-IV-D"), ("lift", "R-I-S")])
    response = await api.post("/api/sim/place", {"hole": "R-I-S", "piece": "burocrat"})
    assert response.status_code == 200
    api.advance(0.4)
    await hands(api, [("lift", hole) for hole in row[1:]])
    assert (await api.state())["to_move"] == 1
    seat = {"seat": 1, "kind": "computer", "level": 1}
    assert (await api.post("/api/seats", seat)).status_code == 200
    await settle_computer(api)
    answered = await api.state()
    reply = frozenset(set(answered["board"]) - {"G-IV-D", "R-I-S", *blue})
    assert answered["to_move"] == 0 and len(reply) == 1

    await undo_by_api(api)
    state = await api.state()
    assert game_part(state) == {**game_part(free_play), "phase": "await_fix"}
    assert state["mismatch"]["wrong_kind"] == ["R-I-S"]  # the Burocrat, where Red's Man goes
    # A Blue Man standing where a Red Man goes back looks right to the sensors (no colours).
    groups = [reply - set(row), frozenset(["G-IV-D", *row]) - reply]
    seen = await fix_in_order(api, api.service.controller.game.naming)
    assert [now for now, _ in seen] == [group for group in groups if group]
    assert all(now == blinking for now, blinking in seen)
    await assert_waits(api, game_part(free_play))
