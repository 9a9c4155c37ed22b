"""What an outsider on the broker must not read: the secrets of a hosted game (its codes, seed,
every hole and throw of its journal) and the words of the messages' JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest
from remote_support import Side
from rogue_support import Rogue

from controller.records.journal import Journal

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


def assert_read_nothing(rogue: Rogue, host: Side, codes: dict[str, Any]) -> None:
    """Every payload ``rogue`` saw hides the host's game: no secret, no JSON, no code in a
    topic."""
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
