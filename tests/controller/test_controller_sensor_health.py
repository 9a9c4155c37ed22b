"""A sensor whose wire broke, through the real controller on the simulated board: the board's
health names it by its hole, in every language; its hole blinks as a hole to fix, and the fix
words say what is broken instead of asking to lift a piece that is not there."""

from __future__ import annotations

from controller.config import Config
from controller.core.session import game_entry
from controller.tools.sim_run import SimRun
from engine.holes import parse
from hal.geometry import load_geometry

CONFIG = Config()
BROKEN = "The sensor under R-I-S reads 0.0 V: its wire is broken or the sensor is missing"


def test_a_broken_sensor_wire_is_the_boards_health_and_its_holes_fix() -> None:
    run = SimRun(CONFIG, first_game=game_entry(CONFIG, "lucky", 2, 1, None))
    run.board.fault_disconnected("R-I-S")
    run.settle()
    start = run.clock.now()
    run.advance(CONFIG.board.fix_after_s)
    state = run.controller.state()
    assert state["board_health"] == [BROKEN]
    assert state["languages"]["de"]["health"][0].startswith("Der Sensor unter R-I-S misst 0.0 V")
    assert state["phase"] == "await_fix" and state["mismatch"]["extra"] == ["R-I-S"]
    assert run.controller.fix_words == [BROKEN]  # not "Lift the Man from R-I-S"
    assert parse("R-I-S") in run.board.blinking_holes(start, run.clock.now())
    run.board.clear_fault("R-I-S")
    run.settle()
    state = run.controller.state()
    assert state["board_health"] == [] and state["phase"] == "await_roll"


def test_a_magnet_at_the_end_of_its_sensors_range_is_a_piece_not_a_fault() -> None:
    run = SimRun(CONFIG, first_game=game_entry(CONFIG, "lucky", 2, 1, None))
    run.controller.set_next_faces("yellow/II/hearts")
    run.board.press("roll")
    run.advance(0.05)
    run.board.place("Y-II-H", strong=True)
    run.settle()
    state = run.controller.state()
    assert state["board_health"] == []
    assert state["board"] == {"Y-II-H": {"team": 0, "piece": "man"}}


def test_a_stuck_reed_on_a_flat_board_is_a_piece_to_lift_and_blinks_at_game_start() -> None:
    """A reed welded shut reads a piece on a cell nobody filled: the game waits on the fix, its
    words name the cell and the cell blinks, as for any piece out of place (a reed gives no
    voltage to judge, so it is no sensor fault)."""
    run = SimRun(
        CONFIG,
        first_game=game_entry(CONFIG, "flip4", 2, 1, None),
        sensing="presence",
        geometry=load_geometry("flip4"),
    )
    run.board.fault_stuck("c3")
    run.settle()
    start = run.clock.now()
    run.advance(CONFIG.board.fix_after_s)
    state = run.controller.state()
    assert state["phase"] == "await_fix" and state["mismatch"]["extra"] == ["c3"]
    assert state["board_health"] == []
    assert run.controller.fix_words == ["Lift the piece from c3"]
    assert run.board.naming.parse("c3") in run.board.blinking_holes(start, run.clock.now())
