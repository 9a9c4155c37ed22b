"""The routes the page added to the HTTP API: ``GET /api/info`` and ``POST /api/resign``."""

from __future__ import annotations

from typing import Any

import httpx
import msgspec
import pytest

from controller.computer.level_guide import guide
from controller.config import Config
from controller.records.journal import Journal
from controller.server.app import create_app
from controller.server.service import Service
from sim.board import SimBoard
from sim.clock import SimClock
from tests.api_schema import ASYNC_HOOKS

TOKEN = "web-s3cret"


def client(host: str = "127.0.0.1", config: Config | None = None) -> httpx.AsyncClient:
    """An HTTP client on the app of a service on a simulated board and clock."""
    board = SimBoard(clock=SimClock())
    service = Service(board, config or Config(), Journal(None), host=host, port=8640, token=TOKEN)
    board.when_changed = service.step
    return httpx.AsyncClient(
        transport=httpx.ASGITransport(app=create_app(service)),
        base_url="http://127.0.0.1:8640",
        event_hooks=ASYNC_HOOKS,
    )


async def state(api: httpx.AsyncClient) -> dict[str, Any]:
    response = await api.get("/api/state")
    assert response.status_code == 200
    result: dict[str, Any] = response.json()
    return result


SPACEBOARD_TEAMS = {"2": [0, 1], "3": [0, 1, 2], "4": [0, 1, 0, 1], "6": [0, 1, 2, 0, 1, 2]}
"""The team of each seat for each number of players on the spaceboard: partners at 4 and 6."""


async def test_info_describes_the_board() -> None:
    config = Config.of(panels="BGYR", suits="CDHS", dice="physical", team_names=("A", "B", "C"))
    async with client(config=config) as api:
        response = await api.get("/api/info")
    assert response.status_code == 200
    info = response.json()
    for variant, facts in info["variant_facts"].items():  # the level guide, told by its own tests
        assert facts.pop("levels") == msgspec.to_builtins(guide(variant)), variant
    assert info == {
        "board": "sim",
        "sim": True,
        "layout": {"panels": "BGYR", "suits": "CDHS"},
        "geometry": {"key": "flix", "rows": 0, "cols": 0},
        "variants": ["lucky", "qubic", "payoff", "tactflix"],
        "variant_facts": {
            "lucky": {
                "uses_dice": True,
                "uses_calls": True,
                "uses_tokens": False,
                "uses_burocrats": False,
                "uses_lines": True,
                "players": [2, 3, 4, 6],
                "team_of_seat": SPACEBOARD_TEAMS,
            },
            "qubic": {
                "uses_dice": False,
                "uses_calls": False,
                "uses_tokens": False,
                "uses_burocrats": False,
                "uses_lines": True,
                "players": [2, 3, 4, 6],
                "team_of_seat": SPACEBOARD_TEAMS,
            },
            "payoff": {
                "uses_dice": False,
                "uses_calls": True,
                "uses_tokens": True,
                "uses_burocrats": False,
                "uses_lines": True,
                "players": [2, 3, 4, 6],
                "team_of_seat": SPACEBOARD_TEAMS,
            },
            "tactflix": {
                "uses_dice": False,
                "uses_calls": True,
                "uses_tokens": False,
                "uses_burocrats": True,
                "uses_lines": True,
                "players": [2, 3, 4, 6],
                "team_of_seat": SPACEBOARD_TEAMS,
            },
        },
        "players": [2, 3, 4, 6],
        "words": {
            "place": "hole",
            "places": "holes",
            "into": "in",
            "piece": "Man",
            "pieces": "Men",
            "a_piece": "a Man",
            "the_piece": "the Man",
            "tally": "Lines scored",
        },
        "language": "en",
        "languages": ["en", "de"],
        "team_of_seat": SPACEBOARD_TEAMS,
        "dice": "physical",
        "team_names": ["A", "B", "C"],
        "team_colours": ["#ff2000", "#0050ff", "#00c83c", "#ffbe00"],
        "token_required": False,
        "games": {  # every installed game, with its names and page module
            "lucky": {"title": "Lucky Flix", "choice": "Lucky Flix (dice)", "page": None},
            "qubic": {
                "title": "3-D Tic Tac Toe",
                "choice": "3-D Tic Tac Toe (Qubic)",
                "page": "/qubic.js",
            },
            "payoff": {
                "title": "Pay-Off Flix",
                "choice": "Pay-Off Flix (tokens)",
                "page": "/payoff.js",
            },
            "tactflix": {"title": "Tac-T-Flix", "choice": "Tac-T-Flix (Burocrats)", "page": None},
            "flip4": {
                "title": "Flip 4",
                "choice": "Flip 4 (its own 5x5 board)",
                "page": "/flip4.js",
            },
            "olix": {"title": "Olix", "choice": "Olix (its own 11x11 board)", "page": "/olix.js"},
        },
    }


