"""Remote play end to end: two services on simulated boards play whole games against each
other through a real mosquitto (docs/REMOTE.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from broker_support import Mosquitto
from remote_support import Side, both_over, game_of, open_game, play


@pytest.mark.parametrize("variant", ["lucky", "qubic"])
def test_two_boards_play_a_whole_game(tmp_path: Path, mosquitto: Mosquitto, variant: str) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"]).start()
    try:
        open_game(host, guest, variant)
        ours, theirs = play(host, guest, until=both_over)
        assert ours["variant"] == variant
        assert game_of(ours) == game_of(theirs)
        assert theirs["phase"] == "game_over"
        assert ours["winner"] is not None or ours["draw"]
        for state in (ours, theirs):
            assert sum(state["remote"]["link"]["dropped"].values()) == 0
            assert [seat["place"] for seat in state["seats"]] == (
                ["local", "remote"] if state is ours else ["remote", "local"]
            )
    finally:
        host.stop()
        guest.stop()
