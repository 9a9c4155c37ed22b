"""Scenario scripts under scenarios/, run through the real ``flixboard script run`` code path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from controller.cli import main as cli

SCENARIOS = Path(__file__).with_name("scenarios")


def run(name: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert cli(["script", "run", str(SCENARIOS / name), "--json"]) == 0
    state: dict[str, Any] = json.loads(capsys.readouterr().out)
    return state


def types(state: dict[str, Any]) -> list[str]:
    return [e["type"] for e in state["events"]]


def first(state: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(e for e in state["events"] if e["type"] == kind)


def test_every_scenario_has_a_test() -> None:
    tested = {
        "hover_and_slide",
        "wrong_hole",
        "two_at_once",
        "lifted_from_committed",
        "panel_pulled",
        "fff_two_players",
        "fff_three_players",
        "free_throws",
        "late_call",
        "penalty_guided_removal",
        "partners_four_players",
        "lucky_called_win",
        "qubic_win",
        "qubic_block_request",
        "undo",
        "menu_undo",
        "await_calls",
    }
    assert {p.stem for p in SCENARIOS.glob("*.jsonl")} == tested


def test_hover_and_slide_never_commit(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("hover_and_slide.jsonl", capsys)
    assert state["board"] == {} and state["sensed"] == {}
    assert state["phase"] == "await_place" and state["allowed"] == ["Y-II-H"]
    assert "place" not in types(state) and "board_mismatch" not in types(state)


def test_man_in_wrong_hole_blinks_and_is_described_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = run("wrong_hole.jsonl", capsys)
    assert state["board"] == {} and state["phase"] == "await_fix"
    assert state["mismatch"]["extra"] == ["R-I-S"]
    assert state["fix"] == ["Lift the Man from R-I-S"]
    refused = first(state, "placement_refused")
    hint = first(state, "fix_hint")
    assert refused["hole"] == "R-I-S"
    # A Man refused in an unlit hole is described at once, not after fix_after_s.
    assert hint["at"] == first(state, "board_mismatch")["at"]


def test_two_pieces_at_once_are_not_committed(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("two_at_once.jsonl", capsys)
    assert state["board"] == {} and state["phase"] == "await_fix"
    assert state["mismatch"]["extra"] == ["Y-II-S", "Y-II-H"]
    assert state["fix"] == []  # the words come only after fix_after_s
    assert "place" not in types(state)


def test_piece_lifted_from_committed_hole(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("lifted_from_committed.jsonl", capsys)
    assert state["board"] == {"Y-II-H": {"team": 0, "piece": "man"}}
    assert state["phase"] == "await_fix" and state["mismatch"]["missing"] == ["Y-II-H"]
    assert state["fix"] == ["Put the Red Man back on Y-II-H"]


def test_panel_pulled_out_mid_game(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("panel_pulled.jsonl", capsys)
    assert state["phase"] == "await_fix"
    assert state["mismatch"]["grooves"] == [{"groove": 1, "expected": "Y", "found": None}]
    assert state["fix"] == ["Seat the Yellow panel in groove 2"]
    assert first(state, "refused")["button"] == "roll"
    assert state["board"] == {"Y-II-H": {"team": 0, "piece": "man"}}


def test_fff_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("fff_two_players.jsonl", capsys)
    assert first(state, "opponent_anywhere")["opponent"] == 1
    assert state["board"] == {"G-III-D": {"team": 1, "piece": "man"}}
    assert state["to_move"] == 0 and state["phase"] == "await_roll"


def test_fff_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("fff_three_players.jsonl", capsys)
    assert first(state, "opponent_anywhere")["opponent"] == 1
    assert state["board"] == {"G-III-D": {"team": 1, "piece": "man"}}
    assert state["to_move"] == 2 and state["phase"] == "await_roll"


def test_free_throws(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("free_throws.jsonl", capsys)
    assert first(state, "free_throws")["added"] == 2
    placed = [(e["seat"], e["hole"]) for e in state["events"] if e["type"] == "place"]
    assert placed == [(0, "Y-II-H"), (0, "R-I-S")]
    assert state["to_move"] == 1 and state["free_throws"] == 0


def test_late_call_still_scores(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("late_call.jsonl", capsys)
    scored = first(state, "scored")
    assert scored["how"] == "late call" and scored["team"] == 0
    assert state["winner"] == 0 and state["phase"] == "game_over"
    assert state["pending_lines"] == 0
    assert first(state, "line_completed")["secret"] is True


def test_penalty_with_guided_removal(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("penalty_guided_removal.jsonl", capsys)
    penalty = first(state, "penalty")
    assert penalty["removed"] == ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
    hint = first(state, "fix_hint")
    assert hint["at"] == penalty["at"]  # guidance at once, not after fix_after_s
    assert hint["words"] == [f"Lift the Man from R-I-{s}" for s in "SHDC"]
    refusals = [e for e in state["events"] if e["type"] == "refused"]
    assert refusals and "fix the board first" in refusals[0]["reason"]
    assert state["supply"][0] == 18 and not any(h.startswith("R-I-") for h in state["board"])
    assert state["phase"] == "await_place" and state["last_throw"] == "yellow/III/clubs"


def test_partners_turn_order(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("partners_four_players.jsonl", capsys)
    assert state["team_of_seat"] == [0, 1, 0, 1]
    placed = [(e["seat"], e["team"]) for e in state["events"] if e["type"] == "place"]
    assert placed == [(0, 0), (1, 1), (2, 0), (3, 1), (0, 0)]
    assert state["to_move"] == 1


def test_full_lucky_game_to_a_called_win(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("lucky_called_win.jsonl", capsys)
    kinds = types(state)
    scored = first(state, "scored")
    assert scored["how"] == "call" and scored["lines"] == [["R-I-S", "R-I-H", "R-I-D", "R-I-C"]]
    assert first(state, "game_over")["winner"] == 0
    assert kinds.index("clear_board") < len(kinds) - 1
    restarted = [e for e in state["events"] if e["type"] == "game_started"]
    assert len(restarted) == 2 and state["seed"] == 2  # the next game once the board is empty
    assert state["phase"] == "await_roll" and state["board"] == {} and state["winner"] is None


def test_qubic_win(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("qubic_win.jsonl", capsys)
    assert state["variant"] == "qubic" and state["winner"] == 0
    assert state["scored_lines"] == [[0, ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]]]
    assert state["phase"] == "game_over"


@pytest.mark.parametrize("script", ["undo.jsonl", "menu_undo.jsonl"])
def test_undo_takes_back_the_last_placement(
    script: str, capsys: pytest.CaptureFixture[str]
) -> None:
    state = run(script, capsys)
    undo = first(state, "undo")
    assert undo["hole"] == "Y-II-H" and undo["actions"] == 2
    assert first(state, "fix_hint")["words"] == ["Lift the Man from Y-II-H"]
    assert state["board"] == {"Y-II-S": {"team": 0, "piece": "man"}}
    assert state["to_move"] == 1


def test_qubic_block_request_from_the_penalty_button(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("qubic_block_request.jsonl", capsys)
    assert state["to_move"] == 0 and state["allowed"] == ["R-I-C"]  # the three formed first
    assert "refused" not in types(state)


def test_nobody_can_place_but_an_uncalled_line_still_scores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = (SCENARIOS / "await_calls.jsonl").read_text().splitlines()
    waiting = tmp_path / "waiting.jsonl"
    waiting.write_text("\n".join(lines[:-1]) + "\n")
    state = run(str(waiting), capsys)
    assert state["phase"] == "await_calls" and state["supply"] == [0, 0]
    assert state["message"].startswith("Nobody can place a Man: call FLIX")
    assert state["pending_lines"] == 1 and state["winner"] is None and not state["draw"]
    state = run("await_calls.jsonl", capsys)
    assert state["winner"] == 0 and state["scored_lines"] == [
        [0, ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]]
    ]
