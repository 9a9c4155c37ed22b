"""Out-of-order delivery end to end: the host and the guest each use their own real mosquitto,
joined by a relay (two MQTT clients) that passes every message of the game tree across, except
that it holds a log entry of the host back and lets it go after the next one. The guest keeps
the early entry, asks for what it misses, and applies the host's log in order, exactly once."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mqtt_loop
import paho.mqtt.client as mqtt
import pytest
from broker_support import Mosquitto
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.subscribeoptions import SubscribeOptions
from remote_support import Side, both_over, open_game, play
from test_web_remote_faults import check_end
from test_web_remote_gone import host_to_move

from controller.remote import messages

pytestmark = [pytest.mark.broker, pytest.mark.live]

HOLDS = 6
"""How many times the relay holds a log entry back."""


class Relay:
    """Carries the game tree between two brokers, both ways; ``hold`` makes it keep the host's
    next log entry until the one after it has passed (or ``release``)."""

    def __init__(self, host_side: Mosquitto, guest_side: Mosquitto) -> None:
        self.lock = threading.Lock()
        self.armed = False
        self.held: mqtt.MQTTMessage | None = None
        self.reordered = 0
        self.loops: list[tuple[mqtt.Client, threading.Thread]] = []
        self.to_guest = self._client(host_side.port)
        self.to_host = self._client(guest_side.port)
        self.to_guest.on_message = lambda c, u, m: self._from_host(m)
        self.to_host.on_message = lambda c, u, m: self._pass(self.to_guest, m)

    def _client(self, port: int) -> mqtt.Client:
        client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
        client.connect("127.0.0.1", port)
        # not its own messages back (noLocal), and the retain flag as published (the snapshot)
        options = SubscribeOptions(qos=1, noLocal=True, retainAsPublished=True)
        client.subscribe(f"{messages.BASE}/#", options=options)
        self.loops.append((client, mqtt_loop.start(client)))
        return client

    def _pass(self, onto: mqtt.Client, message: mqtt.MQTTMessage) -> None:
        onto.publish(message.topic, message.payload, qos=1, retain=message.retain)

    def _from_host(self, message: mqtt.MQTTMessage) -> None:
        """Host -> guest's broker (through the host's broker's client)."""
        with self.lock:
            if not message.topic.endswith(f"/{messages.LOG}"):
                self._pass(self.to_host, message)
            elif self.held is not None:
                self._pass(self.to_host, message)
                self._pass(self.to_host, self.held)
                self.held = None
                self.reordered += 1
            elif self.armed:
                self.held, self.armed = message, False
            else:
                self._pass(self.to_host, message)

    def hold(self) -> None:
        with self.lock:
            self.armed = self.held is None

    def release(self) -> None:
        """Let a held entry go (the host's last entry of a game has none after it)."""
        with self.lock:
            self.armed = False
            if self.held is not None:
                self._pass(self.to_host, self.held)
                self.held = None

    def close(self) -> None:
        for client, thread in self.loops:
            mqtt_loop.stop(client, thread)


@pytest.fixture
def second_broker(tmp_path: Path) -> Iterator[Mosquitto]:
    folder = tmp_path / "second"
    folder.mkdir()
    broker = Mosquitto(folder)
    broker.start()
    yield broker
    broker.kill()


def test_the_guest_applies_entries_sent_out_of_order_once_in_order(
    tmp_path: Path, mosquitto: Mosquitto, second_broker: Mosquitto
) -> None:
    relay = Relay(mosquitto, second_broker)
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", second_broker.url, "--computer", "2:1"]).start()
    holds = 0

    def hold_one(step: int) -> None:
        nonlocal holds
        if holds < HOLDS and host_to_move(host.state()):
            relay.hold()
            holds += 1

    def over(ours: dict[str, Any], theirs: dict[str, Any]) -> bool:
        if ours["phase"] == "game_over":
            relay.release()
        return both_over(ours, theirs)

    try:
        open_game(host, guest, "lucky")
        ours, theirs = play(host, guest, until=over, between=hold_one)
        assert relay.reordered > 0, "some entries reached the guest after a later one"
        check_end(host, guest, ours, theirs)
    finally:
        host.stop()
        guest.stop()
        relay.close()
