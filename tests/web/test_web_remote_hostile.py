"""Outsiders on the broker cannot stop a remote game: bytes published on a game's topics by
clients without a key (deeply nested, oversized, retained poison) are dropped and counted, the
link stays up and says the truth, the game goes on and ``leave`` always answers."""

from __future__ import annotations

from pathlib import Path

from broker_support import Mosquitto
from hostile_support import Outsider, dropped, link, nested, topic
from remote_support import Side, in_step, wait_for
from test_web_remote_integrity import place, settle

from controller.remote import messages


def test_a_deeply_nested_message_does_not_stop_the_link(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    outsider = Outsider(mosquitto.port)
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        opened = host.post("/api/remote/host", {})
        guest.post("/api/remote/join", {"code": opened["code"]})
        wait_for(lambda: in_step(host, guest), "the guest follows the host's game")
        before_host, before_guest = dropped(host), dropped(guest)
        game_id = opened["game_id"]
        for leaf in (messages.ORDERS, messages.LOG):  # one each side reads
            for depth in range(900, 1000):
                outsider.publish(topic(game_id, leaf), nested(depth))
        wait_for(
            lambda: dropped(host) > before_host and dropped(guest) > before_guest,
            "both sides counted the nested message",
        )
        place(host, "R-I-S")  # the link still carries the game, both ways
        settle(host, guest, "R-I-S")
        place(guest, "Y-II-H")
        settle(host, guest, "Y-II-H")
        for side in (host, guest):
            assert link(side)["state"] == "connected" and link(side)["peer"] == "online"
            assert link(side)["restarts"] == 0
            assert side.up.post("/api/remote/leave").status_code == 200
            assert side.state()["remote"] is None
    finally:
        outsider.close()
        host.stop()
        guest.stop()
