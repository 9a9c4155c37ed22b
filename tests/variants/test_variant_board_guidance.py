"""Scenario scripts on the board: what the LEDs and the message show while a Tac-T-Flix
substitution or withdrawal is put right, the presence-only substitution across turns, and the
Pay-Off tokens still to be entered."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

import controller.tools.script as script
from controller.config import Config
from controller.core.state import as_json
from controller.tools.sim_run import SimRun
from engine.holes import parse

SCENARIOS = Path(__file__).with_name("scenarios")


def play(
    name: str, lines: int | None = None, sensing: str = "analog"
) -> tuple[dict[str, Any], SimRun]:
    """Run the scenario (its first ``lines`` actions only, when given) on the simulated board
    with the given sensing; the final state (test view) and the simulation."""
    path = SCENARIOS / name
    parsed = script.parse_lines(path.read_text(encoding="utf-8"), str(path))
    runner = script.ScriptRunner(Config(), str(path))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(script, "SimRun", functools.partial(SimRun, sensing=sensing))
        state = as_json(runner.execute(parsed if lines is None else parsed[:lines]))
    return state, runner.run


def count_until(name: str, text: str, occurrence: int = 1) -> int:
    """How many actions the scenario has up to and including the ``occurrence``-th line
    containing ``text``."""
    path = SCENARIOS / name
    parsed = script.parse_lines(path.read_text(encoding="utf-8"), str(path))
    seen = 0
    for index, line in enumerate(parsed, start=1):
        if text in f"{line.action} {line.value} {line.extra}":
            seen += 1
            if seen == occurrence:
                return index
    raise AssertionError(f"{text!r} not found {occurrence} times in {name}")


def kinds(state: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in state["events"] if e["type"] == kind]


def colours(run: SimRun, hole: str, seconds: float) -> set[tuple[int, int, int]]:
    """Every colour the hole showed during the last ``seconds``."""
    now = run.clock.now()
    return {frame.color(parse(hole)) for frame in run.board.frames_during(now - seconds, now)}


# ---------------------------------------------------------------- Tac-T-Flix


def test_presence_substitution_is_not_triggered_by_a_lift_of_an_earlier_turn() -> None:
    name = "tactflix_presence_second_substitution.jsonl"
    upto = count_until(name, "lift R-III-H")
    state, _ = play(name, upto, sensing="presence")
    assert state["phase"] == "substitute"
    assert [e["hole"] for e in kinds(state, "substitute")] == ["R-I-S"]  # the first turn's only
    assert state["board"]["R-I-H"] == {"team": 0, "piece": "man"}
    assert "put a Burocrat (not a Man) in R-III-H" in state["message"]
    state, _ = play(name, sensing="presence")
    assert [e["hole"] for e in kinds(state, "substitute")] == ["R-I-S", "R-III-H"]
    assert state["board"]["R-I-H"] == {"team": 0, "piece": "man"}
    assert state["board"]["R-III-H"] == {"team": 0, "piece": "burocrat"}
    assert state["phase"] == "withdraw"
    assert state["allowed"] == ["R-I-H", "R-II-H", "R-IV-H"]


def test_a_man_put_back_is_no_substitution_and_the_message_says_what_to_seat() -> None:
    name = "tactflix_man_put_back.jsonl"
    state, _ = play(name, count_until(name, "lift R-I-H"))
    assert state["phase"] == "substitute" and state["mismatch"]["missing"] == []
    assert "put a Burocrat (not a Man) in R-I-H" in state["message"]
    state, run = play(name, count_until(name, "place R-I-H", 2))
    assert state["phase"] == "substitute" and not kinds(state, "substitute")
    assert state["board"]["R-I-H"] == {"team": 0, "piece": "man"}
    assert "lift one of your blinking Men and put a Burocrat in its hole" in state["message"]
    red = run.controller.config.leds.team_colours[0]
    assert colours(run, "R-I-H", 0.5) == {red, (255, 255, 255)}  # offered again: it blinks


def test_a_missing_piece_in_a_lit_line_blinks() -> None:
    state, run = play("tactflix_man_put_back.jsonl")
    assert [e["hole"] for e in kinds(state, "substitute")] == ["R-I-H"]
    assert state["phase"] == "await_fix" and state["mismatch"]["missing"] == ["R-I-H"]
    red = run.controller.config.leds.team_colours[0]
    assert colours(run, "R-I-H", 1.0) == {red, (0, 0, 0)}  # on and off, not a steady red
    now = run.clock.now()
    assert parse("R-I-H") in run.board.blinking_holes(now - 1.0, now)
    assert {parse(h) for h in ("R-I-S", "R-I-D", "R-I-C")} <= run.board.lit_holes()


# ---------------------------------------------------------------- Pay-Off


def test_the_men_whose_token_is_still_to_enter_blink_and_are_named() -> None:
    state, run = play("payoff_tokens_to_enter.jsonl")
    assert state["phase"] == "await_tokens"
    assert state["message"].endswith("still to enter: R-I-H R-I-D R-I-C.")
    red = run.controller.config.leds.team_colours[0]
    assert colours(run, "R-I-S", 0.9) == {red}  # entered: steady in the line's colour
    for hole in ("R-I-H", "R-I-D", "R-I-C"):
        assert colours(run, hole, 0.9) == {red, (255, 255, 255)}
    threats = {parse(h) for threat in state["threats"] for h in threat["holes"]}
    line = {parse(h) for h in ("R-I-S", "R-I-H", "R-I-D", "R-I-C")}
    assert run.board.lit_holes() == line | threats  # and the dim threat layer (hints are on)
    ctl, now = run.controller, run.clock.now()
    with pytest.raises(Exception, match="R-I-S is already entered"):
        ctl.set_token(None, 50, "R-I-S", now)
    with pytest.raises(Exception, match="B-IV-S is not in the scored line"):
        ctl.set_token(None, 50, "B-IV-S", now)


def test_undo_gives_the_token_back_and_drops_a_choice_made_for_another_seat() -> None:
    name = "payoff_undo_and_tokens.jsonl"
    state, _ = play(name, count_until(name, "undo True"))
    assert state["tokens_left"] == [6, 6] and state["token_holes"] == {}
    assert state["mismatch"]["extra"] == ["R-I-S"] and state["to_move"] == 0
    state, run = play(name, count_until(name, "undo True", 2))
    ctl = run.controller
    assert state["to_move"] == 1 and state["token_chosen"] is False
    assert "token" not in ctl.state(view_team=1) and "token" not in ctl.state(view_team=0)
    state, run = play(name)
    assert state["to_move"] == 0 and state["token_holes"] == {}
    assert state["tokens_left"] == [6, 6] and state["token_chosen"] is False
    assert [e["hole"] for e in state["events"] if e["type"] == "token_attached"] == ["R-I-S"]
    assert state["message"] == "Red (player 1): place a Man in any empty hole."
