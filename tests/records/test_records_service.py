"""Games kept by the service: finished and abandoned games in ``games.sqlite3`` beside the
journal, with the players' names and seats, and the HTTP API that lists, exports and replays
them (real SQLite, the real app in process)."""

from __future__ import annotations

import json
import sqlite3
from itertools import product
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from controller.cli import command_parser
from controller.config import from_tables
from controller.games.spec import D6
from controller.records.journal import Journal
from controller.records.store import GameStore, RecordsError
from controller.remote import fair_dice
from controller.remote.messages import DiceProof
from engine.notation import read_record
from tests.api_harness import Harness

ANN_WINS = ["R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D", "Y-I-D", "R-I-C"]


async def new_game(harness: Harness, **body: Any) -> httpx.Response:
    return await harness.post("/api/new_game", {"variant": "qubic", "players": 2, **body})


async def place(harness: Harness, holes: list[str]) -> None:
    for hole in holes:
        answer = await harness.post("/api/sim/place", {"hole": hole})
        assert answer.status_code == 200, answer.text
        harness.advance(0.5)


async def clear(harness: Harness, holes: list[str]) -> None:
    for hole in holes:
        await harness.post("/api/sim/lift", {"hole": hole})
    harness.advance(0.5)


async def games(harness: Harness, query: str = "") -> dict[str, Any]:
    answer = await harness.client.get(f"/api/games{query}")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


async def test_a_finished_game_is_kept_with_names_seats_and_result(tmp_path: Path) -> None:
    harness = Harness(journal=Journal(tmp_path))
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": 2}]
    answer = await new_game(harness, seats=seats, names=[None, "Hal"], seed=77)
    assert answer.status_code == 200, answer.text
    await harness.post("/api/seats", {"seat": 1, "kind": "human"})  # Hal's name goes with it
    await place(harness, ANN_WINS)
    listed = await games(harness)
    assert listed["total"] == 1 and listed["page"] == 1
    item = listed["games"][0]
    assert item["variant"] == "qubic" and item["result"] == {
        "outcome": "win",
        "team": 0,
        "reason": "line",
    }
    assert [(p["name"], p["kind"], p["team"], p["lines"]) for p in item["players"]] == [
        ("Ann", "human", 0, 1),
        ("Seat 2", "human", 1, 0),
    ]
    assert item["placements"] == 7 and item["started"] and item["ended"]
    record = (await harness.client.get(f"/api/games/{item['id']}")).json()
    assert (
        read_record(record["notation"]).game.to_json() == harness.service.controller.game.to_json()
    )
    row = sqlite3.connect(tmp_path / GameStore.FILE_NAME).execute("SELECT seed FROM games")
    assert row.fetchone() == (77,)  # kept in the file, never shown by the API
    for path in ("/api/games", f"/api/games/{item['id']}", f"/api/games/{item['id']}.json"):
        assert '"seed"' not in (await harness.client.get(path)).text


async def test_abandoned_games_are_kept_and_games_without_a_move_are_not(tmp_path: Path) -> None:
    harness = Harness(journal=Journal(tmp_path))
    await new_game(harness)  # nothing played: not kept when replaced
    await new_game(harness, names=["Ann", "Ben"])
    await place(harness, ANN_WINS[:3])
    await clear(harness, ANN_WINS[:3])
    await harness.post("/api/new_game", {"variant": "lucky", "players": 3})
    items = (await games(harness))["games"]
    assert len(items) == 1 and items[0]["result"]["outcome"] == "abandoned"
    assert items[0]["placements"] == 3 and items[0]["players"][0]["name"] == "Ann"


async def test_a_game_given_up_across_a_restart_is_kept_as_abandoned(tmp_path: Path) -> None:
    first = Harness(journal=Journal(tmp_path))
    await new_game(first, names=["Ann", "Ben"])
    await place(first, ANN_WINS[:2])
    first.service.driver.close()
    second = Harness(journal=Journal(tmp_path))  # the service started again: the game resumes
    assert (await games(second))["total"] == 0
    assert (await second.state())["board"].keys() == {"R-I-S", "Y-I-S"}
    await new_game(second)
    items = (await games(second))["games"]
    assert [(i["result"]["outcome"], i["placements"]) for i in items] == [("abandoned", 2)]


