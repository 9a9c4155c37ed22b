"""The HTTP API of DESIGN §4 through the ASGI app: good and bad requests, tokens, events."""

from __future__ import annotations

from typing import Any

import pytest

from controller.config import Config
from tests.api_harness import TOKEN, Harness


@pytest.fixture
def api() -> Harness:
    return Harness()


async def test_state(api: Harness) -> None:
    state = await api.state()
    for key in (
        "variant",
        "phase",
        "to_move",
        "team_of_seat",
        "board",
        "allowed",
        "scored_lines",
        "winner",
        "draw",
        "ledger",
        "events",
        "sensed",
        "message",
    ):
        assert key in state
    assert "pending_lines" not in state
    assert state["phase"] == "await_roll"


async def test_new_game(api: Harness) -> None:
    response = await api.post("/api/new_game", {"variant": "qubic", "players": 3, "seed": 4})
    assert response.status_code == 200
    state = response.json()
    assert state["variant"] == "qubic" and state["team_of_seat"] == [0, 1, 2]
    assert state["phase"] == "await_place" and state["options"]["auto_call"] is False
    assert "seed" not in state  # it would predict the dice


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"variant": "chess", "players": 2}, 400, "variant: one of lucky, qubic"),
        ({"variant": "", "players": 2}, 400, "variant: one of lucky, qubic"),
        ({"variant": "lucky", "players": 9}, 400, "players 1..8"),
        ({"variant": "lucky", "players": 5}, 409, "players must be"),  # not of this variant
        ({"variant": "lucky"}, 400, "missing key 'players'"),
        ({"variant": "lucky", "players": "2"}, 400, "players has the wrong type"),
        ({"variant": "lucky", "players": 2, "colour": 1}, 400, "unknown key 'colour'"),
        ({"variant": "lucky", "players": 2, "options": {"x": 1}}, 409, "unknown option"),
        ({"variant": "lucky", "players": True}, 400, "wrong type"),
        ([1, 2], 400, "must be a JSON object"),
    ],
)
async def test_bad_new_game_changes_nothing(
    api: Harness, body: Any, status: int, message: str
) -> None:
    before = await api.state()
    response = await api.post("/api/new_game", body)
    assert response.status_code == status
    assert message in response.json()["error"]
    await api.unchanged(before)


async def test_not_json(api: Harness) -> None:
    response = await api.client.post("/api/roll", content=b"{nope")
    assert response.status_code == 400 and "not JSON" in response.json()["error"]


@pytest.mark.parametrize("blank", [b"\n", b" ", b"\r\n\t"])
async def test_a_blank_body_is_not_json(api: Harness, blank: bytes) -> None:
    # only an empty body stands for no keys; whitespace alone is no JSON value (schemathesis)
    before = await api.state()
    response = await api.client.post("/api/sim/clear", content=blank)
    assert response.status_code == 400 and "not JSON" in response.json()["error"]
    await api.unchanged(before)


async def test_an_empty_body_takes_no_keys(api: Harness) -> None:
    response = await api.client.post("/api/sim/clear", content=b"")
    assert response.status_code == 200


async def test_roll_place_and_commit(api: Harness) -> None:
    response = await api.post("/api/roll", {"faces": "yellow/II/hearts"})
    assert response.status_code == 200 and response.json()["allowed"] == ["Y-II-H"]
    before = await api.state()
    bad = await api.post("/api/roll", {"faces": "purple/II/hearts"})  # not this game's dice
    assert bad.status_code == 409 and "not a throw" in bad.json()["error"]
    malformed = await api.post("/api/roll", {"faces": "yellow//hearts"})
    assert malformed.status_code == 400 and "faces: the faces thrown" in malformed.json()["error"]
    again = await api.post("/api/roll", {})
    assert again.status_code == 409 and "cannot roll now" in again.json()["error"]
    await api.unchanged(before)
    placed = await api.post("/api/sim/place", {"hole": "Y-II-H"})
    assert placed.status_code == 200 and placed.json()["sensed"] == {}  # not settled yet
    api.advance(0.2)
    state = await api.state()
    assert state["board"] == {"Y-II-H": {"team": 0, "piece": "man"}}
    assert state["to_move"] == 1


async def test_roll_without_faces_uses_the_dice(api: Harness) -> None:
    response = await api.client.post("/api/roll")
    assert response.status_code == 200
    assert response.json()["last_throw"] is not None


async def test_physical_dice_need_faces() -> None:
    api = Harness(config=Config.of(dice="physical"))
    response = await api.post("/api/roll", {})
    assert response.status_code == 409 and "physical dice" in response.json()["error"]
    assert (await api.post("/api/roll", {"faces": "red/I/spades"})).status_code == 200


