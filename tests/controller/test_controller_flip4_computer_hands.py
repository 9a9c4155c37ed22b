"""The computer's Flip 4 steps made by the simulator's own hands, in process on a simulated
clock: a step is applied as an order and the hands move its pieces at once; the board is read
in the same instant, so the state that shows the step already shows the board matching it.
Before, the moved squares waited ``settle_ms`` like a person's: in that moment the state said
``await_fix`` with fix words and blinking squares for a move nobody had to make (after a step
into a corner, with the computer's own jump still to come), and a page test's hands took it for
the person's turn and played the computer's jump."""

from __future__ import annotations

from typing import Any

from tests.api_harness import Harness
from tests.flat_hands import landing_hands, step_hands
from tests.take_back_play import HAND_S, PERSON, hands, service_for

POSITION = "a2 b3 c2 d3 / b4 c5 d4 e3"
"""Part 2 from the start, every piece one step from a corner or a flip, no line near."""
TURNS = 80
STEPS_SEEN = 4
"""The computer's steps that moved pieces, read before the test is satisfied."""
CORNERS = ("a1", "a5", "e1", "e5")


async def start(api: Harness) -> dict[str, Any]:
    seats = [{"kind": "human"}, {"kind": "computer", "level": 1}]
    body = {"variant": "flip4", "players": 2, "seed": 7, "options": {"position": POSITION}}
    response = await api.post("/api/new_game", {**body, "seats": seats})
    assert response.status_code == 200, response.text
    state = await api.state()
    await hands(api, [("place", cell) for cell in sorted(state["board"])])
    return await api.state()


async def persons_move(api: Harness, state: dict[str, Any]) -> None:
    """The person's roll or move, by hand, each hand's action read before the next."""
    phase = state["phase"]
    if phase == "await_roll":
        response = await api.post("/api/roll", {})
        assert response.status_code == 200, response.text
        api.advance(HAND_S)
    elif phase == "await_move":
        source, targets = next(iter(state["moves"].items()))
        await hands(api, step_hands(state, source, targets[0]))
    else:
        assert phase == "await_jump", state["message"]
        corner = next(c for c in CORNERS if c in state["board"] and c not in state["moves"])
        await hands(api, landing_hands(state, corner, state["allowed"][0]))


async def test_the_computers_step_by_the_hands_shows_the_board_matching_at_once() -> None:
    api = service_for("flip4")
    computer = api.service.computer
    try:
        state = await start(api)
        steps: list[dict[str, Any]] = []
        for _ in range(TURNS):
            if state["phase"] == "game_over" or len(steps) >= STEPS_SEEN:
                break
            if state["to_move"] == PERSON:
                await persons_move(api, state)
            else:
                assert computer.wait(60), f"the computer asked nothing: {state['message']}"
                api.service.step()  # its answer carried out; no simulated time has passed
                moved = await api.state()
                if set(moved["board"]) != set(state["board"]):  # its hands moved pieces
                    steps.append(moved)
                    assert moved["phase"] != "await_fix", (moved["fix"], moved["message"])
                    assert set(moved["sensed"]) == set(moved["board"])
                    assert moved["mismatch"]["missing"] == moved["mismatch"]["extra"] == []
                api.advance(HAND_S)
            state = await api.state()
        assert len(steps) >= STEPS_SEEN or state["phase"] == "game_over", len(steps)
        assert steps, "no step of the computer moved a piece"
    finally:
        computer.close()
