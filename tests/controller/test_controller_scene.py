"""The LED layers of controller/core/scene.py, each checked against the sentence of its docstring
that describes it, on the real controller driven by a simulated board."""

from __future__ import annotations

from controller.config import Config
from controller.core import scene
from controller.leds import OFF, scale
from controller.tools.sim_run import SimRun, board_for
from engine.holes import parse
from hal.base import HOLE_COUNT
from tests.controller.test_controller_leds import lucky_to_pending_line
from tests.variants.test_variant_board_guidance import play

RED_TEAM, BLUE_TEAM = Config().leds.team_colours[0], Config().leds.team_colours[1]
ON, OFF_PHASE = 0.01, scene.BLINK_S + 0.01
"""Offsets into a blink period: the first half is lit, the second dark."""


def rolled(faces: str) -> SimRun:
    run = SimRun(Config(), seed=1)
    run.controller.set_next_faces(faces)
    run.board.press("roll")
    run.settle()
    return run


def period_start(run: SimRun, after: float = 0.0) -> float:
    """The start of a blink period at least ``after`` seconds from now."""
    period = 2 * scene.BLINK_S
    return (int((run.clock.now() + after) / period) + 1) * period


def test_a_missing_piece_blinks_in_its_team_colour_and_the_indicators_amber() -> None:
    """scene.py 5: "errors: holes to fix blink (missing: the piece's team colour ...); the
    indicator pixels (70, 71) blink amber"; the last move is not marked while fixing."""
    run = rolled("yellow/II/hearts")
    run.board.place("Y-II-H")
    run.settle()
    run.advance(5.0)
    run.board.lift("Y-II-H")
    run.advance(0.5)
    hole, t = parse("Y-II-H"), period_start(run)
    lit, dark = scene.frame(run.controller, t + ON), scene.frame(run.controller, t + OFF_PHASE)
    assert lit[hole] == RED_TEAM and dark[hole] == OFF
    assert lit[70] == lit[71] == scene.AMBER
    assert dark[70] != scene.AMBER and dark[71] != scene.AMBER
    assert scene.next_change(run.controller, t + ON) == t + scene.BLINK_S


def test_an_extra_piece_blinks_white() -> None:
    """scene.py 5: "errors: holes to fix blink (... extra: white ...)"."""
    run = rolled("yellow/II/hearts")
    run.board.place("R-I-S")
    run.advance(0.5)
    hole, t = parse("R-I-S"), period_start(run)
    assert scene.frame(run.controller, t + ON)[hole] == scene.WHITE
    assert scene.frame(run.controller, t + OFF_PHASE)[hole] == OFF


def test_a_disconnected_board_blinks_every_status_pixel_amber() -> None:
    """scene.py 8: "board disconnected: every status pixel blinks amber"."""
    run = rolled("yellow/II/hearts")
    run.controller.set_connected(False, run.clock.now())
    t = period_start(run)
    lit = scene.frame(run.controller, t + ON)[HOLE_COUNT:]
    dark = scene.frame(run.controller, t + OFF_PHASE)[HOLE_COUNT:]
    assert lit == (scene.AMBER,) * scene.STATUS_PIXELS
    assert scene.AMBER not in dark and dark[0] == RED_TEAM  # the seats show between blinks
    assert scene.next_change(run.controller, t + ON) == t + scene.BLINK_S


def test_free_throws_light_the_indicators_white_one_per_throw() -> None:
    """scene.py 6: "dice notices on the indicator pixels: free throws white"; the status shows
    one pixel per seat, the mover's bright (1)."""
    run = rolled("flix/win/flix")
    assert run.controller.game.free_throws == 2
    status = scene.frame(run.controller, run.clock.now())[HOLE_COUNT:]
    assert status[6] == status[7] == scene.WHITE
    assert status[0] == RED_TEAM and status[1] == scale(BLUE_TEAM, 0.15)
    assert status[2:6] == (OFF,) * 4
    assert scene.next_change(run.controller, run.clock.now()) is None  # nothing blinks


