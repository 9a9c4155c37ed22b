"""Remote Pay-Off games between services through a real mosquitto: two people joined, a
computer's board and a spectator's, the host's number of the game a board follows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from broker_support import Mosquitto
from remote_support import Side, in_step, open_game

from controller.records.journal import Journal
from tests.waiting import wait_until


def people(tmp_path: Path, mosquitto: Mosquitto, options: dict[str, Any]) -> tuple[Side, Side]:
    """Red plays at the host's board, Blue at the guest's: a Pay-Off game with ``options``,
    joined."""
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    host.post("/api/new_game", {"variant": "payoff", "players": 2, "options": options})
    guest.post("/api/remote/join", {"code": host.post("/api/remote/host", {})["code"]})
    wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
    return host, guest


def computers(tmp_path: Path, mosquitto: Mosquitto) -> tuple[Side, Side, Side]:
    """A host, a guest whose seat the computer plays, and a spectator's service, started."""
    url = mosquitto.url
    host = Side(tmp_path / "host", ["--remote", url]).start()
    guest = Side(tmp_path / "guest", ["--remote", url, "--computer", "2:1"]).start()
    return host, guest, Side(tmp_path / "watcher", ["--remote", url]).start()


def watched(boards: tuple[Side, Side, Side], options: dict[str, Any]) -> dict[str, Any]:
    """The host of ``boards`` starts a Pay-Off game with ``options``, the guest joins, then the
    spectator: the host's ``remote`` state (its codes)."""
    host, guest, watcher = boards
    open_game(host, guest, "payoff", options=options)
    codes: dict[str, Any] = host.state()["remote"]
    watcher.post("/api/remote/join", {"code": codes["spectator_code"]})
    wait_until(lambda: in_step(host, watcher), "the spectator follows the host's game")
    return codes


def remote_game(side: Side) -> int:
    """The host's number of the game ``side`` follows (from its journal's ``new_game``)."""
    journal = Journal(side.folder / "data")
    try:
        first = journal.current_game()[0]
    finally:
        journal.close()
    assert first.kind == "new_game"
    return int(first.data["remote"]["game"])
