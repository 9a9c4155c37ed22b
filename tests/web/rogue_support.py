"""A client of the test broker that is no board: it records what it sees, publishes what it
likes, and can make the join exchange with a code as a board would (then it holds what a
board that joined holds, and nothing more)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import mqtt_loop
import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from controller.remote import messages
from controller.remote.pake import Joiner, Welcome

WAIT_S = 60.0


@dataclass(frozen=True)
class Seen:
    topic: str
    payload: bytes
    retain: bool


class Rogue:
    """See the module docstring; ``subscribe`` what it listens to from the start."""

    def __init__(self, port: int, subscribe: tuple[str, ...] = ()) -> None:
        self.seen: list[Seen] = []
        self.lock = threading.Lock()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2)
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port)
        self.thread = mqtt_loop.start(self.client)
        for topic in subscribe:
            self.listen(topic)

    def _message(self, client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        with self.lock:
            self.seen.append(Seen(message.topic, bytes(message.payload), bool(message.retain)))

    def listen(self, topic: str) -> None:
        self.client.subscribe(topic, qos=1)  # in order with what it publishes next

    def on(self, topic: str) -> list[Seen]:
        with self.lock:
            return [seen for seen in self.seen if seen.topic == topic]

    def publish(self, topic: str, payload: bytes, *, retain: bool = False) -> None:
        self.client.publish(topic, payload, qos=1, retain=retain).wait_for_publish(timeout=30)

    def wait(self, topic: str, count: int = 1) -> list[Seen]:
        deadline = time.monotonic() + WAIT_S
        while len(found := self.on(topic)) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"nothing came on {topic}")
            time.sleep(0.02)
        return found

    def retained(self, prefix: str) -> list[Seen]:
        """The retained messages under ``prefix`` now (a fresh subscription's first answer:
        a marker published after it comes after them)."""
        marker = f"{prefix}/marker-{time.monotonic_ns()}"
        before = len(self.seen)
        self.client.subscribe(f"{prefix}/#", qos=1)
        self.publish(marker, b"m")
        self.wait(marker)
        with self.lock:
            fresh = self.seen[before:]
        self.client.unsubscribe(f"{prefix}/#")
        return [seen for seen in fresh if seen.retain and seen.payload]

    def join(self, code: str) -> tuple[str, Welcome | str]:
        """One join exchange with ``code``: ``("welcome", Welcome)`` or ``("refused", why)``."""
        joiner = Joiner(code)
        self.listen(joiner.topic)
        self.publish(*joiner.request())
        taken = 0
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            arrived = self.on(joiner.topic)
            for seen in arrived[taken:]:
                step, value = joiner.take(seen.payload)
                if step == "confirm" and isinstance(value, bytes):
                    self.publish(joiner.topic, value)
                elif isinstance(value, Welcome | str):  # welcomed, or refused
                    return step, value
            taken = len(arrived)
            time.sleep(0.02)
        raise AssertionError(f"no answer to a join with {code}")

    def close(self) -> None:
        mqtt_loop.stop(self.client, self.thread)


def game_topic(welcome: Welcome, leaf: str) -> str:
    return messages.topic(welcome.game_id, leaf)
