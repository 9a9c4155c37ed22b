"""Olix on its own simulated 11x11 board through the HTTP API: a counter set on a lit cell is
committed by the board controller, the LEDs light the patterns just scored in the scorer's
colour, two counters at once are guided back and nothing counts, the spaceboard's variants are
refused, and a whole game is played by hands on the board."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from controller.config import Config
from controller.core.state import as_json
from controller.leds import scale
from controller.tools.demo import play
from controller.tools.script import run_file
from engine.olix_patterns import GRID
from hal.geometry import load_geometry
from tests.api_harness import Harness

SETTLE = 0.2
"""More than the settle time (120 ms): each hand action stands long enough to be read."""
RED, BLUE = Config().leds.team_colours[:2]


@pytest.fixture
def api() -> Harness:
    return Harness(geometry=load_geometry("olix"))


async def hand(api: Harness, doing: str, cell: str) -> dict[str, Any]:
    response = await api.post(f"/api/sim/{doing}", {"hole": cell})
    assert response.status_code == 200, response.text
    api.advance(SETTLE)
    return await api.state()


def colour(api: Harness, cell: str) -> tuple[int, int, int]:
    frame = api.board.last_frame
    assert frame is not None
    return frame.colors[GRID.parse(cell)]


async def test_the_service_on_an_olix_board_starts_olix_and_lights_every_empty_cell(
    api: Harness,
) -> None:
    state = await api.state()
    assert state["variant"] == "olix" and state["phase"] == "await_place"
    assert state["geometry"] == {"key": "olix", "cells": 121, "rows": 11, "cols": 11}
    assert state["message"] == "Red (player 1): place a counter on any empty cell."
    assert api.board.lit_holes() == set(range(121))
    assert colour(api, "f6") == scale(RED, 0.35)
    info = (await api.client.get("/api/info")).json()
    assert info["variants"] == ["olix"] and info["players"] == [2]


async def test_a_placement_is_committed_and_the_pattern_just_scored_lights(api: Harness) -> None:
    for cell in ("a1", "k11", "b1", "k10", "c1"):
        await hand(api, "place", cell)
    state = await hand(api, "place", "k8")  # "k9" would make Blue's I: Blue keeps clear of it
    assert state["board"]["c1"] == {"team": 0, "piece": "man"} and state["last_patterns"] == []
    state = await hand(api, "place", "d1")  # "The first player creates an I-4 ..."
    assert state["last_patterns"] == [
        {"team": 0, "pattern": "I", "value": 4, "holes": ["a1", "b1", "c1", "d1"], "kept": True}
    ]
    assert [colour(api, c) for c in ("a1", "b1", "c1", "d1")] == [RED] * 4
    assert colour(api, "e1") == scale(BLUE, 0.35)  # empty, lit for Blue, now to move
    assert colour(api, "k11") == (0, 0, 0)  # Blue's counter, no pattern
    state = await hand(api, "place", "f6")  # the next placement scores nothing: no highlight
    assert state["last_patterns"] == [] and colour(api, "a1") == (0, 0, 0)


async def test_two_counters_at_once_are_guided_back_and_nothing_counts(api: Harness) -> None:
    await api.post("/api/sim/place", {"hole": "a1"})
    state = await hand(api, "place", "b1")
    assert state["phase"] == "await_fix" and state["board"] == {}
    assert set(state["sensed"]) == {"a1", "b1"} and state["to_move"] == 0
    assert api.board.lit_holes() >= {GRID.parse("a1"), GRID.parse("b1")}  # blinking white
    await hand(api, "lift", "b1")
    state = await hand(api, "lift", "a1")
    assert state["phase"] == "await_place" and state["board"] == {} and state["to_move"] == 0
    state = await hand(api, "place", "b1")
    assert state["board"] == {"b1": {"team": 0, "piece": "man"}} and state["to_move"] == 1


async def test_a_spaceboard_variant_is_refused_on_the_olix_board(api: Harness) -> None:
    before = await api.state()
    response = await api.post("/api/new_game", {"variant": "qubic", "players": 2})
    assert response.status_code == 409
    assert response.json()["error"] == (
        "qubic is played on the flix (64 holes on 4 panels) board; this board is olix (11x11, "
        "121 cells): start olix"
    )
    await api.unchanged(before)


async def test_a_whole_game_by_hands_on_the_board(api: Harness) -> None:
    """Seeded random placements by hand until the game ends: every counter is committed where
    it was set, every pattern scored lights, and the end is a super-pattern or a full grid."""
    rng = random.Random(5)
    state = await api.state()
    placed: dict[str, int] = {}
    while state["phase"] != "game_over":
        cell = rng.choice(state["allowed"])
        team = state["to_move"]
        state = await hand(api, "place", cell)
        placed[cell] = team
        assert {name: c["team"] for name, c in state["board"].items()} == placed
        if state["phase"] != "game_over":
            for found in state["last_patterns"]:
                lit = [colour(api, name) for name in found["holes"]]
                assert lit == [(RED, BLUE)[found["team"]]] * len(found["holes"])
    over = state["events"][-1]
    assert over["type"] == "game_over" and over["reason"] in ("super-pattern", "board full")
    assert any(e["type"] == "pattern" for e in state["events"]) and len(placed) <= 121
    if over["reason"] == "super-pattern":
        events = state["events"]
        last = max(i for i, e in enumerate(events) if e["type"] == "place")
        scored = [e for e in events[last:] if e["type"] == "pattern"]
        assert over["winner"] == placed[cell] and any(e["super"] for e in scored)


def test_a_scenario_script_plays_olix_on_its_board(tmp_path: Path) -> None:
    """A script whose first game is Olix runs on the simulated Olix board: the counters it
    places are committed, the I-8 of row 1 wins (the rule book's default I line ends at 7)."""
    script = tmp_path / "olix.jsonl"
    red = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
    blue = ["k11", "k9", "k7", "k5", "k3", "k1", "i11", ""]
    moves = [cell for pair in zip(red, blue, strict=True) for cell in pair if cell]
    lines = [json.dumps({"new_game": {"variant": "olix", "players": 2}})]
    for cell in moves:  # each counter settles before the next is set
        lines += [json.dumps({"place": cell}), '{"wait": 0.2}']
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    final, _ = run_file(script, Config())
    state = as_json(final)
    assert state["geometry"]["key"] == "olix" and state["winner"] == 0
    over = state["events"][-1]
    assert (over["type"], over["winner"], over["reason"]) == ("game_over", 0, "super-pattern")
    assert sorted(state["board"]) == sorted(moves)
    assert [p["holes"] for p in state["last_patterns"]] == [red]


def test_the_demo_plays_olix_on_its_board() -> None:
    out = io.StringIO()
    state = as_json(play("olix", 2, out, color=False, delay=0.0, level=1))
    assert state["phase"] == "game_over" and state["geometry"]["key"] == "olix"
    assert not [e for e in state["events"] if e["type"] in ("computer_refused", "refused")]
    assert set(state["sensed"]) == set(state["board"])
    assert out.getvalue().rstrip().splitlines()[-1].startswith("Result: ")
