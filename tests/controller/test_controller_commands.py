"""``flixboard demo``, ``selftest`` and ``run`` error paths, and the bench probe's parts."""

from __future__ import annotations

import io
import re
import socket
import time
from pathlib import Path

import pytest

from bench.bench_controller import placement_latencies
from controller.cli import main as cli
from controller.computer.level_guide import guide
from controller.core.state import as_json
from controller.tools import selftest
from controller.tools.demo import play
from engine.holes import Layout
from hal.base import Button, Color
from hal.geometry import load_geometry
from sim.board import SimBoard
from sim.clock import SimClock

REFUSALS = ("computer_refused", "computer_error", "placement_refused", "refused")


@pytest.mark.parametrize(
    ("variant", "seed", "shown"),
    [
        ("lucky", 1, "rolls"),
        ("qubic", 3, "places a Man in"),
        ("payoff", 1, "with a hidden token"),
        ("tactflix", 1, "seats a Burocrat in place of its Man on"),
    ],
)
def test_demo_the_computer_seats_play_a_full_game(variant: str, seed: int, shown: str) -> None:
    out = io.StringIO()
    state = as_json(play(variant, seed, out, color=False, delay=0.0, level=1))
    assert state["phase"] == "game_over" and (state["winner"] is not None or state["draw"])
    assert [seat["kind"] for seat in state["seats"]] == ["computer", "computer"]
    assert not [e for e in state["events"] if e["type"] in REFUSALS]  # every move was legal
    assert state["mismatch"] == {"missing": [], "extra": [], "wrong_kind": [], "grooves": []}
    pieces = {hole: {"piece": where["piece"]} for hole, where in state["board"].items()}
    assert state["sensed"] == pieces  # the hands' board is the game's board
    text = out.getvalue()
    assert shown in text and text.rstrip().splitlines()[-1].startswith("Result: ")
    told = [e for e in state["events"] if e["type"] in ("place", "substitute", "withdraw")]
    assert len(told) == len(_moves(text))  # one line for each
    computer = [e for e in state["events"] if e["type"] == "computer" and e["action"] == "place"]
    for e in computer:  # each placement told with the computer's reason
        assert re.search(f"in {e['hole']}( with a hidden token)?: {re.escape(e['reason'])}", text)


def _moves(text: str) -> list[str]:
    """The printed lines of Men and Burocrats put in and taken out."""
    words = ("places a Man in", "seats a Burocrat", "withdraws its Man")
    return [line for line in text.splitlines() if any(w in line for w in words)]


def test_demo_a_seed_and_a_level_play_the_same_game() -> None:
    first, second = io.StringIO(), io.StringIO()
    play("lucky", 2, first, color=False, delay=0.0, level=1)
    play("lucky", 2, second, color=False, delay=0.0, level=1)
    assert first.getvalue() == second.getvalue()


def test_demo_tells_no_token_value_before_the_game_is_scored() -> None:
    out = io.StringIO()
    state = as_json(play("payoff", 1, out, color=False, delay=0.0, level=1))
    text = out.getvalue()
    before = text[: text.index(" is paid ")]
    assert "hidden token" in before
    assert not re.search(r"token\D{0,3}\d", before)
    assert state["winner"] is not None


def test_demo_says_what_the_level_does() -> None:
    """The first line is the level guide's (the New game form's words); each searched move says
    how many placements ahead it looked, in the same words."""
    out = io.StringIO()
    play("qubic", 1, out, color=False, delay=0.0, level=5)
    lines = out.getvalue().splitlines()
    assert lines[0] == f"Red and Blue: the computer at level 5. {guide('qubic')[4].does}."
    assert "-ply" not in out.getvalue()
    searched = [line for line in lines if ": best of a search " in line]
    assert searched and all(
        line.endswith(("3 placements ahead", "5 placements ahead")) for line in searched
    )


