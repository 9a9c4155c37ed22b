"""Remote play's integrity through a real mosquitto: 1,000 forged, replayed and duplicated
messages published straight to the broker change nothing and are counted; TLS with a broker
certificate from a private CA."""

from __future__ import annotations

import json
import secrets
import threading
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from broker_support import Mosquitto
from remote_support import Side, game_of, in_step, mirror, wait_for

from controller.remote import messages

FORGED_EACH = 100
REPLAYED = 300
DUPLICATED = 300


class Eavesdropper:
    """Another client of the same broker: it records a game's messages and publishes its own."""

    def __init__(self, port: int, game_id: str) -> None:
        self.seen: list[tuple[str, bytes]] = []
        self.lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port)
        self.client.subscribe(f"{messages.ROOT}/{game_id}/#", qos=1)
        self.client.loop_start()

    def _message(self, client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        if not message.payload:
            return  # a topic cleared (the host clears what nobody should retain when it connects)
        with self.lock:
            self.seen.append((message.topic, bytes(message.payload)))

    def recorded(self, leaf: str) -> list[tuple[str, bytes]]:
        with self.lock:
            return [(t, p) for t, p in self.seen if t.endswith(f"/{leaf}")]

    def publish(self, topic: str, payload: bytes) -> None:
        self.client.publish(topic, payload, qos=1).wait_for_publish(timeout=30)

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def forged(body: dict[str, Any]) -> bytes:
    """A message whose MAC is not made with the game's key."""
    return json.dumps({"msg": body, "mac": secrets.token_hex(32)}).encode()


def place(side: Side, hole: str) -> None:
    assert side.up.post("/api/sim/place", {"hole": hole}).status_code == 200


def settle(host: Side, guest: Side, hole: str) -> None:
    """The Man placed in ``hole`` is in the game; the other side's person has put it in place,
    both boards agree and match the game."""

    def quiet() -> bool:
        ours, theirs = host.state(), guest.state()
        mirror(host, ours)
        mirror(guest, theirs)
        return (
            hole in ours["board"]
            and game_of(ours) == game_of(theirs)
            and not any(ours["mismatch"][k] for k in ("missing", "extra"))
            and not any(theirs["mismatch"][k] for k in ("missing", "extra"))
        )

    wait_for(quiet, "both boards match the game")


def dropped(side: Side) -> dict[str, int]:
    counts: dict[str, int] = side.state()["remote"]["link"]["dropped"]
    return counts


def test_forged_replayed_and_duplicated_messages_change_nothing(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    spy: Eavesdropper | None = None
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        opened = host.post("/api/remote/host", {})
        game_id = opened["game_id"]
        spy = Eavesdropper(mosquitto.port, game_id)
        guest.post("/api/remote/join", {"code": opened["code"]})
        wait_for(lambda: in_step(host, guest), "the guest follows the host's game")
        for mover, hole in [
            (host, "R-I-S"),
            (guest, "Y-II-H"),
            (host, "G-III-D"),
            (guest, "B-IV-C"),
            (host, "R-II-S"),
        ]:
            place(mover, hole)
            settle(host, guest, hole)
        before = host.state()
        assert before["to_move"] == 1 and before["remote"]["log"] == 5
        host_before, guest_before = dropped(host), dropped(guest)
        base = {"game": 0, "n": 0}
        entries = [json.loads(p)["msg"] for _, p in spy.recorded(messages.LOG)]
        base["game"], last_n = entries[-1]["game"], entries[-1]["n"]
        orders = spy.recorded(messages.ORDERS)
        log_topics = spy.recorded(messages.LOG)
        assert len(orders) == 2 and len(entries) == len(log_topics) == 5

        def topic(leaf: str) -> str:
            return messages.topic(game_id, leaf)

        legal = {"kind": "place", "hole": "Y-I-H"}
        for count in range(FORGED_EACH):
            nonce = secrets.token_hex(8)
            spy.publish(topic("orders"), forged(messages.order_body(base["game"], 5, nonce, legal)))
            entry = {
                "type": "entry",
                "game": base["game"],
                "n": last_n + 1,
                "kind": "action",
                "data": {"kind": "place", "hole": "Y-I-H", "at": float(count)},
            }
            spy.publish(topic("log"), forged(entry))
            spy.publish(topic("hello"), forged(messages.hello_body(base["game"], 0, nonce)))
            snapshot = {
                "type": "snapshot",
                "game": base["game"] + 1,
                "new_game": {"variant": "qubic", "players": 2, "options": {}},
                "log": [],
                "seats": [0, 1],
                "spectator": False,
            }
            spy.publish(topic("snapshot"), forged(snapshot))
        for count in range(REPLAYED):  # old messages, as they were sent
            spy.publish(*(orders[count % 2] if count % 2 else log_topics[count % 5]))
        for count in range(DUPLICATED):  # the latest, again (as QoS 1 may deliver it)
            spy.publish(*(orders[-1] if count % 2 else log_topics[-1]))

        replayed_orders = REPLAYED // 2 + DUPLICATED // 2
        replayed_entries = REPLAYED - REPLAYED // 2 + DUPLICATED - DUPLICATED // 2

        def counted() -> bool:
            ours, theirs = dropped(host), dropped(guest)
            return (
                ours["forged"] - host_before["forged"] == 2 * FORGED_EACH
                and theirs["forged"] - guest_before["forged"] == 2 * FORGED_EACH
                and ours["duplicate"] - host_before["duplicate"] == replayed_orders
                and theirs["duplicate"] - guest_before["duplicate"] == replayed_entries
            )

        wait_for(
            counted, f"every bad message counted where it arrived: {dropped(host)} {dropped(guest)}"
        )
        total = sum(dropped(host).values()) + sum(dropped(guest).values())
        assert total - sum(host_before.values()) - sum(guest_before.values()) == 1000
        after, theirs = host.state(), guest.state()
        assert game_of(after) == game_of(before) == game_of(theirs)
        assert after["remote"]["log"] == theirs["remote"]["log"] == 5

        place(guest, "Y-I-H")  # the game goes on: the guest's own move is taken
        settle(host, guest, "Y-I-H")
        assert "Y-I-H" in host.state()["board"]
    finally:
        if spy is not None:
            spy.close()
        host.stop()
        guest.stop()


def test_tls_with_a_private_ca(tmp_path: Path, mosquitto: Mosquitto) -> None:
    host = Side(
        tmp_path / "host",
        ["--remote", mosquitto.tls_url, "--set", f'remote.ca_file="{mosquitto.ca}"'],
    ).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    stranger = Side(tmp_path / "stranger", ["--remote", mosquitto.tls_url]).start()
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        code = host.post("/api/remote/host", {})["code"]
        guest.post("/api/remote/join", {"code": code})
        wait_for(lambda: in_step(host, guest), "the guest follows the TLS host's game")
        place(host, "R-I-S")
        settle(host, guest, "R-I-S")
        assert host.state()["remote"]["link"]["state"] == "connected"
        stranger.post("/api/remote/join", {"code": code})  # the system's CAs: not the private one

        def refused() -> bool:
            link = stranger.state()["remote"]["link"]
            return link["state"] == "reconnecting" and "certificate" in str(link["error"])

        wait_for(refused, "a client without the private CA refuses the broker's certificate")
    finally:
        for side in (host, guest, stranger):
            side.stop()
