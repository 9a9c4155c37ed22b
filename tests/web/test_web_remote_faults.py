"""Remote play through faults: the broker killed and started again, either service killed with
SIGKILL and started again, 20 rounds each, in the middle of a game. The game goes on; at the
end both boards agree and the guest's journal holds the host's log exactly, once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from broker_support import Mosquitto
from remote_support import Side, both_over, game_of, open_game, play

from controller.core.game_log import replay
from controller.records.journal import Journal
from controller.remote.resync import host_log
from engine.bitboard import scan_forward

pytestmark = [pytest.mark.broker, pytest.mark.live]

ROUNDS = 20


def play_through(
    host: Side, guest: Side, faults: Callable[[], int], between: Callable[[int], None]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Play whole games, a fault made at each step seen, until a game ends after the last fault
    (a game that ends sooner is followed by the next one, opened on the host)."""
    while True:
        ours, theirs = play(host, guest, until=both_over, between=between)
        if faults() >= ROUNDS:
            return ours, theirs
        host.post(
            "/api/new_game",
            {"variant": "lucky", "players": 2, "seats": [{"kind": "computer", "level": 1}]},
        )


def logs(host: Side, guest: Side) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The host's log (rolls with their faces) and what the guest's journal applied."""
    ours = Journal(host.folder / "data")
    theirs = Journal(guest.folder / "data")
    try:
        _, log = host_log(ours.current_game())
        applied: list[dict[str, Any]] = [
            {"kind": "action", "data": dict(entry.data)}
            if entry.kind == "action"
            else {"kind": "undo"}
            for entry in theirs.current_game()
            if entry.kind in ("action", "undo")
        ]
    finally:
        ours.close()
        theirs.close()
    return [msgspec.to_builtins(entry) for entry in log], applied


def check_end(host: Side, guest: Side, ours: dict[str, Any], theirs: dict[str, Any]) -> None:
    assert game_of(ours) == game_of(theirs)
    hosted, applied = logs(host, guest)
    assert applied == hosted, "the guest applied exactly the host's log, in order, once"
    assert set(ours["board"]) == played_board(host)


def played_board(host: Side) -> set[str]:
    """The holes the host's journalled game fills when the rules play it again (a placement
    fills one; a PENALTY empties a line)."""
    journal = Journal(host.folder / "data")
    try:
        entries = journal.current_game()
    finally:
        journal.close()
    assert any(entry.kind == "action" and entry.data.get("kind") == "place" for entry in entries)
    game, _ = replay(entries)
    return {game.naming.name(hole) for hole in scan_forward(game.occupied)}


def test_broker_killed_and_started_again(tmp_path: Path, mosquitto: Mosquitto) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"]).start()
    rounds = 0

    def restart_broker(step: int) -> None:
        nonlocal rounds
        if rounds < ROUNDS:
            mosquitto.restart()
            rounds += 1

    try:
        open_game(host, guest, "lucky")
        ours, theirs = play_through(host, guest, lambda: rounds, restart_broker)
        assert rounds == ROUNDS
        check_end(host, guest, ours, theirs)
        assert ours["remote"]["link"]["state"] == "connected"
    finally:
        host.stop()
        guest.stop()


def test_services_killed_and_started_again(tmp_path: Path, mosquitto: Mosquitto) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"]).start()
    rounds = 0

    def kill_one(step: int) -> None:
        nonlocal rounds
        if rounds < ROUNDS:
            side = host if rounds % 2 == 0 else guest
            side.kill()
            side.start()
            rounds += 1

    try:
        open_game(host, guest, "lucky")
        ours, theirs = play_through(host, guest, lambda: rounds, kill_one)
        assert rounds == ROUNDS
        check_end(host, guest, ours, theirs)
    finally:
        host.stop()
        guest.stop()