def test_flix_flix_flix_blinks_in_the_colour_of_the_seat_that_places_anywhere() -> None:
    """scene.py 6: "FLIX FLIX FLIX blinking in the colour of the seat that places anywhere"."""
    run = rolled("flix/flix/flix")
    t = period_start(run)
    lit = scene.frame(run.controller, t + ON)[HOLE_COUNT:]
    dark = scene.frame(run.controller, t + OFF_PHASE)[HOLE_COUNT:]
    assert (lit[6], lit[7]) == (BLUE_TEAM, scene.WHITE)
    assert (dark[6], dark[7]) == (scene.WHITE, BLUE_TEAM)
    assert scene.next_change(run.controller, t + ON) == t + scene.BLINK_S


def called_win() -> SimRun:
    """Red completes R-I-* and calls it: Red wins (test_controller_leds.lucky_to_pending_line)."""
    run = lucky_to_pending_line()
    run.board.press("flix", 0)
    run.settle()
    return run


def test_the_winning_line_flashes_between_its_team_colour_and_white() -> None:
    """scene.py 7: "the win animation: the winning line flashes between its team colour and
    white" (the status pixels in the winner's colour)."""
    run = called_win()
    line = [parse(f"R-I-{s}") for s in "SHDC"]
    period = 2 * scene.WIN_FLASH_S
    t = (int(run.clock.now() / period) + 1) * period
    first = scene.frame(run.controller, t + 0.01)
    second = scene.frame(run.controller, t + scene.WIN_FLASH_S + 0.01)
    assert [first[h] for h in line] == [RED_TEAM] * 4
    assert [second[h] for h in line] == [scene.WHITE] * 4
    assert first[HOLE_COUNT:] == second[HOLE_COUNT:] == (RED_TEAM,) * scene.STATUS_PIXELS
    assert scene.next_change(run.controller, t + 0.01) == t + scene.WIN_FLASH_S


def test_after_the_win_the_pieces_to_clear_are_dim_white_under_the_called_line() -> None:
    """scene.py 3: "guidance: pieces to clear after a game, dim white"; 4: "scored (called)
    lines in their team's colour" above it; no seat is shown once the game is over."""
    run = called_win()
    run.advance(Config().leds.win_animation_s + 1.0)
    assert run.controller.clearing
    frame = scene.frame(run.controller, run.clock.now())
    assert [frame[parse(f"R-I-{s}")] for s in "SHDC"] == [RED_TEAM] * 4
    assert [frame[parse(f"B-IV-{s}")] for s in "SHD"] == [scene.DIM_WHITE] * 3
    assert frame[HOLE_COUNT:] == (OFF,) * scene.STATUS_PIXELS
    assert scene.next_change(run.controller, run.clock.now()) is None


def test_a_panel_missing_from_its_groove_blinks_amber_as_a_whole() -> None:
    """docs/playing.md "a whole panel blinking amber: that panel is missing or in the wrong groove";
    scene.py 5: "errors: holes to fix blink"."""
    run = SimRun(Config(), seed=1)
    run.board.remove_panel(2)
    run.advance(0.5)
    t = period_start(run)
    lit = scene.frame(run.controller, t + ON)[:HOLE_COUNT]
    dark = scene.frame(run.controller, t + OFF_PHASE)[:HOLE_COUNT]
    assert {hole for hole, colour in enumerate(lit) if colour == scene.AMBER} == set(range(32, 48))
    assert scene.AMBER not in dark


def placed_with_call_window(seconds: float) -> SimRun:
    run = SimRun(Config.of(call_window=seconds), seed=1)
    run.controller.set_next_faces("yellow/II/hearts")
    run.board.press("roll")
    run.board.place("Y-II-H")
    run.settle()
    return run


