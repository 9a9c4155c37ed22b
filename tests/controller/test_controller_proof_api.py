"""``GET /api/proof``: what the game's proof says from the position on the board, through the
service's app on a simulated board (the Qubic proof; a game without one says so)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from engine.holes import name, parse
from engine.players.qubic_proof import committed_book
from engine.players.qubic_proof_view import proof_view
from tests.api_harness import Harness


@pytest.fixture
def api() -> Harness:
    return Harness()


async def proof(api: Harness) -> dict[str, Any]:
    answer = await api.client.get("/api/proof")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


async def place(api: Harness, hole: str) -> None:
    assert (await api.post("/api/sim/place", {"hole": hole})).status_code == 200
    api.advance(0.5)
    assert hole in (await api.state())["board"]


async def test_qubic_s_proof_follows_the_board() -> None:
    api = Harness()
    assert (await api.post("/api/new_game", {"variant": "qubic", "players": 2})).status_code == 200
    first = committed_book().move(0, 0)
    assert first is not None
    view = proof_view(0, 0, x_to_move=True)
    assert view is not None
    said = await proof(api)
    assert said == {
        "variant": "qubic",
        "has_proof": True,
        "says": {"team": 0, "plies": view.plies, "move": name(first), "replies": []},
    }
    await place(api, name(first))
    said = (await proof(api))["says"]
    assert said["team"] == 0 and said["move"] is None and said["plies"] == view.plies - 1
    assert len(said["replies"]) == 3 and said["replies"][0]["plies"] == view.plies - 1


async def test_a_first_player_who_leaves_the_proof_is_told_so() -> None:
    api = Harness()
    assert (await api.post("/api/new_game", {"variant": "qubic", "players": 2})).status_code == 200
    for hole in ("R-I-H", "Y-II-C"):  # an edge hole: not the proof's first move
        await place(api, hole)
    assert committed_book().move(1 << parse("R-I-H"), 1 << parse("Y-II-C")) is None
    assert (await proof(api))["says"] is None


async def test_a_game_without_a_proof_says_it_has_none(api: Harness) -> None:
    assert (await api.post("/api/new_game", {"variant": "lucky", "players": 2})).status_code == 200
    assert await proof(api) == {"variant": "lucky", "has_proof": False, "says": None}


async def test_many_asking_at_once_get_one_answer() -> None:
    api = Harness()
    assert (await api.post("/api/new_game", {"variant": "qubic", "players": 2})).status_code == 200
    answers = await asyncio.gather(*(proof(api) for _ in range(20)))
    assert all(answer == answers[0] for answer in answers)
    assert answers[0]["says"]["plies"] > 0