def test_demo_command_plain(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["demo", "--variant", "qubic", "--seed", "5", "--level", "1"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().splitlines()[-1].startswith("Result: ")
    assert "\x1b[" not in out


def test_selftest_refuses_the_simulator_unless_it_is_named(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bare run on the Pi must check the Pi's board, never pass against the simulator."""
    monkeypatch.delenv("FLIXBOARD_BOARD", raising=False)
    assert cli(["selftest"]) == 2
    err = capsys.readouterr().err
    assert "which board?" in err and "--board sim" in err
    assert "PASS" not in err
    monkeypatch.setenv("FLIXBOARD_BOARD", "sim")
    assert cli(["selftest"]) == 0  # the installer's environment names it


def test_selftest_on_the_simulated_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["selftest", "--board", "sim"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines] == [
        ["PASS", "LED"],
        ["PASS", "sensors"],
        ["PASS", "buttons"],
        ["PASS", "grooves"],
        ["PASS", "wires"],
    ]


def test_selftest_finds_a_dead_sensor_and_a_missing_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    board = SimBoard(clock=SimClock())
    board.fault_dead("B-IV-C")
    assert not selftest.sim_sensors(board).passed
    assert "B-IV-C" in selftest.sim_sensors(board).detail
    board.remove_panel(2)
    assert not selftest.sim_grooves(board, Layout()).passed
    swapped = SimBoard(clock=SimClock())
    send = swapped.pixels._transmit

    def rgb_pixel_on_a_grb_chain(colors: tuple[Color, ...], brightness: float) -> None:
        r, g, b = colors[5]
        send((*colors[:5], (g, r, b), *colors[6:]), brightness)

    monkeypatch.setattr(swapped.pixels, "_transmit", rgb_pixel_on_a_grb_chain)
    walk = selftest.sim_led_walk(swapped)
    assert not walk.passed and "wrong: 5" in walk.detail  # white would not have shown it
    unwired = SimBoard(clock=SimClock())
    unwired.fault_disconnected("R-I-S")  # on its pull-down: a piece that never leaves
    assert "R-I-S" in selftest.sim_sensors(unwired).detail
    broken = selftest.wires(unwired, Layout())
    assert broken is not None and not broken.passed
    assert broken.detail == (
        "The sensor under R-I-S reads 0.0 V: its wire is broken or the sensor is missing"
    )


@pytest.mark.parametrize(("geometry", "cells"), [("flip4", 25), ("olix", 121)])
def test_selftest_on_a_simulated_flat_board(
    geometry: str, cells: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """A flat board: every cell and pixel, the buttons, and no grooves to check."""
    assert cli(["selftest", "--board", "sim", "--geometry", geometry]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines] == [
        ["PASS", "LED"],
        ["PASS", "sensors"],
        ["PASS", "buttons"],
    ]
    assert f"{cells + 8} pixels" in lines[0] and f"{cells} cells" in lines[1]


def test_selftest_names_a_dead_cell_of_a_flat_board() -> None:
    board = SimBoard(clock=SimClock(), geometry=load_geometry("olix"), sensing="presence")
    board.fault_dead("f6")
    result = selftest.sim_sensors(board)
    assert not result.passed and result.detail == "121 cells wrong: f6"


def test_selftest_on_a_real_flat_board_walks_its_pixels_and_leaves_out_the_grooves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``run_real`` on a flat board's backend (a simulated one stands in): the LED walk covers
    its 33 pixels one at a time, the sensor view is its grid, there is no groove item."""
    board = SimBoard(clock=SimClock(), geometry=load_geometry("flip4"), sensing="presence")
    board.place("c3")
    answers: list[str] = []
    buttons = iter(Button)

    def person(prompt: str) -> str:
        answers.append(prompt)
        return "y"

    def sleep(seconds: float) -> None:  # the person at the board, without waiting
        if seconds == selftest.VIEW_S:
            raise KeyboardInterrupt  # Ctrl+C ends the live sensor view
        if seconds == selftest.POLL_S:
            board.press(next(buttons))  # each button as it is asked for

    walked = len(board.frames)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(time, "sleep", sleep)  # the selftest's waits
        results = selftest.run_real(board, Layout(), person)
    frames = board.frames[walked:]
    lit = [[(i, c) for i, c in enumerate(frame.colors) if any(c)] for frame in frames]
    walk = [[(pixel, colour)] for pixel in range(33) for colour in selftest.WALK_COLOURS]
    assert [pixels for pixels in lit if pixels] == walk  # each pixel red, green, blue in turn
    assert [r.item for r in results] == ["LED walk", "sensors", "buttons"]
    assert all(r.passed for r in results)
    assert "Did each piece show on the right cell?" in answers[1]
    assert " c " in capsys.readouterr().out  # the grid's column letters


def test_selftest_real_board_items_on_a_backend() -> None:
    board = SimBoard(clock=SimClock())
    assert selftest.real_grooves(board, Layout()).passed
    asked: list[str] = []

    def press_when_asked(prompt: str) -> None:  # a hand on the simulated board
        asked.append(prompt)
        board.press(prompt.split()[1].lower())

    assert selftest.real_buttons(board, press_when_asked).passed
    assert len(asked) == 4


def test_a_closed_input_answers_no(capsys: pytest.CaptureFixture[str]) -> None:
    def closed(prompt: str) -> str:
        raise EOFError

    assert selftest._ask("Did every LED light?", closed) is False
    assert selftest._ask("Did every LED light?", lambda prompt: " Yes") is True
    assert selftest._ask("Did every LED light?", lambda prompt: "n") is False


def test_run_reports_a_taken_port(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        code = cli(["run", "--http", f"127.0.0.1:{port}", "--data-dir", str(tmp_path)])
    assert code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


def test_run_reports_a_bad_config(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text("[board]\nsettle_ms = -1\n")
    assert cli(["run", "--config", str(config), "--data-dir", str(tmp_path)]) == 2
    assert "board.settle_ms" in capsys.readouterr().err


def test_run_reports_an_unknown_board(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["run", "--board", "abacus", "--http", "127.0.0.1:0", "--data-dir", str(tmp_path)]
    assert cli(args) == 2
    assert "no board backend named 'abacus'" in capsys.readouterr().err


def test_latency_probe_commits_every_placement() -> None:
    assert len(placement_latencies(50)) == 50