def test_a_call_window_shorter_than_the_sweep_minimum_is_not_swept() -> None:
    """scene.py `_window_left`: "one too short to sweep: below ``SWEEP_MIN_S`` the sweep would ask
    for frames closer than the clock can tell"; the seats show instead, and nothing is due."""
    short = placed_with_call_window(scene.SWEEP_MIN_S / 2)
    deadline = short.controller.facts().call_deadline()
    assert deadline is not None and deadline > short.controller.game_time(short.clock.now())
    status = scene.frame(short.controller, short.clock.now())[HOLE_COUNT:]
    assert scene.SWEEP not in status and status[1] == BLUE_TEAM  # Blue moves next
    assert scene.next_change(short.controller, short.clock.now()) is None
    shortest = placed_with_call_window(scene.SWEEP_MIN_S)
    assert scene.SWEEP in scene.frame(shortest.controller, shortest.clock.now())[HOLE_COUNT:]
    assert scene.next_change(shortest.controller, shortest.clock.now()) is not None


def test_the_variant_layers_blink_above_the_lines() -> None:
    """scene.py 4: "scored (called) lines in their team's colour — ... then" the variant's layers:
    Pay-Off's Men whose token is still to be entered blink white and the mover's colour."""
    _, run = play("payoff_tokens_to_enter.jsonl")
    hole, t = parse("R-I-H"), period_start(run, after=Config().game.call_window)  # no sweep left
    lit, dark = scene.frame(run.controller, t + ON), scene.frame(run.controller, t + OFF_PHASE)
    assert {lit[hole], dark[hole]} == {scene.WHITE, RED_TEAM}
    assert lit[parse("R-I-S")] == dark[parse("R-I-S")] == RED_TEAM  # entered: the line's colour
    assert scene.next_change(run.controller, t + ON) == t + scene.BLINK_S


def test_allowed_holes_are_dimmed_in_the_movers_colour() -> None:
    """scene.py 2: "allowed holes in the mover's colour, dimmed"."""
    run = rolled("yellow/II/win")
    frame = scene.frame(run.controller, run.clock.now())
    for hole in (parse(f"Y-II-{s}") for s in "SHDC"):
        assert frame[hole] != RED_TEAM and frame[hole] != OFF
        assert all(0 < lit <= full for lit, full in zip(frame[hole], RED_TEAM, strict=True) if full)


def test_a_blink_changes_phase_exactly_when_the_next_change_is_due() -> None:
    """scene.py `next_change`: "When the wanted frame changes by itself (a blink ... step)": the
    frame asked for at that instant is already the next phase."""
    run = rolled("yellow/II/hearts")
    run.board.place("R-I-S")
    run.advance(0.5)
    hole, t = parse("R-I-S"), period_start(run)
    due = scene.next_change(run.controller, t + ON)
    assert due is not None
    assert scene.frame(run.controller, due)[hole] == OFF
    assert scene.frame(run.controller, due + scene.BLINK_S)[hole] == scene.WHITE


def test_a_lost_turn_lights_the_indicators_red() -> None:
    """scene.py 6: "dice notices on the indicator pixels: ... turn lost red"."""
    run = lucky_to_pending_line()
    run.advance(Config().game.call_window + 1.0)
    run.controller.set_next_faces("red/I/win")  # R-I-* is full: Blue loses the turn
    run.board.press("roll")
    run.settle()
    status = scene.frame(run.controller, run.clock.now())[HOLE_COUNT:]
    assert status[6] == status[7] == scene.RED
    assert status[0] == RED_TEAM  # Red moves again, bright


def test_the_sweep_loses_its_pixel_exactly_when_the_next_change_is_due() -> None:
    """scene.py 1: "a white bar that empties as the window runs out"; `next_change`: "the sweep
    loses a pixel at each step": the frame at that instant already shows one pixel fewer."""
    run = SimRun(Config(), seed=1)
    run.controller.set_next_faces("yellow/II/hearts")
    run.board.press("roll")
    run.board.place("Y-II-H")
    run.settle()
    now = run.clock.now()
    before = scene.frame(run.controller, now)[HOLE_COUNT:].count(scene.SWEEP)
    due = scene.next_change(run.controller, now)
    assert due is not None
    assert scene.frame(run.controller, due)[HOLE_COUNT:].count(scene.SWEEP) == before - 1
    step = run.controller.game.options.call_window / scene.STATUS_PIXELS
    after = scene.next_change(run.controller, due)  # the next pixel goes one step later
    assert after is not None and abs(after - (due + step)) < 1e-6


