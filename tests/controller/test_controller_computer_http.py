"""Computer seats through the HTTP API on the simulated board (in process, simulated time; each
answer of the computer waited for in real time), and the checks of seats in the configuration,
on the command line and in the API."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from controller.cli.run import computer_seats
from controller.config import Config, ConfigError, from_tables
from controller.seats import Seat
from hal.base import FLIX_GEOMETRY, BoardGeometry
from hal.geometry import load_geometry
from tests.api_harness import Harness

HAND_S = 0.4
"""Simulated time between two looks at the game: longer than the board's settling."""
ROUNDS = 4000
"""A generous bound on the rounds of a whole game between two computers (a hang fails)."""


def harness(geometry: BoardGeometry = FLIX_GEOMETRY) -> Iterator[Harness]:
    api = Harness(geometry=geometry)
    yield api
    api.service.computer.close()


@pytest.fixture
def api() -> Iterator[Harness]:
    yield from harness()


@pytest.fixture
def flip4() -> Iterator[Harness]:
    yield from harness(load_geometry("flip4"))


@pytest.fixture
def olix() -> Iterator[Harness]:
    yield from harness(load_geometry("olix"))


def computers(level: int = 1) -> list[dict[str, Any]]:
    return [{"kind": "computer", "level": level}, {"kind": "computer", "level": level}]


async def play_out(api: Harness, what: str) -> dict[str, Any]:
    """Let the computers play on (their hands on the board in simulated time) until the game is
    over; its last state."""
    for _ in range(ROUNDS):
        state = await api.state()
        if state["phase"] == "game_over":
            return state
        api.advance(HAND_S)
        api.service.computer.wait(60)
    raise AssertionError(f"{what} did not end in {ROUNDS} rounds")


async def settled(api: Harness) -> dict[str, Any]:
    """The state once the hands' last move has settled: the board shows the game."""
    for _ in range(20):
        api.advance(HAND_S)
        state = await api.state()
        if set(state["sensed"]) == set(state["board"]):
            return state
    raise AssertionError(f"the board does not show the game: {state['mismatch']}")


async def place(api: Harness, cells: str) -> None:
    """Set out ``cells`` (names apart by spaces; a ``/`` between the teams) by hand."""
    for cell in cells.replace("/", " ").split():
        assert (await api.post("/api/sim/place", {"hole": cell})).status_code == 200
        api.advance(HAND_S)


@pytest.mark.parametrize("variant", ["lucky", "payoff", "tactflix", "qubic"])
async def test_two_computers_play_a_whole_game(api: Harness, variant: str) -> None:
    answer = await api.post(
        "/api/new_game", {"variant": variant, "players": 2, "seed": 5, "seats": computers()}
    )
    assert answer.status_code == 200, answer.text
    assert [s["kind"] for s in answer.json()["seats"]] == ["computer", "computer"]
    state = await play_out(api, variant)
    assert state["winner"] is not None or state["draw"]
    assert state["mismatch"] == {} or not any(state["mismatch"].values())
    said = [e for e in state["events"] if e["type"] == "computer"]
    assert said and all(e["seat"] in (0, 1) for e in said)
    if variant != "qubic":  # the winning line was called, by itself, and announced
        calls = [e for e in said if e["action"] == "call"]
        assert calls and calls[-1]["words"] in ("Red calls FLIX", "Blue calls FLIX")


async def test_new_game_seats_and_hints_through_the_api(api: Harness) -> None:
    answer = await api.post(
        "/api/new_game",
        {"variant": "qubic", "players": 2, "seats": [{"kind": "human"}], "hints": False},
    )
    assert answer.status_code == 200, answer.text
    state = answer.json()
    assert state["seats"] == [
        {"kind": "human", "level": None, "name": None, "thinking": False},
        {"kind": "human", "level": None, "name": None, "thinking": False},
    ]
    assert state["hints"] is False and state["threats"] == [] and state["computer_move"] is None
    refused = await api.client.get("/api/hint")
    assert refused.status_code == 409 and "hints are off" in refused.json()["error"]


async def test_hint_over_http(api: Harness) -> None:
    await api.post("/api/new_game", {"variant": "qubic", "players": 2})
    for hole in ("R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D"):
        await place(api, hole)
        assert hole in (await api.state())["board"]
    assert (await api.state())["threats"] == [{"team": 0, "holes": ["R-I-C"]}]
    answer = await api.stepping(api.client.get("/api/hint"))
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["seat"] == 1 and hint["action"] == "place" and hint["hole"] == "R-I-C"
    assert hint["token"] is None and hint["reason"]


async def test_seat_switch_over_http(api: Harness) -> None:
    await api.post("/api/new_game", {"variant": "qubic", "players": 2})
    answer = await api.post("/api/seats", {"seat": 0, "kind": "computer", "level": 1})
    assert answer.status_code == 200, answer.text
    assert answer.json()["seats"][0]["kind"] == "computer"
    assert api.service.computer.wait(60)
    api.advance(HAND_S)  # the answer carried out: the hands seat the Man, and it settles
    state = await api.state()
    assert len(state["board"]) == 1 and state["to_move"] == 1
    back = await api.post("/api/seats", {"seat": 0, "kind": "human"})
    assert back.json()["seats"][0] == {
        "kind": "human",
        "level": None,
        "name": None,
        "thinking": False,
    }


