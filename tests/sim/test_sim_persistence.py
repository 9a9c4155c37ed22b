"""SimBoard keeps its pieces and panels across a restart, as a real board does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hal.base import Piece
from sim.board import SimBoard
from sim.clock import SimClock
from sim.errors import SimStateError


def test_a_new_board_on_the_same_file_finds_the_same_board(tmp_path: Path) -> None:
    state = tmp_path / "nested" / "board.json"
    with SimBoard(clock=SimClock(), state_file=state) as board:
        board.place("Y-II-H")
        board.place("B-IV-C", Piece.BUROCRAT)
        board.place("R-I-S")
        board.remove_panel(0)  # the R panel is out, its Man with it
        board.seat_panel(3, "G")  # G moves to groove 3, B is taken out
        board.press("roll")
        before = board.read()
        board.fault_dead(21)  # faults are not physical state
    with SimBoard(clock=SimClock(), state_file=state) as again:
        after = again.read()
        assert (after.holes, after.grooves) == (before.holes, before.grooves)
        assert after.grooves == (None, "Y", None, "G")
        assert again.take_presses() == []
        again.seat_panel(0, "R")
        again.seat_panel(2, "B")
        assert again.read().holes[0] is Piece.MAN
        assert again.read().holes[47] is Piece.BUROCRAT
    assert [p.name for p in state.parent.iterdir()] == ["board.json"]  # no temp files left


def test_the_file_is_written_on_every_change(tmp_path: Path) -> None:
    state = tmp_path / "board.json"
    board = SimBoard(clock=SimClock(), state_file=state)
    assert not state.exists()  # nothing changed yet
    board.place(0)
    saved = json.loads(state.read_text())
    assert saved["grooves"] == ["R", "Y", "G", "B"]
    assert saved["panels"]["R"] == "o" + "." * 15
    board.lift(0)
    assert json.loads(state.read_text())["panels"]["R"] == "." * 16


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "cannot read"),
        ('{"format": "other"}', "not a simulated board state"),
        (
            '{"format": "flixboard-sim-board", "grooves": ["R", "R", null, null], "panels": {}}',
            "grooves",
        ),
        (
            '{"format": "flixboard-sim-board", "grooves": ["R", "Y", "G", "B"],'
            ' "panels": {"R": "o", "Y": "", "G": "", "B": ""}}',
            "panels",
        ),
    ],
)
def test_a_bad_state_file_is_a_clear_error(tmp_path: Path, text: str, message: str) -> None:
    state = tmp_path / "board.json"
    state.write_text(text)
    with pytest.raises(SimStateError, match=message) as error:
        SimBoard(state_file=state)
    assert str(state) in str(error.value)