async def test_sim_hands(api: Harness) -> None:
    assert (await api.post("/api/sim/place", {"hole": "q9z"})).status_code == 400
    assert (await api.post("/api/sim/place", {"hole": "G-I-S", "piece": "king"})).status_code == 400
    assert (await api.post("/api/sim/lift", {"hole": "G-I-S"})).status_code == 409
    assert (
        await api.post("/api/sim/place", {"hole": "G-I-S", "piece": "burocrat"})
    ).status_code == 200
    assert (await api.post("/api/sim/place", {"hole": "G-I-S"})).status_code == 409
    api.advance(0.2)
    state = await api.state()
    assert state["sensed"] == {"G-I-S": {"piece": "burocrat"}}
    assert state["phase"] == "await_fix" and state["mismatch"]["extra"] == ["G-I-S"]
    assert (await api.post("/api/sim/lift", {"hole": "G-I-S"})).status_code == 200
    api.advance(0.2)
    assert (await api.state())["phase"] == "await_roll"


async def test_roll_refused_while_the_board_needs_fixing(api: Harness) -> None:
    await api.post("/api/sim/place", {"hole": "G-I-S"})
    api.advance(0.2)
    response = await api.post("/api/roll", {})
    assert response.status_code == 409
    assert "fix the board first (Lift the Man from G-I-S)" in response.json()["error"]


SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


async def complete_red_line(api: Harness) -> None:
    for red, blue in zip("SHDC", ["S", "H", "D", None], strict=True):
        await api.post("/api/roll", {"faces": f"red/I/{SUITS[red]}"})
        await api.post("/api/sim/place", {"hole": f"R-I-{red}"})
        api.advance(0.2)
        if blue:
            await api.post("/api/roll", {"faces": "blue/IV/win"})
            await api.post("/api/sim/place", {"hole": f"B-IV-{blue}"})
            api.advance(0.2)


async def test_pending_line_is_never_revealed(api: Harness) -> None:
    await complete_red_line(api)
    assert api.service.controller.game.pending_count() == 1
    state = await api.state()
    assert "pending_lines" not in state
    assert all(not e.get("secret") for e in state["events"])
    assert "line_completed" not in [e["type"] for e in state["events"]]
    assert state["scored_lines"] == []


async def test_call(api: Harness) -> None:
    await complete_red_line(api)
    assert (await api.post("/api/call", {"seat": 9})).status_code == 400
    # Without a seat, as the board's FLIX button: the seat that placed last (Red) calls.
    response = await api.post("/api/call", {})
    assert response.status_code == 200
    state = response.json()
    assert state["winner"] == 0 and state["phase"] == "game_over"
    assert state["scored_lines"] == [[0, ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]]]
    assert (await api.post("/api/call", {"seat": 0})).status_code == 409  # the game is over


async def test_penalty(api: Harness) -> None:
    await complete_red_line(api)
    api.advance(3.5)  # the call window closes
    response = await api.post("/api/penalty", {"seat": 1})
    assert response.status_code == 200
    state = response.json()
    assert state["phase"] == "await_fix"
    assert state["mismatch"]["extra"] == ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
    assert state["fix"][0] == "Lift the Man from R-I-S"


async def test_undo(api: Harness) -> None:
    assert (await api.post("/api/undo")).status_code == 409
    await api.post("/api/roll", {"faces": "yellow/II/hearts"})
    await api.post("/api/sim/place", {"hole": "Y-II-H"})
    api.advance(0.2)
    assert (await api.post("/api/undo", {"x": 1})).status_code == 400
    response = await api.post("/api/undo")
    assert response.status_code == 200
    state = response.json()
    assert state["board"] == {} and state["mismatch"]["extra"] == ["Y-II-H"]
    assert state["fix"] == ["Lift the Man from Y-II-H"]


