"""Numbers at the HTTP edge: ASCII digits only, bounded, finite; a bad one is a 400, never a
500, and changes nothing."""

from __future__ import annotations

import pytest

from controller.server.numbers import WHOLE_LIMIT
from tests.api_harness import Harness


@pytest.fixture
def api() -> Harness:
    return Harness()


@pytest.mark.parametrize("path", ["/api/state", "/api/hint"])
@pytest.mark.parametrize("team", ["²", "\u0661", "1" * 5000, "-1", "4", "", " 1", "1.0", "0x1"])
async def test_a_team_that_is_not_a_plain_small_number_is_a_400(
    api: Harness, path: str, team: str
) -> None:
    response = await api.client.get(path, params={"team": team})
    assert response.status_code == 400, response.text
    assert "team must be a whole number 0..3" in response.json()["error"]


@pytest.mark.parametrize("path", ["/api/state", "/api/hint"])
async def test_a_team_the_document_allows_but_this_game_lacks_is_a_409(
    api: Harness, path: str
) -> None:
    response = await api.client.get(path, params={"team": "2"})
    assert response.status_code == 409, response.text
    assert "no team 2: teams are 0..1" in response.json()["error"]


async def test_a_plain_team_number_is_that_team(api: Harness) -> None:
    state = await api.state(team="1")
    assert state["variant"] == "lucky"


@pytest.mark.parametrize(
    "raw",
    [
        b'{"seat": ' + b"9" * 5000 + b"}",
        b'{"seat": -' + b"9" * 5000 + b"}",
        b'{"seat": ' + str(WHOLE_LIMIT).encode() + b"}",
        b'{"seat": 1.' + b"5" * 100 + b"}",
        b'{"seat": 1e999}',
        b'{"seat": NaN}',
        b'{"seat": -Infinity}',
    ],
)
async def test_a_number_no_order_takes_is_a_400(api: Harness, raw: bytes) -> None:
    before = await api.state()
    response = await api.client.post(
        "/api/call", content=raw, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400, response.text
    assert (await api.state())["events"] == before["events"]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"seed": -1}, 400),
        ({"seed": 2**63}, 400),
        # the options are the variant's: the document types them loosely, the game bounds them
        ({"options": {"call_window": 1e308}}, 409),
        ({"options": {"call_window": -1}}, 409),
        ({"options": {"men_per_team": 2**62}}, 409),
    ],
)
async def test_new_game_with_a_number_out_of_bounds_is_refused(
    api: Harness, body: dict[str, object], status: int
) -> None:
    raw_body = {"variant": "lucky", "players": 2, **body}
    before = await api.state()
    response = await api.post("/api/new_game", raw_body)
    assert response.status_code == status, response.text
    assert (await api.state())["events"] == before["events"]


async def test_a_seed_of_4400_digits_is_a_400(api: Harness) -> None:
    raw = b'{"variant": "lucky", "players": 2, "seed": ' + b"7" * 4400 + b"}"
    response = await api.client.post(
        "/api/new_game", content=raw, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400, response.text
    assert "4400 digits" in response.json()["error"]


@pytest.mark.parametrize("window", [b"NaN", b"Infinity", b"1e999"])
async def test_a_call_window_that_is_not_finite_is_a_400_and_the_state_still_answers(
    api: Harness, window: bytes
) -> None:
    raw = b'{"variant": "lucky", "players": 2, "options": {"call_window": ' + window + b"}}"
    response = await api.client.post(
        "/api/new_game", content=raw, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400, response.text
    assert (await api.state())["options"]["call_window"] == 3.0


async def test_the_largest_seed_starts_a_game_and_the_next_one_too(api: Harness) -> None:
    response = await api.post(
        "/api/new_game", {"variant": "qubic", "players": 2, "seed": WHOLE_LIMIT - 1}
    )
    assert response.status_code == 200, response.text
    session = api.service.controller.session
    session.start_next(api.clock.now())
    assert session.game.seed == 0


async def test_a_content_length_of_many_digits_is_a_413(api: Harness) -> None:
    response = await api.client.post(
        "/api/undo", content=b"{}", headers={"content-length": "9" * 5000}
    )
    assert response.status_code == 413


async def test_a_whole_number_written_with_a_fraction_is_that_number(api: Harness) -> None:
    # JSON Schema counts 1.0 and 1e0 as the integer 1: so does the service
    half = await api.post("/api/resign", {"seat": 0.5})
    assert half.status_code == 400 and "seat has the wrong type" in half.json()["error"]
    response = await api.client.post(
        "/api/resign", content=b'{"seat": 1.0e0}', headers={"content-type": "application/json"}
    )
    assert response.status_code == 200, response.text
    assert response.json()["winner"] == 0
