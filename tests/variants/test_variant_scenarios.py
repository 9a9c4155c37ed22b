"""Pay-Off and Tac-T-Flix scenario scripts, run through the real ``flixboard script run`` path."""

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


def events(state: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in state["events"] if e["type"] == kind]


def holes(state: dict[str, Any], piece: str) -> list[str]:
    return [hole for hole, what in state["board"].items() if what["piece"] == piece]


def test_every_scenario_has_a_test() -> None:
    tested = {
        "payoff_205_line",
        "payoff_token_on_completing_man",
        "payoff_two_lines",
        "payoff_physical_tokens",
        "tactflix_free_play_chain",
        "tactflix_two_lines",
        "tactflix_penalty_keeps_burocrats",
        "tactflix_buroline_win",
        "tactflix_eighth_line_win",
        "tactflix_three_teams",
        "tactflix_presence_second_substitution",
        "tactflix_man_put_back",
        "payoff_tokens_to_enter",
        "payoff_undo_and_tokens",
    }
    assert {p.stem for p in SCENARIOS.glob("*.jsonl")} == tested


# ---------------------------------------------------------------- Pay-Off


def test_a_205_point_line_and_the_ledger_carries_over(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("payoff_205_line.jsonl", capsys)
    (paid,) = events(state, "paid_off")
    assert paid["value"] == 205 and paid["values"] == [100, 50, 50, 5] and paid["team"] == 0
    assert paid["ledger"] == [205, -205]
    assert len(events(state, "token_chosen")) == 4 and len(events(state, "token_attached")) == 4
    assert all("token" not in e for e in events(state, "token_chosen"))
    # the board was cleared: the next game of the match runs with the ledger carried over
    assert len(events(state, "game_started")) == 2
    assert state["phase"] == "await_place" and state["board"] == {}
    assert state["ledger"] == [205, -205] and state["game_value"] is None
    assert state["tokens_left"] == [6, 6] and state["token_holes"] == {}


def test_a_token_on_a_completing_man_is_not_attached(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("payoff_token_on_completing_man.jsonl", capsys)
    assert events(state, "placement_refused") == []
    place_c = [e for e in events(state, "place") if e["hole"] == "R-I-C"]
    assert len(place_c) == 1  # committed at once, bare
    assert [e["hole"] for e in events(state, "token_attached")] == ["R-I-D"]
    assert state["tokens_left"][0] == 5  # only the 25 was used: the 100 stays in the hand
    assert state["game_value"]["men"] == {"R-I-S": 5, "R-I-H": 5, "R-I-D": 25, "R-I-C": 5}
    assert state["ledger"] == [40, -40] and state["winner"] == 0
    assert state["message"].startswith("Red wins 40 points. Ledger: Red +40, Blue -40.")


def test_one_call_over_two_lines_pays_the_higher(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("payoff_two_lines.jsonl", capsys)
    (scored,) = events(state, "scored")
    assert len(scored["lines"]) == 2
    assert state["game_value"]["value"] == 115
    assert state["game_value"]["line"] == ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
    assert state["ledger"] == [115, -115]


def test_physical_tokens_are_entered_after_the_call(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("payoff_physical_tokens.jsonl", capsys)
    entered = [(e["hole"], e["token"]) for e in events(state, "token_entered")]
    assert entered == [("R-I-S", 100), ("R-I-H", 50), ("R-I-D", 50), ("R-I-C", None)]
    turns = [e["phase"] for e in events(state, "turn")]
    assert turns[-1] == "await_tokens"
    assert state["game_value"]["value"] == 205 and state["ledger"] == [205, -205]
    assert state["token_mode"] == "physical"


# ---------------------------------------------------------------- Tac-T-Flix


def test_a_free_play_chain_of_two(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("tactflix_free_play_chain.jsonl", capsys)
    free = events(state, "free_play")
    assert [e["hole"] for e in free] == ["R-II-C", "G-I-D"]
    assert [e["hole"] for e in events(state, "substitute")] == ["R-I-S", "R-II-D"]
    assert len(events(state, "withdraw")) == 6
    assert holes(state, "burocrat") == ["R-I-S", "R-II-D"]
    assert state["burocrats_held"] == [6, 8] and state["lines_scored"] == [2, 0]
    assert state["to_move"] == 1 and state["phase"] == "await_place"
    assert state["mismatch"]["missing"] == [] and "board_mismatch" not in [
        e["type"] for e in state["events"][-12:]
    ]


def test_a_two_line_placement(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("tactflix_two_lines.jsonl", capsys)
    (won,) = events(state, "burocrats_won")
    assert won["count"] == 2
    assert [e["left"] for e in events(state, "free_play")] == [1, 0]
    assert holes(state, "burocrat") == ["R-I-C", "R-III-C"]
    assert state["board"]["G-IV-D"] == {"team": 0, "piece": "man"}
    assert state["supply"][0] == 18 - 2 and state["to_move"] == 1


def test_a_penalty_leaves_the_burocrat(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("tactflix_penalty_keeps_burocrats.jsonl", capsys)
    (penalty,) = events(state, "penalty")
    assert penalty["removed"] == ["R-I-H", "R-I-D", "R-I-C"]
    assert state["board"]["R-I-S"] == {"team": 0, "piece": "burocrat"}
    assert state["phase"] == "await_place" and state["to_move"] == 0
    assert state["lines_scored"] == [1, 0] and state["burocrats_held"] == [7, 8]


def test_a_buroline_wins(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("tactflix_buroline_win.jsonl", capsys)
    assert state["winner"] == 0 and state["phase"] == "game_over"
    assert state["buroline"] == ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
    assert events(state, "game_over")[0]["reason"] == "buroline"
    assert state["lines_scored"] == [4, 0]
    assert state["message"].startswith("Red wins with a Buroline!")


def test_the_eighth_line_wins(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("tactflix_eighth_line_win.jsonl", capsys)
    assert state["winner"] == 0 and events(state, "game_over")[0]["reason"] == "lines"
    assert [len(e["lines"]) for e in events(state, "scored")] == [2, 2, 1, 2, 3]
    assert state["burocrats_held"] == [0, 8] and "substitute" not in [
        e["type"] for e in state["events"]
    ]


def test_three_teams_hand_burocrats_to_the_left(capsys: pytest.CaptureFixture[str]) -> None:
    state = run("tactflix_three_teams.jsonl", capsys)
    assert state["burocrat_holder"] == [1, 2, 0]
    assert state["burocrats_held"] == [8, 8, 7] and state["lines_scored"] == [0, 0, 1]
    assert state["board"]["Y-I-H"] == {"team": 2, "piece": "burocrat"}
    assert state["to_move"] == 0 and state["phase"] == "await_place"
