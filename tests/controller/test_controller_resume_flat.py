"""Resume on the flat boards: ``flixboard run --geometry flip4|olix`` killed with SIGKILL at
random (seeded) moments resumes its journal, as the spaceboard does
(tests/controller/test_controller_resume.py).

A scripted player drives games through the HTTP API: Flip 4's rolls, placements and steps (a
lift and a place on the simulated board), Olix's placements, undo now and then, a new game when
one ends. After each kill the journal is replayed here; the restarted service must show exactly
that game, lose no move the player saw committed, and reconcile the board kept in its state file.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from controller.core.game_log import replay
from controller.records.journal import Journal
from tests.controller.controller_live import LiveService
from tests.waiting import wait_until

pytestmark = pytest.mark.live

KILLS = 15
CORNERS = {"a1", "e1", "a5", "e5"}
GAME_KEYS = ("variant", "players", "to_move", "board", "allowed", "winner", "draw", "phase")


def game_part(state: dict[str, Any]) -> dict[str, Any]:
    return {key: state.get(key) for key in GAME_KEYS}


def journal_replay(data_dir: Path) -> dict[str, Any]:
    journal = Journal(data_dir)
    try:
        game, _ = replay(journal.current_game())
    finally:
        journal.close()
    return game_part(game.to_json())


def hand(service: LiveService, path: str, cell: str, settle: bool) -> None:
    """A hand on the simulated board: ``place`` or ``lift`` on ``cell``."""
    assert service.post(f"/api/sim/{path}", {"hole": cell}).status_code in (200, 409)
    if settle:
        held = path == "place"
        wait_until(lambda: (cell in (service.state()["sensed"] or {})) is held, f"{path} {cell}")


def act(service: LiveService, rng: random.Random, geometry: str, settle: bool) -> str:
    """One move of a player who fixes the board first, plays on, sometimes takes back; what it
    did."""
    state = service.state()
    if state["phase"] == "game_over":
        players = 2 if geometry == "olix" else rng.choice([2, 3, 4])
        service.post("/api/new_game", {"variant": geometry, "players": players})
        return "new game"
    mismatch = state["mismatch"]
    if mismatch["extra"]:
        hand(service, "lift", rng.choice(mismatch["extra"]), settle)
        return "fix"
    if mismatch["missing"]:
        hand(service, "place", rng.choice(mismatch["missing"]), settle)
        return "fix"
    if state["actions"]["undo"] and rng.random() < 0.2:  # a move to take back
        assert service.post("/api/undo").status_code == 200
        return "undo"
    if state["phase"] == "await_roll":
        assert service.post("/api/roll", {}).status_code == 200
        return "roll"
    if state["phase"] == "await_place":
        hand(service, "place", rng.choice(state["allowed"]), settle)
        return "place"
    if state["phase"] == "await_move":
        steps = [
            (source, target)
            for source, targets in state["moves"].items()
            for target in targets
            if target not in state["board"] and target not in CORNERS
        ]
        if steps:
            source, target = rng.choice(steps)
            hand(service, "lift", source, settle=True)
            hand(service, "place", target, settle)
            return "step"
    return "wait"


@pytest.mark.parametrize("geometry", ["flip4", "olix"])
def test_killed_service_on_a_flat_board_resumes_the_journal(
    geometry: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(20261124)
    service = LiveService(tmp_path, "--geometry", geometry, "--set", "board.settle_ms=20")
    service.start()
    first: dict[str, Any] = {"variant": geometry, "players": 2, "seed": 5}
    if geometry == "flip4":  # part 2 from the start (the pieces set out first): steps at once
        first["options"] = {"position": "c3 b1 c1 d1 / a3 a4 b5 c5"}
    service.post("/api/new_game", first)
    identical = lost = moves = 0
    done: set[str] = set()
    try:
        for _ in range(KILLS):
            for step in range(rng.randint(2, 6)):
                done.add(act(service, rng, geometry, settle=step > 0 or rng.random() < 0.5))
            seen = service.state()  # what the player saw committed before the kill
            moves = max(moves, len(seen["board"]))
            time.sleep(rng.uniform(0.0, 0.2))  # the kill lands at a random moment
            service.kill()
            expected = journal_replay(service.data_dir)
            if not set(seen["board"]) <= set(expected["board"]):
                lost += 1
            service.start()
            state = service.state()
            assert state["geometry"]["key"] == geometry
            shown = game_part(state)
            if shown["phase"] == "await_fix":  # the board's phase hides the game's until fixed
                shown["phase"] = expected["phase"]
            assert shown == expected
            sensed, board = set(state["sensed"] or {}), set(state["board"])
            if state["phase"] != "game_over":
                assert set(state["mismatch"]["extra"]) == sensed - board
                missing = set(state["mismatch"]["missing"])
                if expected["phase"] in ("await_move", "await_jump"):
                    # a piece lifted for the move under way is in a hand, not missing
                    assert missing <= board - sensed
                else:
                    assert missing == board - sensed
            identical += 1
    finally:
        service.stop()
        with capsys.disabled():
            print(
                f"\ncrash-resume on {geometry}: {KILLS} SIGKILLs, {identical} identical "
                f"resumes, {lost} lost moves, up to {moves} pieces on the board"
            )
    assert (identical, lost) == (KILLS, 0)
    assert moves >= 6  # the games went on between the kills
    assert ({"roll", "step", "undo"} if geometry == "flip4" else {"place", "undo"}) <= done
