"""People, not seats: a name belongs to the person who played; a computer seat is named
"Computer, level N" in the records and the statistics; each game counts once per player (real
SQLite, the real app in process)."""

from __future__ import annotations

from typing import Any

import httpx

from controller.i18n import language
from controller.records.queries import GameResult, GameSeat
from controller.records.words import players_text, result_text
from tests.api_harness import Harness

ANN_WINS = ["R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D", "Y-I-D", "R-I-C"]
"""Seat 1 (Red) completes R-I in seven placements."""


async def new_game(harness: Harness, **body: Any) -> httpx.Response:
    answer = await harness.post("/api/new_game", {"variant": "qubic", "players": 2, **body})
    assert answer.status_code == 200, answer.text
    return answer


async def place(harness: Harness, holes: list[str]) -> None:
    for hole in holes:
        answer = await harness.post("/api/sim/place", {"hole": hole})
        assert answer.status_code == 200, answer.text
        harness.advance(0.5)


async def clear(harness: Harness, holes: list[str]) -> None:
    for hole in holes:
        await harness.post("/api/sim/lift", {"hole": hole})
    harness.advance(0.5)


async def stats(harness: Harness) -> dict[str, dict[str, Any]]:
    answer = await harness.client.get("/api/games/stats")
    assert answer.status_code == 200, answer.text
    return {row["name"]: row for row in answer.json()["players"]}


async def kept_players(harness: Harness) -> list[tuple[str, str]]:
    game = (await harness.client.get("/api/games")).json()["games"][0]
    return [(player["name"], player["kind"]) for player in game["players"]]


async def test_a_computer_seat_is_named_as_the_computer_in_the_records() -> None:
    harness = Harness()
    await new_game(harness, seats=[{"kind": "human"}, {"kind": "computer", "level": 2}])
    await harness.post("/api/seats", {"seat": 1, "kind": "human"})  # hands on the board
    await place(harness, ["R-I-S"])
    await harness.post("/api/seats", {"seat": 1, "kind": "computer", "level": 4})
    await harness.post("/api/new_game", {"variant": "qubic", "players": 2})  # kept, abandoned
    assert (await kept_players(harness)) == [("Seat 1", "human"), ("Computer, level 4", "computer")]


async def test_switching_a_seat_to_the_computer_takes_the_persons_name_off_it() -> None:
    """Issue: switching seat 1 to the computer kept the person's name on it."""
    harness = Harness()
    await new_game(harness, names=["Ann", "Ben"])
    await place(harness, ANN_WINS[:2])
    answer = await harness.post("/api/seats", {"seat": 0, "kind": "computer", "level": 3})
    assert answer.status_code == 200, answer.text
    assert answer.json()["seats"][0]["name"] is None
    await harness.post("/api/seats", {"seat": 0, "kind": "human"})  # someone else takes over
    assert (await harness.state())["seats"][0]["name"] is None
    await harness.post("/api/seats", {"seat": 1, "kind": "human"})  # the same kind: Ben stays
    assert (await harness.state())["seats"][1]["name"] == "Ben"
    await place(harness, ANN_WINS[2:])
    assert (await kept_players(harness)) == [("Seat 1", "human"), ("Ben", "human")]
    assert "Ann" not in await stats(harness)


async def test_each_game_counts_once_for_a_player_in_two_seats() -> None:
    """Issue: the statistics showed one person with 4 games and 2 wins over 3 real games."""
    harness = Harness()
    await new_game(harness, names=["Ann", "Ann"])  # one person plays both seats
    await place(harness, ANN_WINS)
    await clear(harness, ANN_WINS)
    await new_game(harness, names=["Ann", "Ben"])
    await place(harness, ANN_WINS)
    await clear(harness, ANN_WINS)
    await new_game(harness, names=["Ben", "ann"])  # any case: the same person
    await place(harness, ANN_WINS)
    counted = await stats(harness)
    ann = counted["Ann"]
    assert (ann["games"], ann["wins"], ann["losses"], ann["draws"]) == (3, 2, 1, 0)
    assert ann["lines"] == 2 and ann["average_length"] == 7.0
    assert (counted["Ben"]["games"], counted["Ben"]["wins"]) == (2, 1)


def test_the_records_name_the_players_as_the_board_does_in_both_languages() -> None:
    """Issue: ``Seat 1, Computer, level 1 — Seat 1 won`` while the board said ``Red (player 1)``.
    The records keep the names (a person's statistics go by them); their words name the seat."""
    seats = [
        GameSeat(0, "Seat 1", "human", None, 0, 1),
        GameSeat(1, "Computer, level 1", "computer", 1, 1, 0),
        GameSeat(2, "Ann", "human", None, 0, 0),
        GameSeat(3, "Hal", "computer", 3, 1, 0),
    ]
    won = GameResult("win", 0, "line")
    assert players_text(seats) == "Red (player 1), Blue (Computer, level 1), Ann, Hal (computer 3)"
    assert result_text(seats, won) == "Red (player 1) and Ann won (line)"
    german = language("de")
    assert players_text(seats[:2], german) == "Rot (Spieler 1), Blau (Computer, Stufe 1)"
    assert result_text(seats[:2], GameResult("win", 1, "line"), german).startswith(
        "Blau (Computer, Stufe 1) "
    )
