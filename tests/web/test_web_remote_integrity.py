"""Remote play's integrity through a real mosquitto: 1,000 forged, moved, replayed and
duplicated messages published straight to the broker change nothing and are counted; TLS with
a broker certificate from a private CA."""

from __future__ import annotations

import secrets
import threading
from pathlib import Path

import mqtt_loop
import paho.mqtt.client as mqtt
import pytest
from broker_support import Mosquitto
from paho.mqtt.enums import CallbackAPIVersion
from remote_support import Side, game_of, in_step, mirror

from controller.remote import messages
from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]

FORGED_EACH = 100
REPLAYED = 300
DUPLICATED = 300


class Eavesdropper:
    """Another client of the same broker: it records a game's messages and publishes its own."""

    def __init__(self, port: int, game_id: str) -> None:
        self.seen: list[tuple[str, bytes]] = []
        self.lock = threading.Lock()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2)
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port)
        self.client.subscribe(messages.topic(game_id, "#"), qos=1)
        self.thread = mqtt_loop.start(self.client)

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
        mqtt_loop.stop(self.client, self.thread)


def forged(like: bytes) -> bytes:
    """A message of the shape of ``like`` (its header: version and number) that nobody sealed."""
    return like[:9] + secrets.token_bytes(len(like) - 9)


def damaged(wire: bytes) -> bytes:
    """A real message with one bit of its ciphertext flipped."""
    return wire[:30] + bytes([wire[30] ^ 1]) + wire[31:]


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

    wait_until(quiet, "both boards match the game")


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
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
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
        orders = spy.recorded(messages.ORDERS)
        log_topics = spy.recorded(messages.LOG)
        assert len(orders) == 2 and len(log_topics) == 5
        assert all(b"Y-II-H" not in payload for _, payload in orders + log_topics)

        def topic(leaf: str) -> str:
            return messages.topic(game_id, leaf)

        order, entry = orders[-1][1], log_topics[-1][1]
        for count in range(FORGED_EACH):
            spy.publish(topic("orders"), forged(order))
            spy.publish(topic("log"), damaged(entry) if count % 2 else forged(entry))
            spy.publish(topic("hello"), order)  # the guest's order moved to another topic
            spy.publish(topic("snapshot"), entry)  # the host's entry moved to the snapshot
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

        wait_until(
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
        wait_until(lambda: in_step(host, guest), "the guest follows the TLS host's game")
        place(host, "R-I-S")
        settle(host, guest, "R-I-S")
        assert host.state()["remote"]["link"]["state"] == "connected"
        stranger.post("/api/remote/join", {"code": code})  # the system's CAs: not the private one

        def refused() -> bool:
            link = stranger.state()["remote"]["link"]
            return link["state"] == "reconnecting" and "certificate" in str(link["error"])

        wait_until(refused, "a client without the private CA refuses the broker's certificate")
    finally:
        for side in (host, guest, stranger):
            side.stop()