async def test_a_finished_game_stays_kept_when_undo_is_refused(tmp_path: Path) -> None:
    """Undo is refused once a game has ended, so its record stays as it ended."""
    harness = Harness(journal=Journal(tmp_path))
    await new_game(harness)
    await place(harness, ANN_WINS)
    assert (await harness.post("/api/undo")).status_code == 409
    items = (await games(harness))["games"]
    assert [(i["result"]["team"], i["placements"]) for i in items] == [(0, 7)]


async def test_names_come_from_the_configuration_or_default_to_the_seat() -> None:
    config = from_tables({"game": {"seats": [{"kind": "human", "name": "Ann"}]}}, "test.toml")
    harness = Harness(config=config.but(variant="qubic"))
    await place(harness, ANN_WINS)
    names = [p["name"] for p in (await games(harness))["games"][0]["players"]]
    assert names == ["Ann", "Seat 2"]


async def test_bad_names_are_refused() -> None:
    harness = Harness()
    for body, status, words in (
        ({"names": ["Ann", ""]}, 400, "name 1"),
        ({"names": ["x" * 41]}, 400, "1..40"),
        ({"names": ["\u200b"]}, 400, "1..40"),
        ({"names": "Ann"}, 400, "names has the wrong type"),
        ({"names": ["A", "B", "C"]}, 409, "3 names given"),  # more than this game's players
        ({"seats": [{"kind": "human", "name": 5}]}, 400, "seat 0"),
    ):
        answer = await new_game(harness, **body)
        assert answer.status_code == status and words in answer.json()["error"], answer.text


async def test_games_are_paged_and_filtered_by_player_and_variant() -> None:
    harness = Harness()
    for index in range(5):
        await new_game(harness, names=["Ann" if index % 2 else "Ben", "Cy"])
        await place(harness, ANN_WINS)
        await clear(harness, ANN_WINS)
    await harness.post("/api/new_game", {"variant": "lucky", "players": 2, "names": ["Ann"]})
    await harness.post("/api/roll", {"faces": "red/I/spades"})
    await place(harness, ["R-I-S"])
    await new_game(harness)
    everything = await games(harness, "?per_page=2&page=2")
    assert everything["total"] == 6 and [g["id"] for g in everything["games"]] == [4, 3]
    assert (await games(harness, "?player=ann"))["total"] == 3
    assert (await games(harness, "?player=Ann&variant=qubic"))["total"] == 2
    assert (await games(harness, "?variant=lucky"))["games"][0]["result"]["outcome"] == "abandoned"
    stats = (await harness.client.get("/api/games/stats?variant=qubic")).json()["players"]
    assert stats[0] == {
        "name": "Cy",
        "games": 5,
        "wins": 0,
        "draws": 0,
        "abandoned": 0,
        "losses": 5,
        "average_length": 7.0,
        "lines": 0,
    }
    by_name = {row["name"]: row for row in stats}
    assert (by_name["Ben"]["wins"], by_name["Ben"]["lines"]) == (3, 3)


async def test_exports_and_the_replay_of_a_game() -> None:
    harness = Harness()
    await new_game(harness, names=["Ann", "Ben"])
    await place(harness, ANN_WINS)
    text = await harness.client.get("/api/games/1/notation")
    assert text.headers["content-type"].startswith("text/plain")
    assert 'filename="flix-game-1.flix"' in text.headers["content-disposition"]
    assert text.text.startswith("FLIX 1\nVariant qubic\n")
    exported = (await harness.client.get("/api/games/1.json")).json()
    assert [move["action"]["hole"] for move in exported["moves"]] == ANN_WINS
    replay = (await harness.client.get("/api/games/1/replay")).json()
    steps = replay["steps"]
    assert [step["hole"] for step in steps] == [None, *ANN_WINS]
    assert steps[-1]["state"]["winner"] == 0 and steps[3]["state"]["board"].keys() == set(
        ANN_WINS[:3]
    )


