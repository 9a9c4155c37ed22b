"""Reconciliation edge cases on the simulated board, through the real controller."""

from __future__ import annotations

from controller.config import Config
from controller.core.session import game_entry
from controller.tools.board_view import draw, legend, piece_glyphs, team_letters
from controller.tools.sim_run import SimRun
from engine.game import SEED_LIMIT
from engine.holes import parse

CONFIG = Config()


def lucky(seed: int = 1) -> SimRun:
    return SimRun(CONFIG, first_game=game_entry(CONFIG, "lucky", 2, seed, None))


def roll(run: SimRun, faces: str) -> None:
    run.controller.set_next_faces(faces)
    run.board.press("roll")
    run.advance(0.05)


def test_a_burocrat_in_the_lit_hole_in_lucky_is_refused_then_a_man_counts() -> None:
    run = lucky()
    roll(run, "yellow/II/hearts")
    run.board.place("Y-II-H", "burocrat")
    run.settle()
    state = run.controller.state(test_view=True)
    assert state["board"] == {} and state["phase"] == "await_fix"
    assert state["mismatch"]["extra"] == ["Y-II-H"]
    refused = [e for e in state["events"] if e["type"] == "placement_refused"]
    assert refused and "Burocrat" in refused[-1]["reason"]
    run.advance(CONFIG.board.fix_after_s)
    assert run.controller.fix_words == ["Lift the Burocrat from Y-II-H"]
    run.board.lift("Y-II-H")
    run.board.place("Y-II-H")  # the Man goes in at the same instant the Burocrat comes out
    run.settle()
    state = run.controller.state()
    assert state["board"] == {"Y-II-H": {"team": 0, "piece": "man"}}
    assert state["phase"] == "await_roll" and state["to_move"] == 1


def test_a_man_swapped_for_a_burocrat_at_one_instant_is_the_wrong_kind() -> None:
    run = lucky()
    roll(run, "yellow/II/hearts")
    run.board.place("Y-II-H")
    run.settle()
    run.board.lift("Y-II-H")
    run.board.place("Y-II-H", "burocrat")
    run.settle()
    assert run.controller.state()["mismatch"]["wrong_kind"] == ["Y-II-H"]
    run.board.lift("Y-II-H")
    run.board.place("Y-II-H")
    run.settle()
    assert run.controller.phase == "await_roll"


def test_panels_swapped_and_swapped_back_at_once_settle_in_settle_time() -> None:
    run = lucky()
    roll(run, "yellow/II/hearts")
    run.board.place("Y-II-H")
    run.settle()
    run.board.seat_panel(1, "G")
    run.board.seat_panel(2, "Y")
    run.settle()
    grooves = run.controller.state()["mismatch"]["grooves"]
    assert [(g["groove"], g["found"]) for g in grooves] == [(1, "G"), (2, "Y")]
    run.board.seat_panel(1, "Y")
    run.board.seat_panel(2, "G")
    run.settle()
    assert run.controller.phase == "await_roll"
    roll(run, "red/I/spades")
    assert run.controller.state()["allowed"] == ["R-I-S"]


def test_a_panel_in_the_wrong_groove_blocks_play_until_fixed() -> None:
    run = lucky()
    roll(run, "yellow/II/hearts")
    run.board.place("Y-II-H")
    run.settle()
    run.board.remove_panel(1)
    run.settle()
    run.board.seat_panel(2, "Y")  # into the Green panel's groove; Green comes out
    run.settle()
    run.advance(CONFIG.board.fix_after_s)
    words = run.controller.fix_words
    assert "Seat the Yellow panel in groove 2" in words
    assert "Groove 3 holds the Yellow panel: put the Green panel there" in words
    seen = len(run.controller.session.events)
    run.board.press("roll")
    run.advance(0.05)
    kinds = [e["type"] for e in list(run.controller.session.events)[seen:]]
    assert "refused" in kinds and "roll" not in kinds  # not while the board needs fixing
    run.board.seat_panel(1, "Y")
    run.board.seat_panel(2, "G")
    run.settle()
    assert run.controller.phase == "await_roll"
    assert run.controller.state()["board"] == {"Y-II-H": {"team": 0, "piece": "man"}}


def test_lifted_and_put_back_within_settle_time_counts_as_nothing() -> None:
    run = lucky()
    roll(run, "yellow/II/hearts")
    run.board.place("Y-II-H")
    run.settle()
    seen = len(run.controller.session.events)
    run.board.lift("Y-II-H")
    run.advance(CONFIG.settle_s / 2)
    run.board.place("Y-II-H")
    run.settle()
    roll(run, "red/I/spades")
    run.board.place("R-I-S")
    run.advance(CONFIG.settle_s / 2)
    run.board.lift("R-I-S")
    run.settle()
    kinds = [e["type"] for e in list(run.controller.session.events)[seen:]]
    assert "board_mismatch" not in kinds and "place" not in kinds
    assert run.controller.phase == "await_place"


def test_each_teams_men_are_told_apart_in_the_terminal_view() -> None:
    run = lucky()
    roll(run, "yellow/II/hearts")
    run.board.place("Y-II-H")
    run.settle()
    roll(run, "red/I/spades")
    run.board.place("R-I-S")
    run.settle()
    run.board.place("B-IV-C")  # a stray Man the game does not know
    run.settle()
    assert piece_glyphs(run.controller) == {parse("Y-II-H"): "r", parse("R-I-S"): "b"}
    lines = draw(run.board, run.controller, color=False).splitlines()
    assert lines[2].endswith("o]")  # the stray Man blinks white: plain glyph
    assert " r " in lines[4] or "[r]" in lines[4]
    assert lines[5].startswith("  I   b") or lines[5].startswith("  I  [b]")
    assert lines[-1] == "pieces  r Red   b Blue"
    tactflix = SimRun(CONFIG, first_game=game_entry(CONFIG, "tactflix", 2, 1, None))
    assert legend(tactflix.controller).endswith("(capitals: Burocrats)")


def test_team_letters_fall_back_when_initials_clash() -> None:
    assert team_letters(("Red", "Blue", "Green"), 3) == ["r", "b", "g"]
    assert team_letters(("Blue", "Black"), 2) == ["a", "b"]
    assert team_letters(("1st", "2nd"), 2) == ["a", "b"]


def test_the_game_after_the_largest_seed_starts_again_from_seed_zero() -> None:
    run = lucky(SEED_LIMIT - 1)
    ctl = run.controller
    ctl.resign(0, run.clock.now())
    ctl.session.start_next(run.clock.now())
    assert ctl.state(test_view=True)["seed"] == 0 and not ctl.game.game_over
