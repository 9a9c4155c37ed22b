"""Computer seats through the HTTP API of a real ``flixboard run`` on the simulated board, and the
checks of seats in the configuration, on the command line and in the API."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from controller.cli.run import computer_seats
from controller.config import Config, ConfigError, from_tables
from controller.seats import Seat
from tests.controller.controller_live import LiveService

GAME_TIMEOUT_S = 300.0
"""A generous bound for a whole game between two computers (a hang fails, speed is benched)."""


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveService]:
    service = LiveService(tmp_path)
    service.start()
    yield service
    assert service.stop() == 0


def computers(level: int = 1) -> list[dict[str, Any]]:
    return [{"kind": "computer", "level": level}, {"kind": "computer", "level": level}]


@pytest.mark.parametrize("variant", ["lucky", "payoff", "tactflix", "qubic"])
def test_two_computers_play_a_whole_game(live: LiveService, variant: str) -> None:
    answer = live.post(
        "/api/new_game", {"variant": variant, "players": 2, "seed": 5, "seats": computers()}
    )
    assert answer.status_code == 200, answer.text
    assert [s["kind"] for s in answer.json()["seats"]] == ["computer", "computer"]
    live.wait_for(lambda: live.state()["phase"] == "game_over", f"{variant} to end", GAME_TIMEOUT_S)
    state = live.state()
    assert state["winner"] is not None or state["draw"]
    assert state["mismatch"] == {} or not any(state["mismatch"].values())
    said = [e for e in state["events"] if e["type"] == "computer"]
    assert said and all(e["seat"] in (0, 1) for e in said)
    if variant != "qubic":  # the winning line was called, by itself, and announced
        calls = [e for e in said if e["action"] == "call"]
        assert calls and calls[-1]["words"] in ("Red calls FLIX", "Blue calls FLIX")


def test_new_game_seats_and_hints_through_the_api(live: LiveService) -> None:
    answer = live.post(
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
    refused = live.get("/api/hint")
    assert refused.status_code == 409 and "hints are off" in refused.json()["error"]


def test_hint_over_http(live: LiveService) -> None:
    live.post("/api/new_game", {"variant": "qubic", "players": 2})
    for hole in ("R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D"):
        assert live.post("/api/sim/place", {"hole": hole}).status_code == 200
        live.wait_for(lambda h=hole: h in live.state()["board"], f"{hole} committed")
    assert live.state()["threats"] == [{"team": 0, "holes": ["R-I-C"]}]
    answer = live.get("/api/hint", timeout=60)
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["seat"] == 1 and hint["action"] == "place" and hint["hole"] == "R-I-C"
    assert hint["token"] is None and hint["reason"]


def test_seat_switch_over_http(live: LiveService) -> None:
    live.post("/api/new_game", {"variant": "qubic", "players": 2})
    answer = live.post("/api/seats", {"seat": 0, "kind": "computer", "level": 1})
    assert answer.status_code == 200, answer.text
    assert answer.json()["seats"][0]["kind"] == "computer"
    live.wait_for(lambda: len(live.state()["board"]) == 1, "the computer's first Man")
    assert live.state()["to_move"] == 1
    back = live.post("/api/seats", {"seat": 0, "kind": "human"})
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
        (
            "/api/new_game",
            {"variant": "qubic", "players": 2, "seats": [{"kind": "human"}] * 3},
            "3 seats given",
        ),
        ("/api/new_game", {"variant": "qubic", "players": 2, "hints": "no"}, "hints"),
        ("/api/seats", {"seat": 5, "kind": "human"}, "no seat 5"),
        ("/api/seats", {"seat": 1, "kind": "computer", "level": 0}, "seat 1: level must be"),
        ("/api/seats", {"seat": 1, "kind": "human", "level": 2}, "seat 1: a human seat"),
    ],
)
def test_bad_seats_are_refused_naming_the_seat(
    live: LiveService, path: str, body: dict[str, Any], words: str
) -> None:
    before = live.state()
    answer = live.post(path, body)
    assert answer.status_code == 400
    assert words in answer.json()["error"]
    assert live.state()["seats"] == before["seats"]


def test_config_seats() -> None:
    config = from_tables(
        {"game": {"seats": [{"kind": "human"}, {"kind": "computer", "level": 5}], "hints": False}},
        "test.toml",
    )
    assert config.seats == (Seat(), Seat.computer(5)) and config.hints is False
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
    config = computer_seats(Config(players=3), ["2", "3:5"])
    assert config.seats == (Seat(), Seat.computer(), Seat.computer(5))
    assert computer_seats(Config(), ["1:"]).seats == (Seat.computer(),)
    for bad in ("0", "4", "x", "1:6", "1:x"):
        with pytest.raises(ConfigError, match="--computer"):
            computer_seats(Config(players=3), [bad])


def test_a_restart_keeps_the_seats_and_computer_takes_a_seat_of_the_resumed_game(
    tmp_path: Path,
) -> None:
    first = LiveService(tmp_path)
    first.start()
    seats = [{"kind": "human"}, {"kind": "computer", "level": 2}]
    body = {"variant": "qubic", "players": 2, "seats": seats}
    assert first.post("/api/new_game", body).is_success
    first.kill()  # no chance to clean up: the journal alone keeps the seats
    again = LiveService(tmp_path)
    again.start()
    kept = again.state()["seats"]
    assert [(s["kind"], s["level"]) for s in kept] == [("human", None), ("computer", 2)]
    assert again.stop() == 0
    third = LiveService(tmp_path, "--computer", "1:4")
    third.start()
    taken = third.state()["seats"]
    assert [(s["kind"], s["level"]) for s in taken] == [("computer", 4), ("computer", 2)]
    assert third.stop() == 0


def test_two_computers_play_flip4_on_its_board(tmp_path: Path) -> None:
    """The computers roll, place and step by themselves on the simulated Flip 4 board (their
    steps and flips made by the simulator's hands), from a position set out by hand."""
    live = LiveService(tmp_path, "--geometry", "flip4")
    live.start()
    try:
        position = "b2 c2 d3 e4 / a3 a4 b5 c5"
        answer = live.post(
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
        for cell in position.replace("/", " ").split():
            assert live.post("/api/sim/place", {"hole": cell}).status_code == 200
        live.wait_for(lambda: live.state()["phase"] == "game_over", "flip4 to end", GAME_TIMEOUT_S)
        state = live.state()
        assert state["winner"] is not None or state["draw"]

        def settled() -> bool:  # the hands' last step is read once it has settled
            now = live.state()
            return set(now["sensed"]) == set(now["board"])

        live.wait_for(settled, "the board to show the game")
        moved = [e for e in state["events"] if e["type"] == "computer" and e["action"] == "move"]
        assert moved and all(
            re.fullmatch(r"(Red|Blue) moves [a-e][1-5] to [a-e][1-5]", e["words"]) for e in moved
        )
    finally:
        assert live.stop() == 0


def test_two_computers_play_olix_on_its_board(tmp_path: Path) -> None:
    """``flixboard run --board sim --geometry olix`` starts Olix; the computers' counters are set
    by the simulator's hands and committed by the board controller, to the game's end."""
    live = LiveService(tmp_path, "--board", "sim", "--geometry", "olix")
    live.start()
    try:
        assert live.state()["variant"] == "olix"
        answer = live.post(
            "/api/new_game", {"variant": "olix", "players": 2, "seed": 4, "seats": computers(1)}
        )
        assert answer.status_code == 200, answer.text
        live.wait_for(lambda: live.state()["phase"] == "game_over", "olix to end", GAME_TIMEOUT_S)
        state = live.state()
        over = state["events"][-1]
        assert over["type"] == "game_over" and over["reason"] in ("super-pattern", "board full")
        placed = [e for e in state["events"] if e["type"] == "computer" and e["action"] == "place"]
        assert placed and all(re.fullmatch(r"[a-k](1[01]|[1-9])", e["hole"]) for e in placed)

        def settled() -> bool:  # the hands' last counter is read once it has settled
            now = live.state()
            return set(now["sensed"]) == set(now["board"])

        live.wait_for(settled, "the board to show the game")
    finally:
        assert live.stop() == 0


def test_a_flip4_hint_names_the_step(tmp_path: Path) -> None:
    live = LiveService(tmp_path, "--geometry", "flip4")
    live.start()
    try:
        position = "b2 c2 d2 d3 / a3 a4 b5 c5"
        body = {"variant": "flip4", "players": 2, "seed": 1, "options": {"position": position}}
        assert live.post("/api/new_game", body).status_code == 200
        for cell in position.replace("/", " ").split():
            assert live.post("/api/sim/place", {"hole": cell}).status_code == 200
        live.wait_for(lambda: not live.state()["mismatch"]["missing"], "the pieces to settle")
        assert live.post("/api/roll", {"faces": "6/4"}).status_code == 200
        hint = live.get("/api/hint", timeout=60).json()
        assert hint["action"] == "move" and (hint["hole"], hint["to"]) == ("d3", "e2")
        assert hint["reason"] == "moves d3 (24) to e2 (2): wins"
    finally:
        assert live.stop() == 0
