"""Resume: ``flixboard run`` killed with SIGKILL at random (seeded) moments resumes its journal.

A scripted player drives games through the HTTP API (rolls, sim hands, undo, calls, new games).
After each kill the journal is replayed here; the restarted service must show exactly that game
(an identical resume), lose no move the player saw committed, then reconcile the simulated board
(kept in a state file, as a real board keeps its pieces). The loop prints its counts.
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

KILLS = 50
GAME_KEYS = (
    "variant",
    "players",
    "to_move",
    "team_of_seat",
    "board",
    "allowed",
    "scored_lines",
    "winner",
    "draw",
    "free_throws",
    "last_throw",
    "supply",
    "options",
)


def game_part(state: dict[str, Any]) -> dict[str, Any]:
    return {key: state[key] for key in GAME_KEYS}


def journal_replay(data_dir: Path) -> dict[str, Any]:
    journal = Journal(data_dir)
    try:
        game, _ = replay(journal.current_game())
    finally:
        journal.close()
    state = game.to_json()
    state["options"] = game.options.to_dict()
    return game_part(state)


def act(service: LiveService, rng: random.Random, settle: bool) -> None:
    """One move of a player who fixes the board first, plays on, sometimes takes back."""
    state = service.state()
    mismatch = state["mismatch"]
    if state["phase"] == "game_over":
        variant = rng.choice(["lucky", "qubic"])
        service.post("/api/new_game", {"variant": variant, "players": rng.choice([2, 3, 4])})
        return
    if mismatch["extra"]:
        hole = rng.choice(mismatch["extra"])
        assert service.post("/api/sim/lift", {"hole": hole}).status_code in (200, 409)
        if settle:
            wait_until(lambda: hole not in service.state()["sensed"], f"{hole} lifted")
        return
    if mismatch["missing"]:
        hole = rng.choice(mismatch["missing"])
        piece = state["board"][hole]["piece"]
        placed = service.post("/api/sim/place", {"hole": hole, "piece": piece}).status_code
        assert placed in (200, 409)
        if settle:
            wait_until(lambda: hole in service.state()["sensed"], f"{hole} put back")
        return
    if state["phase"] == "await_roll":
        assert service.post("/api/roll", {}).status_code == 200
    elif state["phase"] == "await_place":
        if state["board"] and rng.random() < 0.1:
            assert service.post("/api/undo").status_code == 200
            return
        hole = rng.choice(state["allowed"])
        placed = service.post("/api/sim/place", {"hole": hole}).status_code
        assert placed in (200, 409)  # 409: an unsettled hand got there first
        if settle:
            wait_until(lambda: hole in service.state()["sensed"], f"{hole} placed")
        if rng.random() < 0.3:
            service.post("/api/call", {"seat": state["to_move"]})


@pytest.mark.timeout(600)  # 50 kills and restarts: 3 min on a loaded machine
def test_killed_service_resumes_the_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(20240611)
    service = LiveService(
        tmp_path, "--set", "leds.win_animation_s=600", "--set", "board.settle_ms=20"
    )
    service.start()
    service.post("/api/new_game", {"variant": "lucky", "players": 2, "seed": 3})
    identical = lost = 0
    try:
        for _ in range(KILLS):
            for step in range(rng.randint(1, 3)):
                act(service, rng, settle=step > 0 or rng.random() < 0.5)
            seen = service.state()  # what the player saw committed before the kill
            time.sleep(rng.uniform(0.0, 0.2))  # the kill lands at a random moment
            service.kill()
            expected = journal_replay(service.data_dir)
            if not set(seen["board"]) <= set(expected["board"]):
                lost += 1
            service.start()
            state = service.state()
            assert game_part(state) == expected
            sensed, board = set(state["sensed"]), set(state["board"])
            mismatch = state["mismatch"]
            if state["phase"] != "game_over":
                assert set(mismatch["extra"]) == sensed - board
                assert set(mismatch["missing"]) == board - sensed
                assert (state["phase"] == "await_fix") == bool(sensed ^ board)
            identical += 1
    finally:
        service.stop()
        with capsys.disabled():
            print(
                f"\ncrash-resume: {KILLS} SIGKILLs, {identical} identical resumes,"
                f" {lost} lost moves"
            )
    assert (identical, lost) == (KILLS, 0)