async def test_info_says_when_a_token_is_needed_and_needs_none_itself() -> None:
    async with client(host="0.0.0.0") as api:
        response = await api.get("/api/info")
    assert response.status_code == 200
    assert response.json()["token_required"] is True


async def test_resign_ends_a_two_player_game() -> None:
    async with client() as api:
        response = await api.post("/api/resign", json={"seat": 1})
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["phase"] == "game_over"
        assert body["winner"] == 0
        assert any(e["type"] == "resign" and e["seat"] == 1 for e in body["events"])
        assert (await state(api))["winner"] == 0


async def test_resign_in_a_three_player_game_passes_the_turn_on() -> None:
    async with client() as api:
        assert (await api.post("/api/new_game", json={"variant": "qubic", "players": 3})).is_success
        response = await api.post("/api/resign", json={"seat": 0})
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["phase"] == "await_place" and body["to_move"] == 1
        again = await api.post("/api/resign", json={"seat": 0})
        assert again.status_code == 409
        assert "already resigned" in again.json()["error"]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({}, 400, "missing key 'seat'"),
        ({"seat": "1"}, 400, "wrong type"),
        ({"seat": True}, 400, "wrong type"),
        ({"seat": 2}, 409, "no seat 2"),  # a seat the document allows, not of this game
        ({"seat": -1}, 400, "seat: a seat 0..7"),
        ({"seat": 0, "team": 0}, 400, "unknown key 'team'"),
        ([0], 400, "JSON object"),
    ],
)
async def test_resign_refuses_bad_input_and_changes_nothing(
    body: Any, status: int, words: str
) -> None:
    async with client() as api:
        before = await state(api)
        response = await api.post("/api/resign", json=body)
        assert response.status_code == status
        assert words in response.json()["error"]
        after = await state(api)
    assert after["phase"] == before["phase"] == "await_roll"
    assert after["winner"] is None


async def test_resign_off_loopback_needs_the_token() -> None:
    async with client(host="0.0.0.0") as api:
        missing = await api.post("/api/resign", json={"seat": 1})
        wrong = await api.post(
            "/api/resign", json={"seat": 1}, headers={"Authorization": "Bearer nope"}
        )
        assert missing.status_code == wrong.status_code == 401
        assert (await state(api))["winner"] is None
        good = await api.post(
            "/api/resign", json={"seat": 1}, headers={"Authorization": f"Bearer {TOKEN}"}
        )
        assert good.status_code == 200
        assert good.json()["winner"] == 0


async def test_page_files_are_served() -> None:
    async with client() as api:
        page = await api.get("/")
        assert page.status_code == 200
        assert '<script type="module" src="app.js"></script>' in page.text
        for path, kind in (
            ("/app.js", "javascript"),
            ("/api.js", "javascript"),
            ("/board.js", "javascript"),
            ("/olix.js", "javascript"),
            ("/words.js", "javascript"),
            ("/style.css", "text/css"),
        ):
            response = await api.get(path)
            assert response.status_code == 200, path
            assert kind in response.headers["content-type"], path
