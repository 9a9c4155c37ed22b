"""``flixboard calibrate`` against the simulated Pico over the pty."""

from __future__ import annotations

import argparse
import json

import pytest

from controller.cli import calibrate
from tests.pico_rig import PicoRig
from tests.waiting import wait_until


def run(rig: PicoRig, *argv: str) -> int:
    rig.backend.close()  # the command opens the port itself (exclusively)
    parser = argparse.ArgumentParser()
    calibrate.add_arguments(parser)
    return calibrate.main(parser.parse_args(["--port", rig.pico.port, *argv]))


def test_refuses_a_board_with_panels(rig: PicoRig, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(rig) == 1
    assert "lift the four panels" in capsys.readouterr().err
    assert not (rig.pico.storage_dir / "calibration.json").exists()


def test_captures_and_stores_baselines(rig: PicoRig, capsys: pytest.CaptureFixture[str]) -> None:
    for groove in range(4):
        rig.board.remove_panel(groove)
    wait_until(lambda: rig.backend.read().grooves == (None,) * 4)
    assert run(rig) == 0
    assert "calibrated" in capsys.readouterr().out
    stored = json.loads((rig.pico.storage_dir / "calibration.json").read_text())
    assert len(stored["baseline"]) == 72


def test_show_prints_the_fields(rig: PicoRig, capsys: pytest.CaptureFixture[str]) -> None:
    rig.board.place("Y-II-H")
    assert run(rig, "--show") == 0
    out = capsys.readouterr().out
    assert "Y-II-H" in out and "groove 3: left" in out
    row = next(line for line in out.splitlines() if "Y-II-H" in line)
    assert int(row.split("Y-II-H")[1].split()[0]) > 800


def test_thresholds_and_forget(rig: PicoRig, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(rig, "--thresholds", "300", "150") == 0
    assert json.loads((rig.pico.storage_dir / "calibration.json").read_text())["on"] == 300
    assert run(rig, "--thresholds", "100", "150") == 2  # a value the user gave
    assert "off <= on" in capsys.readouterr().err
    assert run(rig, "--forget") == 0
    assert not (rig.pico.storage_dir / "calibration.json").exists()


def test_no_board_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    calibrate.add_arguments(parser)
    args = parser.parse_args(["--port", "/nonexistent/flixboard"])
    assert calibrate.main(args) == 2  # the port the user gave
    assert "no flixboard answered on /nonexistent/flixboard" in capsys.readouterr().err
