"""Undo in remote play: the host takes back its own person's move only until the other board has
answered it (docs/REMOTE.md "Undo in remote play"), two services through a real mosquitto."""

from __future__ import annotations

from pathlib import Path

import pytest
from broker_support import Mosquitto
from remote_support import Side, game_of, in_step

from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]


def test_the_host_takes_back_nothing_the_other_board_has_answered(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        guest.post("/api/remote/join", {"code": host.post("/api/remote/host", {})["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        host.up.post("/api/sim/place", {"hole": "G-II-D"})
        wait_until(lambda: "G-II-D" in guest.state()["board"], "the guest sees the move")
        assert host.state()["actions"]["undo"] is True  # not answered yet: the host's own
        guest.up.post("/api/sim/place", {"hole": "G-II-D"})  # its person puts the Man there
        wait_until(lambda: guest.state()["phase"] == "await_place", "the guest's board matches")
        guest.up.post("/api/sim/place", {"hole": "R-I-S"})  # and answers: seat 2's move
        wait_until(lambda: "R-I-S" in host.state()["board"], "the answer reaches the host")
        assert host.state()["actions"]["undo"] is False
        refused = host.up.post("/api/undo")
        assert refused.status_code == 409
        assert "player 2 has moved since on the other board" in refused.json()["error"]
        wait_until(lambda: in_step(host, guest), "both boards show the same game")
        assert len(game_of(host.state())["board"]) == 2
    finally:
        host.stop()
        guest.stop()
