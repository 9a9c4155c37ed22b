"""Outsiders on the broker of a remote game: clients that publish their own bytes on the game's
topics (they know the game id, which every topic shows, but no key), a holder of the join code
(it holds what a board that joined holds), and the measures of what that did to the two services
(link deaths, dropped messages, memory)."""

from __future__ import annotations

import threading
from typing import Any

import mqtt_loop
import paho.mqtt.client as mqtt
import psutil
from paho.mqtt.enums import CallbackAPIVersion
from remote_support import Side

from controller.remote import messages, saved
from controller.remote.pake import Welcome
from controller.remote.sealing import Sealer


def nested(depth: int) -> bytes:
    """A message of the former envelope whose body is lists in lists ``depth`` deep (not
    sealed: an outsider holds no key)."""
    return b'{"msg":{"a":' + b"[" * depth + b"]" * depth + b'},"mac":"00"}'


class Outsider:
    """One more client of the broker: it publishes what it likes (QoS 1, waiting for the
    broker's acknowledgement) and records what it sees on the topics it subscribes to."""

    def __init__(self, port: int) -> None:
        self.seen: list[tuple[str, bytes, bool]] = []
        self.lock = threading.Lock()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2)
        self.client.max_inflight_messages_set(100)
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port)
        self.thread = mqtt_loop.start(self.client)

    def _message(self, client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        with self.lock:
            self.seen.append((message.topic, bytes(message.payload), bool(message.retain)))

    def listen(self, topic: str) -> None:
        self.client.subscribe(topic, qos=1)

    def recorded(self, leaf: str) -> list[tuple[str, bytes, bool]]:
        with self.lock:
            return [seen for seen in self.seen if seen[0].endswith(f"/{leaf}")]

    def publish(self, topic: str, payload: bytes, *, retain: bool = False) -> None:
        self.client.publish(topic, payload, qos=1, retain=retain).wait_for_publish(timeout=60)

    def publish_many(self, items: list[tuple[str, bytes]]) -> None:
        """Publish all, then wait until the broker has taken every one."""
        sent = [self.client.publish(topic, payload, qos=1) for topic, payload in items]
        for info in sent:
            info.wait_for_publish(timeout=120)

    def close(self) -> None:
        mqtt_loop.stop(self.client, self.thread)


def link(side: Side) -> dict[str, Any]:
    """The side's ``remote.link`` (the connection, the other side, the counters)."""
    remote = side.state()["remote"]
    assert remote is not None, "the side is in no remote game"
    state: dict[str, Any] = remote["link"]
    return state


def dropped(side: Side) -> int:
    """Every message the side dropped, whatever the reason."""
    return sum(link(side)["dropped"].values())


def rss_mb(side: Side) -> float:
    """The service's resident memory."""
    return float(psutil.Process(side.up.process.pid).memory_info().rss) / 2**20


def topic(game_id: str, leaf: str) -> str:
    return messages.topic(game_id, leaf)


def joined_keys(side: Side) -> Welcome:
    """The keys a guest that joined holds, read from its saved ``remote.json``."""
    kept = saved.load(side.folder / "data")
    assert kept is not None and kept.role == "guest", "the side is no guest that joined"
    return Welcome(
        role=kept.role,
        game_id=kept.game_id,
        log_key=bytes.fromhex(kept.log_key),
        host_key=bytes.fromhex(kept.host_key),
        guest_key=bytes.fromhex(kept.guest_key),
        to_guest=bytes.fromhex(kept.to_guest),
    )


def as_guest(keys: Welcome) -> Sealer:
    """Seals as the guest seals its own messages (an order, a hello)."""
    return Sealer(keys.guest_key)


def seal_any(sealer: Sealer, where: str, body: object) -> bytes:
    """``body`` sealed on ``where`` as ``sealer`` seals a message, though it need be none: a
    holder of the keys sends what it likes, and how the other side reads it is the test."""
    return sealer.seal(where, body)  # type: ignore[arg-type]  # no Message, on purpose


def as_host(keys: Welcome) -> Sealer:
    """Seals the host's messages as the guest's keys can: with the log key and the host's MAC
    for the guest (the guest reads them as the host's)."""
    return Sealer(keys.log_key, mac_key=keys.to_guest)
