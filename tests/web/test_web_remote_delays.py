"""Messages delayed and reordered on the way, both ways: the host and the guest each on their
own real mosquitto, joined by a relay that holds every message of the game's tree (the join
exchange, orders, hellos, presences, snapshots, log entries) for a random time up to
``DELAY_S`` before passing it on, so that many arrive after a later one. The game goes on
(``ENTRIES`` entries of the host's log); the guest's journal holds the host's log entry by
entry (nothing lost, nothing that was not played) from the first
entry on."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from broker_support import Mosquitto
from remote_support import Side, game_of, open_game, play
from test_web_remote_link_history import caught_up, following, started
from test_web_remote_order import Relay
from test_web_remote_order import second_broker as second_broker  # a fixture, used by name

from controller.remote import messages
from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]

ENTRIES = 16
"""The host's log entries played through the delays (about half a game of Lucky Flix)."""
DELAY_S = 0.3
"""The longest a message is held: a tenth of a call window of 3 s, a slow intercontinental link."""


class DelayingRelay(Relay):
    """The relay, each message passed on after its own random delay (seeded)."""

    def __init__(self, host_side: Mosquitto, guest_side: Mosquitto) -> None:
        self.random = random.Random(37)
        self.counted = threading.Lock()
        self.taken = 0
        self.passed_last = -1
        self.overtaken = 0
        self.entries_overtaken = 0
        self.timers: list[threading.Timer] = []
        super().__init__(host_side, guest_side)

    def _pass(self, onto: mqtt.Client, message: mqtt.MQTTMessage) -> None:
        with self.counted:
            number = self.taken
            self.taken += 1
            delay = self.random.uniform(0, DELAY_S)
        timer = threading.Timer(delay, self._later, (onto, message, number))
        self.timers.append(timer)
        timer.start()

    def _later(self, onto: mqtt.Client, message: mqtt.MQTTMessage, number: int) -> None:
        with self.counted:
            if number < self.passed_last:  # a later message went first
                self.overtaken += 1
                self.entries_overtaken += message.topic.endswith(f"/{messages.LOG}")
            self.passed_last = max(self.passed_last, number)
        super()._pass(onto, message)

    def close(self) -> None:
        for timer in self.timers:
            timer.cancel()
        super().close()


def far_and_in_step(ours: dict[str, Any], theirs: dict[str, Any]) -> bool:
    return ours["remote"]["log"] >= ENTRIES and game_of(ours) == game_of(theirs)


def test_a_game_through_delayed_and_reordered_messages(
    tmp_path: Path, mosquitto: Mosquitto, second_broker: Mosquitto
) -> None:
    relay = DelayingRelay(mosquitto, second_broker)
    host, guest = (
        Side(tmp_path / name, ["--remote", broker.url, *more]).start()
        for name, broker, more in (
            ("host", mosquitto, []),
            ("guest", second_broker, ["--computer", "2:1"]),  # the guest's computer at seat 2
        )
    )
    try:
        open_game(host, guest, "lucky")
        first = following(guest)
        play(host, guest, until=far_and_in_step)
        assert relay.entries_overtaken > 0, "some log entries reached the guest after a later one"
        wait_until(lambda: caught_up(host, guest), "the guest applied the host's whole log")
        assert started(guest) == first, "the guest never disagreed with the host"
    finally:
        host.stop()
        guest.stop()
        relay.close()