def test_the_frame_has_one_pixel_per_led_of_the_board_played_on() -> None:
    """scene.py `frame`: "The frame wanted at ``now``" for the board's LEDs: a Flip 4 board has
    its 25 cells and the eight status pixels."""
    run = SimRun(
        Config(),
        seed=1,
        geometry=board_for("flip4"),
        first_game={"variant": "flip4", "players": 2, "seed": 1, "options": {}},
    )
    frame = scene.frame(run.controller, run.clock.now())
    assert len(frame) == run.controller.geometry.pixel_count == 25 + scene.STATUS_PIXELS
    assert frame[25] == RED_TEAM  # the first status pixel comes right after the cells


def test_the_threat_layer_goes_under_the_lines_and_the_chosen_hole_over_them() -> None:
    """scene.py `layers`: "``under`` go on the allowed holes (the threat layer), ``over`` on the
    lines and the variant's layers (the computer's and the hint's blinking holes), below the
    errors"."""
    run = called_win()
    run.advance(Config().leds.win_animation_s + 1.0)
    in_line, empty = parse("R-I-S"), parse("Y-III-H")
    threat, chosen = (1, 2, 3), (4, 5, 6)
    under = scene.frame(run.controller, run.clock.now(), under=[{in_line: threat, empty: threat}])
    assert under[in_line] == RED_TEAM and under[empty] == threat
    over = scene.frame(run.controller, run.clock.now(), over=[{in_line: chosen}])
    assert over[in_line] == chosen


def test_a_piece_of_the_wrong_kind_blinks_magenta() -> None:
    """scene.py 5: "errors: holes to fix blink (... wrong kind: magenta)"."""
    run = rolled("yellow/II/hearts")
    run.board.place("Y-II-H")
    run.settle()
    run.board.lift("Y-II-H")
    run.board.place("Y-II-H", "burocrat")
    run.advance(0.5)
    hole, t = parse("Y-II-H"), period_start(run)
    assert scene.frame(run.controller, t + ON)[hole] == scene.MAGENTA
    assert scene.frame(run.controller, t + OFF_PHASE)[hole] == OFF


def test_a_missing_piece_of_the_second_team_blinks_in_its_colour() -> None:
    """scene.py 5: "missing: the piece's team colour" — Blue's, not the first team's."""
    run = lucky_to_pending_line()
    run.advance(Config().game.call_window + 1.0)
    run.board.lift("B-IV-S")
    run.advance(0.5)
    hole, t = parse("B-IV-S"), period_start(run)
    assert scene.frame(run.controller, t + ON)[hole] == BLUE_TEAM


def test_the_last_pixel_of_the_sweep_goes_when_the_window_closes() -> None:
    """scene.py `next_change`: "the sweep loses a pixel at each step, the last one when the window
    closes"."""
    run = rolled("yellow/II/hearts")
    run.board.place("Y-II-H")
    run.settle()
    deadline = run.controller.facts().call_deadline()
    assert deadline is not None
    game_now = run.controller.game_time(run.clock.now())
    near_end = run.clock.now() + (deadline - game_now) - 0.2  # within the last eighth
    assert scene.frame(run.controller, near_end)[HOLE_COUNT:].count(scene.SWEEP) == 1
    due = scene.next_change(run.controller, near_end)
    assert due is not None and abs(due - (near_end + 0.2)) < 1e-6
    assert scene.SWEEP not in scene.frame(run.controller, due)[HOLE_COUNT:]
