"""Outsiders on the broker cannot stop a remote game: bytes published on a game's topics by
clients without a key (deeply nested, oversized, retained poison) are dropped and counted, the
link stays up and says the truth, the game goes on and ``leave`` always answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from broker_support import Mosquitto
from hostile_support import Outsider, dropped, link, nested, topic
from remote_support import Side, in_step
from test_web_remote_integrity import place, settle

from controller.remote import messages
from tests.live_service import free_port
from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]


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
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        before_host, before_guest = dropped(host), dropped(guest)
        game_id = opened["game_id"]
        for leaf in (messages.ORDERS, messages.LOG):  # one each side reads
            for depth in range(900, 1000):
                outsider.publish(topic(game_id, leaf), nested(depth))
        wait_until(
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
        for side in (host, guest):  # (the host's leaving is announced: the guest's peer "left")
            assert side.up.post("/api/remote/leave").status_code == 200
            assert side.state()["remote"] is None
    finally:
        outsider.close()
        host.stop()
        guest.stop()


def test_retained_poison_stops_nothing_across_restarts(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    outsider = Outsider(mosquitto.port)
    later: Outsider | None = None
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        opened = host.post("/api/remote/host", {})
        guest.post("/api/remote/join", {"code": opened["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        place(host, "R-I-S")
        settle(host, guest, "R-I-S")
        game_id = opened["game_id"]
        poison = {  # the depths around 977 ended the link of the unguarded host
            messages.ORDERS: nested(976),
            f"{messages.PRESENCE}/guest": nested(977),
            messages.HELLO: nested(978),
            messages.SNAPSHOT: nested(10_000),
            messages.LOG: b"\xff" * 2**20,
            f"{messages.PRESENCE}/host": b'{"msg": {"type": "presence", "side": "host", '
            b'"online": false, "nonce": "x"}, "mac": "00"}',
            messages.REFUSED: b"not json",
        }
        for leaf, payload in poison.items():
            outsider.publish(topic(game_id, leaf), payload, retain=True)
        for side in (host, guest):
            side.kill()
            side.start()
        wait_until(
            lambda: (
                all(link(s)["state"] == "connected" for s in (host, guest))
                and link(host)["peer"] == link(guest)["peer"] == "online"
            ),
            "both sides back and connected",
        )
        place(guest, "Y-II-H")  # the game goes on
        settle(host, guest, "Y-II-H")
        assert link(host)["restarts"] == link(guest)["restarts"] == 0
        assert set(host.state()["board"]) == {"R-I-S", "Y-II-H"}

        later = Outsider(mosquitto.port)  # what the broker now keeps for a newcomer
        later.listen(topic(game_id, "#"))
        wait_until(lambda: len(later.recorded("host")) > 0, "the retained messages arrive")
        kept = {seen[0].rsplit(f"{game_id}/", 1)[1]: seen[1] for seen in later.seen if seen[2]}
        assert not set(kept) & {messages.ORDERS, messages.HELLO, messages.LOG, messages.REFUSED}
        assert not set(kept.values()) & set(poison.values())
    finally:
        for client in (outsider, later):
            if client is not None:
                client.close()
        host.stop()
        guest.stop()


def test_leave_answers_while_the_broker_is_away(tmp_path: Path) -> None:
    nowhere = f"mqtt://127.0.0.1:{free_port()}"
    side = Side(tmp_path / "side", ["--remote", nowhere]).start()
    try:
        side.post("/api/remote/host", {})
        wait_until(lambda: link(side)["state"] == "reconnecting", "the link looks for the broker")
        assert side.up.post("/api/remote/leave").status_code == 200
        side.post("/api/remote/join", {"code": "ABCDEFGH"})
        assert side.up.post("/api/remote/leave").status_code == 200
        assert side.state()["remote"] is None
    finally:
        side.stop()
