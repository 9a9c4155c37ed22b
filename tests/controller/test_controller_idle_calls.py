"""A call that would change nothing (PENALTY with nothing to penalise, FLIX with no line to
score) is refused and writes nothing: no journal entry, no move in the game's record, so no
record of thousands of idle calls can be played into being."""

from __future__ import annotations

from pathlib import Path

import pytest

from controller.records.journal import Journal
from tests.api_harness import Harness


@pytest.fixture
def api(tmp_path: Path) -> Harness:
    return Harness(journal=Journal(tmp_path))


def journalled(api: Harness) -> int:
    return len(api.service.controller.session.journal.current_game())


@pytest.mark.parametrize(
    ("path", "refusal"),
    [("/api/penalty", "nothing to penalise"), ("/api/call", "nothing to call")],
)
async def test_an_idle_call_is_refused_and_journals_nothing(
    api: Harness, path: str, refusal: str
) -> None:
    started = await api.post("/api/new_game", {"variant": "lucky", "players": 2, "seed": 3})
    assert started.status_code == 200
    assert (await api.post("/api/roll", {})).status_code == 200
    before, entries = await api.state(), journalled(api)
    for seat in (None, 0, 1):
        response = await api.post(path, {} if seat is None else {"seat": seat})
        assert response.status_code == 409 and refusal in response.json()["error"]
    assert journalled(api) == entries
    assert api.service.controller.game.actions[-1].kind == "roll"
    await api.unchanged(before)


async def test_the_board_s_penalty_button_with_nothing_pending_writes_nothing(
    api: Harness,
) -> None:
    await api.post("/api/new_game", {"variant": "lucky", "players": 2, "seed": 3})
    entries = journalled(api)
    api.board.press("penalty")
    api.advance(0.1)
    events = api.service.controller.session.events
    refused = [event for event in events if event["type"] == "refused"]
    assert refused and "nothing to penalise" in refused[-1]["reason"]
    assert not any(event["type"] == "penalty_nothing" for event in events)
    assert journalled(api) == entries and not api.service.controller.game.actions
