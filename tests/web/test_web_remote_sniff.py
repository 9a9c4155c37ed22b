"""What an outsider on the broker sees: a client subscribed to ``#`` on a real mosquitto during
whole games of every variant remote play carries finds topic names, sizes and times, and no hole
name, face, token, seed, code or any JSON in any payload. A game with hidden information is not
started on a hosted link."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from broker_support import Mosquitto
from remote_support import Side, both_over, open_game, play
from rogue_support import Rogue

from controller.records.journal import Journal
from controller.remote.messages import VARIANTS

BOARD = {"lucky": "flix", "qubic": "flix", "flip4": "flip4", "olix": "olix"}
WORDS = (b'"hole"', b'"throw"', b'"seed"', b'"kind"', b'"game"', b'"tokens"', b'"type"')
"""Words of the messages' JSON: none may show."""


def secrets_of(host: Side, codes: dict[str, Any]) -> set[bytes]:
    """What must not travel readable: the codes, the game's seed, every hole or cell named in
    the host's journal and every throw's faces (quoted as JSON would write them)."""
    found = {codes["code"].encode(), codes["spectator_code"].encode()}
    journal = Journal(host.folder / "data")
    try:
        for entry in journal.current_game():
            if entry.kind == "new_game":
                found.add(str(entry.data["seed"]).encode())
            for key in ("hole", "to", "throw"):
                value = entry.data.get(key)
                if isinstance(value, str):
                    found.add(json.dumps(value).encode())
    finally:
        journal.close()
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_outsider_on_the_broker_reads_nothing_of_a_whole_game(
    tmp_path: Path, mosquitto: Mosquitto, variant: str
) -> None:
    board = BOARD[variant]
    rogue = Rogue(mosquitto.port, subscribe=("#",))
    host = Side(tmp_path / "host", ["--remote", mosquitto.url], geometry=board).start()
    guest = Side(
        tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"], geometry=board
    ).start()
    try:
        open_game(host, guest, variant)
        codes = host.state()["remote"]
        ours, _ = play(host, guest, until=both_over)
        assert ours["variant"] == variant
        hidden = secrets_of(host, codes)
        assert len(hidden) > 6  # codes, seed and some of the game's names
        with rogue.lock:
            seen = list(rogue.seen)
        assert len(seen) > 20
        for message in seen:
            payload = message.payload
            assert not any(secret in payload for secret in hidden), message
            assert not any(word in payload for word in WORDS), message
            for code in (codes["code"], codes["spectator_code"]):
                assert code not in message.topic
            if payload:
                with pytest.raises((ValueError, UnicodeDecodeError)):
                    json.loads(payload)
    finally:
        rogue.close()
        host.stop()
        guest.stop()


def test_a_game_with_hidden_tokens_is_not_started_while_hosting(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    try:
        host.post("/api/new_game", {"variant": "lucky", "players": 2})
        host.post("/api/remote/host", {})
        refused = host.up.post("/api/new_game", {"variant": "payoff", "players": 2})
        assert refused.status_code == 409
        assert "hidden tokens" in refused.json()["error"]
        assert "leave the remote game first" in refused.json()["error"]
        assert host.state()["variant"] == "lucky"
        host.post("/api/remote/leave")
        host.post("/api/new_game", {"variant": "payoff", "players": 2})  # off the link: fine
        assert host.state()["variant"] == "payoff"
    finally:
        host.stop()