def _dice_book(throws: int) -> fair_dice.DiceBook:
    """A remote game's dice as both boards' chains throw them (Flip 4's two dice)."""
    host, guest = fair_dice.Chain(b"h" * 32), fair_dice.Chain(b"g" * 32)
    dice = (D6, D6)
    book = fair_dice.DiceBook("a1b2", 1, "flip4", dice, host.root.hex())
    for n in range(1, throws + 1):
        shares = host.share(n), guest.share(n)
        faces = fair_dice.combine(dice, "a1b2", 1, n, *shares)
        proof = DiceProof(n, shares[0].hex(), shares[1].hex(), guest.root.hex())
        book.throws.append(fair_dice.BookThrow(n, faces, proof))
    return book


async def test_an_exported_record_carries_its_dice_and_a_tampered_throw_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    harness = Harness()
    await new_game(harness, names=["Ann", "Ben"])
    await place(harness, ANN_WINS)
    book = _dice_book(3)
    records = harness.service.controller.session.records
    records.db.execute(
        "UPDATE games SET dice = ? WHERE id = 1", (msgspec.json.encode(book).decode(),)
    )
    exported = (await harness.client.get("/api/games/1.json")).json()
    assert exported["dice"]["host_root"] == book.host_root and len(exported["dice"]["throws"]) == 3
    path = tmp_path / "flix-game-1.json"
    parser, games = command_parser("games")
    path.write_text(json.dumps(exported))
    assert games.main(parser.parse_args(["--verify-dice", str(path)])) == 0
    assert "every throw verifies (3)" in capsys.readouterr().out
    second = exported["dice"]["throws"][1]
    other = next(t for t in map("/".join, product(*book.dice)) if t != second["faces"])
    second["faces"] = other
    path.write_text(json.dumps(exported))
    assert games.main(parser.parse_args(["--verify-dice", str(path)])) == 1
    assert f"throw 2 shows {other}" in capsys.readouterr().out


async def test_malformed_queries_are_refused_with_their_reason() -> None:
    harness = Harness()
    for path, words in (
        ("/api/games?page=0", "page must be a whole number 1.."),
        ("/api/games?per_page=101", "per_page must be a whole number 1..100"),
        ("/api/games?page=1e3", "page must be"),
        ("/api/games?variant=chess", "variant must be one of"),
        ("/api/games?player=", "player: a name is"),
        ("/api/games?colour=red", "unknown query parameter 'colour'"),
        ("/api/games?page=1&page=2", "given twice"),
        ("/api/games/stats?page=1", "unknown query parameter 'page'"),
        ("/api/games/x1", "a game id must be a whole number"),
        ("/api/games/0/replay", "a game id must be a whole number"),
        ("/api/games/1?format=json", "unknown query parameter"),
    ):
        answer = await harness.client.get(path)
        assert answer.status_code == 400 and words in answer.json()["error"], (path, answer.text)
    missing = await harness.client.get("/api/games/7/notation")
    assert missing.status_code == 404 and "no game 7" in missing.json()["error"]
    # an id of 19 digits the document allows, above any game's (2**63-1): no such game, not a 400
    beyond = await harness.client.get("/api/games/9842489276104399277.json")
    assert beyond.status_code == 404 and "no game 9842489276104399277" in beyond.json()["error"]
    names = await harness.client.get("/api/games?player=%C3%A0%C3%81%C2%BD%19")  # a control char
    assert names.status_code == 400


async def test_a_store_that_fails_is_an_event_and_play_goes_on() -> None:
    harness = Harness()
    harness.service.controller.session.records.db.close()
    await new_game(harness)
    await place(harness, ANN_WINS)
    state = await harness.state()
    assert state["phase"] == "game_over" and state["winner"] == 0
    failed = [event for event in state["events"] if event["type"] == "records_failed"]
    assert failed and "cannot" in failed[0]["reason"]


def test_records_of_a_newer_format_are_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / GameStore.FILE_NAME
    sqlite3.connect(path).execute("PRAGMA user_version = 9").connection.close()
    before = path.read_bytes()
    with pytest.raises(RecordsError, match="newer flixboard"):
        GameStore(tmp_path)
    assert path.read_bytes() == before