@pytest.mark.parametrize(
    ("path", "body", "words"),
    [
        (
            "/api/new_game",
            {"variant": "qubic", "players": 2, "seats": [{"kind": "human"}, {"kind": "robot"}]},
            "seat 1: kind must be",
        ),
        (
            "/api/new_game",
            {"variant": "qubic", "players": 2, "seats": [{"kind": "computer", "level": 9}]},
            "seat 0: level must be",
        ),
        ("/api/new_game", {"variant": "qubic", "players": 2, "hints": "no"}, "hints"),
        ("/api/seats", {"seat": 8, "kind": "human"}, "seat: a seat 0..7"),
        ("/api/seats", {"seat": 1, "kind": "computer", "level": 0}, "level: a level 1..5"),
    ],
)
async def test_bad_seats_are_refused_naming_the_seat(
    api: Harness, path: str, body: dict[str, Any], words: str
) -> None:
    before = await api.state()
    answer = await api.post(path, body)
    assert answer.status_code == 400
    assert words in answer.json()["error"]
    assert (await api.state())["seats"] == before["seats"]


def test_config_seats() -> None:
    config = from_tables(
        {"game": {"seats": [{"kind": "human"}, {"kind": "computer", "level": 5}], "hints": False}},
        "test.toml",
    )
    assert config.game.seats == (Seat(), Seat.computer(5)) and config.game.hints is False
    for bad, words in (
        ([{"kind": "computer", "level": 6}], "seat 1: level must be"),
        ([{"kind": "alien"}], "seat 1: kind must be"),
        ({"kind": "human"}, "[[game.seats]]"),
        ([{"kind": "computer", "levle": 2}], "unknown keys ['levle']"),
    ):
        with pytest.raises(ConfigError) as raised:
            from_tables({"game": {"seats": bad}}, "test.toml")
        assert words in str(raised.value) and "test.toml" in str(raised.value)
    with pytest.raises(ConfigError, match="computer_movetime_ms"):
        from_tables({"game": {"computer_movetime_ms": 0}}, "test.toml")
    with pytest.raises(ConfigError, match="sim_autoplace"):
        from_tables({"board": {"sim_autoplace": "yes"}}, "test.toml")


def test_cli_computer_counts_seats_from_one() -> None:
    config = computer_seats(Config.of(players=3), ["2", "3:5"])
    assert config.game.seats == (Seat(), Seat.computer(), Seat.computer(5))
    assert computer_seats(Config(), ["1:"]).game.seats == (Seat.computer(),)
    for bad in ("0", "4", "x", "1:6", "1:x"):
        with pytest.raises(ConfigError, match="--computer"):
            computer_seats(Config.of(players=3), [bad])


async def test_two_computers_play_flip4_on_its_board(flip4: Harness) -> None:
    """The computers roll, place and step by themselves on the simulated Flip 4 board (their
    steps and flips made by the simulator's hands), from a position set out by hand."""
    position = "b2 c2 d3 e4 / a3 a4 b5 c5"
    answer = await flip4.post(
        "/api/new_game",
        {
            "variant": "flip4",
            "players": 2,
            "seed": 8,
            "options": {"position": position},
            "seats": computers(3),
        },
    )
    assert answer.status_code == 200, answer.text
    await place(flip4, position)
    state = await play_out(flip4, "flip4")
    assert state["winner"] is not None or state["draw"]
    await settled(flip4)
    moved = [e for e in state["events"] if e["type"] == "computer" and e["action"] == "move"]
    assert moved and all(
        re.fullmatch(r"(Red|Blue) moves [a-e][1-5] to [a-e][1-5]", e["words"]) for e in moved
    )


async def test_two_computers_play_olix_on_its_board(olix: Harness) -> None:
    """On the Olix board the computers' counters are set by the simulator's hands and committed
    by the board controller, to the game's end."""
    answer = await olix.post(
        "/api/new_game", {"variant": "olix", "players": 2, "seed": 4, "seats": computers(1)}
    )
    assert answer.status_code == 200, answer.text
    state = await play_out(olix, "olix")
    over = state["events"][-1]
    assert over["type"] == "game_over" and over["reason"] in ("super-pattern", "board full")
    placed = [e for e in state["events"] if e["type"] == "computer" and e["action"] == "place"]
    assert placed and all(re.fullmatch(r"[a-k](1[01]|[1-9])", e["hole"]) for e in placed)
    await settled(olix)


async def test_a_flip4_hint_names_the_step(flip4: Harness) -> None:
    position = "b2 c2 d2 d3 / a3 a4 b5 c5"
    body = {"variant": "flip4", "players": 2, "seed": 1, "options": {"position": position}}
    assert (await flip4.post("/api/new_game", body)).status_code == 200
    await place(flip4, position)
    assert not (await flip4.state())["mismatch"]["missing"]
    assert (await flip4.post("/api/roll", {"faces": "6/4"})).status_code == 200
    hint = (await flip4.stepping(flip4.client.get("/api/hint"))).json()
    assert hint["action"] == "move" and (hint["hole"], hint["to"]) == ("d3", "e2")
    assert hint["reason"] == "moves d3 (24) to e2 (2): wins"


async def test_the_first_player_s_hint_is_the_proof_s_move(api: Harness) -> None:
    """The hint (the top level, as a long press of MENU lights it) of the side that placed
    first is the move the proof viewer names, through the opening of the longest defence."""
    await api.post("/api/new_game", {"variant": "qubic", "players": 2})
    for _ in range(3):
        says = (await api.client.get("/api/proof")).json()["says"]
        hint = (await api.stepping(api.client.get("/api/hint"))).json()
        assert (hint["seat"], hint["hole"]) == (0, says["move"])
        assert "proven" in hint["reason"]
        await place(api, hint["hole"])
        longest = (await api.client.get("/api/proof")).json()["says"]["replies"][0]["hole"]
        await place(api, longest)
