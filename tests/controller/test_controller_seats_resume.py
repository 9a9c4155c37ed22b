"""Seats outlive a SIGKILL: a real ``flixboard run`` killed mid-game comes back with the seats
its journal kept, and ``--computer`` takes a seat of the resumed game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.controller.controller_live import LiveService

pytestmark = pytest.mark.live


def test_a_restart_keeps_the_seats_and_computer_takes_a_seat_of_the_resumed_game(
    tmp_path: Path,
) -> None:
    first = LiveService(tmp_path)
    first.start()
    seats = [{"kind": "human"}, {"kind": "computer", "level": 2}]
    body = {"variant": "qubic", "players": 2, "seats": seats}
    assert first.post("/api/new_game", body).is_success
    first.kill()  # no chance to clean up: the journal alone keeps the seats
    again = LiveService(tmp_path)
    again.start()
    kept = again.state()["seats"]
    assert [(s["kind"], s["level"]) for s in kept] == [("human", None), ("computer", 2)]
    assert again.stop() == 0
    third = LiveService(tmp_path, "--computer", "1:4")
    third.start()
    taken = third.state()["seats"]
    assert [(s["kind"], s["level"]) for s in taken] == [("computer", 4), ("computer", 2)]
    assert third.stop() == 0
