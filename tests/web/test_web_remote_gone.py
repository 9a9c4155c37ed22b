"""A side's network gone for longer than its keepalive while the other side plays on: the
broker drops the silent side and publishes its will, so the other page shows it gone and for
how long; when it is back it catches up, and both boards end in the same game with the guest's
journal holding the host's log exactly, once. The keepalive is set to 1 s here (10 s by default)
so that "longer than the keepalive" takes seconds, not a minute."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest
from broker_support import Mosquitto
from remote_support import FAST, Side, both_over, mirror, open_game, play
from test_web_remote_faults import check_end

from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]

SHORT_KEEPALIVE = FAST + "[remote]\nkeepalive_s = 1\n"


def link(state: dict[str, Any]) -> dict[str, Any]:
    remote: dict[str, Any] = state["remote"]
    link_state: dict[str, Any] = remote["link"]
    return link_state


def host_to_move(state: dict[str, Any]) -> bool:
    return bool(
        state["phase"] != "game_over" and state["seats"][state["to_move"]]["place"] == "local"
    )


def test_guest_gone_longer_than_its_keepalive(tmp_path: Path, mosquitto: Mosquitto) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url], config=SHORT_KEEPALIVE).start()
    guest = Side(
        tmp_path / "guest",
        ["--remote", mosquitto.url, "--computer", "2:1"],
        config=SHORT_KEEPALIVE,
    ).start()
    seen: list[dict[str, Any]] = []

    def cut_guest(step: int) -> None:
        """Once, on the host's turn, its dice thrown: the guest falls silent (SIGSTOP: no byte
        in or out, as with its network gone) until the broker has dropped it and the host has
        moved on (a throw due would wait for the guest's share of it)."""
        ours = host.state()
        if seen or not host_to_move(ours) or ours["phase"] != "await_place":
            return
        before = ours["remote"]["log"]
        os.kill(guest.up.process.pid, signal.SIGSTOP)
        try:

            def gone_and_moved() -> bool:
                state = host.state()
                mirror(host, state)
                if link(state)["peer"] == "gone" and state["remote"]["log"] > before:
                    seen.append(link(state))
                    return True
                return False

            wait_until(gone_and_moved, "the host sees the guest gone and plays on")
        finally:
            os.kill(guest.up.process.pid, signal.SIGCONT)
        wait_until(lambda: link(host.state())["peer"] == "online", "the guest is back")

    try:
        open_game(host, guest, "lucky")
        ours, theirs = play(host, guest, until=both_over, between=cut_guest)
        assert seen, "the guest was cut off during the game"
        assert seen[0]["peer_gone_s"] is not None and seen[0]["peer_gone_s"] >= 0
        assert seen[0]["state"] == "connected", "the host itself stayed connected"
        check_end(host, guest, ours, theirs)
        assert link(theirs)["peer"] == "online" and link(theirs)["state"] == "connected"
        assert link(ours)["peer"] == "online" and link(ours)["peer_gone_s"] is None
    finally:
        host.stop()
        guest.stop()
