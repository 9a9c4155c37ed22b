"""The board's own FLIX and PENALTY buttons (the page's action bar: ``POST /api/call`` and
``/api/penalty`` without a seat) act for the team that can use them."""

from __future__ import annotations

import pytest

from tests.api_harness import Harness

BLUE_LINE = ["B-IV-S", "B-IV-H", "B-IV-D", "B-IV-C"]
RED_MEN = ["R-I-S", "R-II-H", "Y-III-D", "G-IV-C"]


@pytest.fixture
def api() -> Harness:
    return Harness()


async def blue_forgets_flix(api: Harness, seats: list[object] | None = None) -> None:
    """Tac-T-Flix, two teams: Blue completes a line and does not call; Red places after it."""
    body: dict[str, object] = {"variant": "tactflix", "players": 2, "seed": 1}
    if seats is not None:
        body["seats"] = seats
    assert (await api.post("/api/new_game", body)).status_code == 200
    for red, blue in zip(RED_MEN, BLUE_LINE, strict=True):
        for hole in (red, blue):
            response = await api.post("/api/sim/place", {"hole": hole})
            assert response.status_code == 200, response.text
            api.advance(0.2)
    assert (await api.post("/api/sim/place", {"hole": "R-I-H"})).status_code == 200
    api.advance(0.2)
    assert api.service.controller.game.pending_count() == 1


async def test_bar_penalty_penalises_the_team_that_forgot(api: Harness) -> None:
    await blue_forgets_flix(api)
    response = await api.post("/api/penalty", {})
    assert response.status_code == 200, response.text
    state = response.json()
    penalty = [event for event in state["events"] if event["type"] == "penalty"]
    assert [(event["seat"], event["against"]) for event in penalty] == [(0, 1)]
    assert state["mismatch"]["extra"] == BLUE_LINE


async def test_bar_flix_calls_for_the_team_with_a_line(api: Harness) -> None:
    await blue_forgets_flix(api)
    response = await api.post("/api/call", {})
    assert response.status_code == 200, response.text
    assert [line[0] for line in response.json()["scored_lines"]] == [1]


async def test_bar_penalty_with_nothing_to_penalise_is_refused(api: Harness) -> None:
    await blue_forgets_flix(api)
    assert (await api.post("/api/call", {"seat": 1})).status_code == 200
    response = await api.post("/api/penalty", {})
    assert response.status_code == 409
    assert "nothing to penalise" in response.json()["error"]


async def test_bar_penalty_with_nothing_to_penalise_acts_for_a_seat_played_here(
    api: Harness,
) -> None:
    """On a board of remote play (here: Red's seat only), the bar's PENALTY with nothing to
    penalise acts for a seat of this board, so its refusal says why rather than that another
    board plays the seat it picked."""
    await blue_forgets_flix(api)
    assert (await api.post("/api/call", {"seat": 1})).status_code == 200
    session = api.service.controller.session
    at = session.game_time(api.clock.now())
    assert session.penaliser(at) == 1  # the first seat of a team other than the placer's
    assert session.penaliser(at, lambda seat: seat == 0) == 0
    assert session.penaliser(at, lambda seat: seat == 1) == 1