async def test_token_required_off_loopback() -> None:
    api = Harness(host="0.0.0.0")
    assert (await api.client.get("/api/state")).status_code == 200
    response = await api.post("/api/roll", {})
    assert response.status_code == 401 and "Bearer" in response.json()["error"]
    wrong = await api.post("/api/roll", {}, headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    assert (await api.state())["last_throw"] is None
    good = await api.post("/api/roll", {}, headers={"Authorization": f"Bearer {TOKEN}"})
    assert good.status_code == 200


async def test_a_team_s_view_needs_the_token_off_loopback() -> None:
    api = Harness(host="0.0.0.0")
    refused = await api.client.get("/api/state?team=0")
    assert refused.status_code == 401 and "Bearer" in refused.json()["error"]
    auth = {"Authorization": f"Bearer {TOKEN}"}
    assert (await api.client.get("/api/state?team=0", headers=auth)).status_code == 200
    assert (await api.client.get("/api/state")).status_code == 200  # the public view is open


async def test_no_token_needed_on_loopback(api: Harness) -> None:
    assert (await api.post("/api/roll", {})).status_code == 200


async def test_sim_endpoints_need_a_simulated_board(api: Harness) -> None:
    api.service.hands = None
    response = await api.post("/api/sim/place", {"hole": "Y-II-H"})
    assert response.status_code == 404


async def test_resign(api: Harness) -> None:
    assert (await api.post("/api/resign", {"seat": 8})).status_code == 400  # no game has it
    assert (await api.post("/api/resign", {"seat": 7})).status_code == 409  # not this game's
    response = await api.post("/api/resign", {"seat": 1})
    assert response.status_code == 200
    state = response.json()
    assert state["winner"] == 0 and state["phase"] == "game_over"


async def test_deeply_nested_json_is_a_clear_400(api: Harness) -> None:
    before = await api.state()
    body = b'{"seat": ' + b"[" * 20_000 + b"]" * 20_000 + b"}"
    response = await api.client.post("/api/call", content=body)
    assert response.status_code == 400 and "nested too deeply" in response.json()["error"]
    await api.unchanged(before)


async def test_a_huge_body_is_refused_without_change(api: Harness) -> None:
    before = await api.state()
    padding = b" " * (2 * 1024 * 1024)
    response = await api.client.post("/api/roll", content=b"{}" + padding)
    assert response.status_code == 413 and "too large" in response.json()["error"]

    async def chunks() -> Any:  # no Content-Length: the size is counted while reading
        yield b'{"faces": "yellow/II/hearts"'
        for _ in range(100):
            yield padding[:4096]
        yield b"}"

    streamed = await api.client.post("/api/roll", content=chunks())
    assert streamed.status_code == 413
    await api.unchanged(before)


@pytest.mark.parametrize("kind", ["text/plain", "multipart/form-data; boundary=x", "text/html"])
async def test_a_body_that_is_not_json_by_type_is_refused(api: Harness, kind: str) -> None:
    before = await api.state()
    response = await api.client.post(
        "/api/roll", content=b'{"faces": "yellow/II/hearts"}', headers={"content-type": kind}
    )
    assert response.status_code == 415 and "application/json" in response.json()["error"]
    await api.unchanged(before)


@pytest.mark.parametrize(
    "kind",
    ["application/json", "application/json; charset=utf-8", "application/x-www-form-urlencoded"],
)
async def test_json_and_curls_default_type_are_taken(api: Harness, kind: str) -> None:
    response = await api.client.post(
        "/api/roll", content=b'{"faces": "yellow/II/hearts"}', headers={"content-type": kind}
    )
    assert response.status_code == 200 and response.json()["allowed"] == ["Y-II-H"]


async def test_a_page_of_another_site_cannot_drive_the_board(api: Harness) -> None:
    before = await api.state()
    for origin in ("http://evil.example", "null", "http://board.evil.example"):
        response = await api.post("/api/roll", {}, headers={"Origin": origin})
        assert response.status_code == 403 and "another site" in response.json()["error"]
    await api.unchanged(before)
    same = await api.post("/api/roll", {}, headers={"Origin": "http://127.0.0.1:8640"})
    assert same.status_code == 200


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/api/call", 405),
        ("GET", "/api/sim/place", 405),
        ("PUT", "/api/state", 405),
        ("DELETE", "/api/new_game", 405),
        ("GET", "/api/nothing", 404),
        ("POST", "/api/nothing", 404),
        ("POST", "/api/sim/teleport", 404),
    ],
)
async def test_unknown_paths_and_wrong_methods_answer_json(
    api: Harness, method: str, path: str, status: int
) -> None:
    before = await api.state()
    response = await api.client.request(method, path)
    assert response.status_code == status
    assert path in response.json()["error"]
    if status == 405:
        assert response.headers["allow"]
    await api.unchanged(before)


@pytest.mark.parametrize(
    ("value", "status"), [(5, 409), (None, 409), (["R"], 409), ({"a": 1}, 400), (True, 409)]
)
async def test_a_panels_or_suits_option_of_the_wrong_type_is_refused_naming_it(
    api: Harness, value: Any, status: int
) -> None:
    # options are the variant's: the document types an option's value loosely (400 outside
    # that), the game refuses one it does not take with 409
    before = await api.state()
    for key in ("panels", "suits"):
        body = {"variant": "lucky", "players": 2, "options": {key: value}}
        response = await api.post("/api/new_game", body)
        assert response.status_code == status and key in response.json()["error"]
    await api.unchanged(before)


async def test_a_sim_sensors_wire_breaks_and_is_mended(api: Harness) -> None:
    """``POST /api/sim/wire``: the state's ``board_health`` names the hole until it is mended."""
    assert (await api.post("/api/sim/wire", {"hole": "q9z", "broken": True})).status_code == 400
    broken = await api.post("/api/sim/wire", {"hole": "G-I-S", "broken": True})
    assert broken.status_code == 200
    assert broken.json()["board_health"] == [
        "The sensor under G-I-S reads 0.0 V: its wire is broken or the sensor is missing"
    ]
    mended = await api.post("/api/sim/wire", {"hole": "G-I-S", "broken": False})
    assert mended.status_code == 200 and mended.json()["board_health"] == []
