"""A fault that ends the board loop ends ``flixboard run`` with a non-zero status (so systemd's
``Restart=on-failure`` starts it again), never with "stopped; the game is saved" and 0."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from controller.cli import main as cli
from controller.cli import run
from hal.base import BoardReading
from sim.board import SimBoard


class FaultyBoard(SimBoard):
    """A simulated board that reports a change once the service runs, and whose driver then
    fails for good: the fault comes inside the board loop."""

    timer: threading.Timer | None = None
    reported = False

    def read(self) -> BoardReading:
        if self.when_changed is not None and self.timer is None:  # the service runs
            self.timer = threading.Timer(0.1, self._changed)
            self.timer.start()
        if self.reported:
            raise RuntimeError("sensor driver fault")
        return super().read()

    def _changed(self) -> None:
        self.reported = True
        if self.when_changed is not None:
            self.when_changed()


def test_a_fault_in_the_board_loop_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def open_faulty(spec: str, config: Any, sim_state: Any, *shape: Any) -> SimBoard:
        board = FaultyBoard(layout=config.layout)
        board.when_changed = None
        return board

    monkeypatch.setattr(run, "open_board", open_faulty)
    status = cli(["run", "--http", "127.0.0.1:0", "--data-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 1
    assert "sensor driver fault" in err
    assert "the service stopped on an error" in err


def test_the_unit_restarts_a_service_that_failed() -> None:
    unit = (Path(__file__).parents[2] / "deploy" / "flixboard.service").read_text()
    assert "Restart=on-failure" in unit.splitlines()
