"""``GET /api/games/{id}/replay`` of a long game is computed off the service's loop and sent as
it is computed: while it runs, ``GET /api/state`` still answers (in process, a real store)."""

from __future__ import annotations

import asyncio
import json

from controller.records.keeping import keep_imported
from engine.notation import read_record
from tests.api_harness import Harness

MOVES = 4_000
"""Idle PENALTY calls of a long (legal) record: the rules take them, play no longer makes them."""


def long_record(moves: int) -> str:
    header = [
        "FLIX 1",
        "Variant lucky",
        "Players 2",
        'Seat 1 human "Ann"',
        'Seat 2 human "Ben"',
        "Result abandoned",
        "",
    ]
    return "\n".join([*header, *(["2 penalty @1.0"] * moves), ""])


async def test_the_state_answers_while_a_long_replay_is_computed() -> None:
    api = Harness()
    kept = keep_imported(api.service.controller.session.records, read_record(long_record(MOVES)))
    replaying = asyncio.ensure_future(api.client.get(f"/api/games/{kept.id}/replay"))
    await asyncio.sleep(0.05)  # the replay begins
    answered = 0
    for _ in range(3):
        assert (await api.client.get("/api/state")).status_code == 200
        answered += not replaying.done()
    assert answered == 3  # each answer came before the replay was done
    replay = await replaying
    assert replay.status_code == 200
    body = json.loads(replay.text)
    assert len(body["steps"]) == MOVES + 1 and body["result"]["outcome"] == "abandoned"
    assert [step["step"] for step in body["steps"][:3]] == [0, 1, 2]
    assert body["steps"][-1]["text"] == "2 penalty @1.0"


async def test_a_short_replay_is_the_same_json_as_before() -> None:
    api = Harness()
    for moves in (0, 49, 50, 51):  # around the size of one piece sent
        record = read_record(long_record(moves))
        kept = keep_imported(api.service.controller.session.records, record)
        body = (await api.client.get(f"/api/games/{kept.id}/replay")).json()
        assert [step["step"] for step in body["steps"]] == list(range(moves + 1))
        assert body["layout"] and body["players"][0]["name"] == "Ann"
