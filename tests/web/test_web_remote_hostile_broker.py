"""A hostile broker: outsiders (clients without a key, several connections at once) publish
more than 10,000 messages of every kind on a game's topics: random bytes, JSON of the former
envelope, bodies of every message type sealed in the game's own form with keys of their own
(spoofed presence among them), nested 10,000 deep and just under the depth that used to end the
link, 1 MB, just under the snapshot's limit, and replays of the
game's own messages. Then a flood of 100 messages a second while the game is played. Nothing
ends a link, nothing changes the game, every message is counted where it arrived, the genuine
moves get through, and neither service grows by more than 20 MB. (A message over a side's
maximum packet size, the 1 MB ones, is dropped by the broker: its bytes never reach the side.)"""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from broker_support import Mosquitto, find_mosquitto
from hostile_support import Outsider, dropped, link, nested, rss_mb, topic
from remote_support import Side, game_of, in_step
from test_web_remote_integrity import place, settle

from controller.remote import inbox, messages
from controller.remote.sealing import Sealer
from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]

OUTSIDER_MESSAGES = 10_500
PUBLISHERS = 4
FLOOD_PER_S = 100
MEMORY_GROWTH_MB = 20.0
HOST_READS = (messages.ORDERS, messages.HELLO, f"{messages.PRESENCE}/guest")
GUEST_READS = (messages.SNAPSHOT, messages.LOG, messages.REFUSED, f"{messages.PRESENCE}/host")
ROOMY = "max_queued_messages 100000\n"
"""The broker keeps every message for a busy subscriber (its default drops past 1,000), so
each side must count every message sent to it."""


@pytest.fixture
def roomy_broker(tmp_path: Path) -> Iterator[Mosquitto]:
    if find_mosquitto() is None:
        pytest.fail("mosquitto is missing: install it with bash scripts/setup-system.sh")
    folder = tmp_path / "broker"
    folder.mkdir()
    broker = Mosquitto(folder, settings=ROOMY)
    broker.start()
    yield broker
    broker.kill()


def forged(leaf: str, game: int, n: int) -> bytes:
    """A body of the topic's own type, sealed as the game seals it but with keys the outsider
    drew itself (a presence says the side is gone)."""
    bodies: dict[str, messages.Message] = {
        messages.ORDERS: messages.Order(
            game, n, f"x{n}", messages.OrderAction("place", hole="Y-I-H")
        ),
        messages.HELLO: messages.Hello(game, n, f"x{n}"),
        messages.SNAPSHOT: messages.Snapshot(game + 1, messages.NewGame("qubic", 2), (), (0, 1)),
        messages.LOG: messages.Entry(game, n, "action", messages.ActionData("place", hole="Y-I-H")),
        messages.REFUSED: messages.Refused(f"x{n}", "no"),
    }
    side: messages.Side = "host" if leaf.endswith("host") else "guest"
    presence = messages.Presence(side, False, n, False)
    sealer = Sealer(os.urandom(32), mac_key=os.urandom(32))
    return sealer.seal(messages.topic("0" * 16, leaf), bodies.get(leaf, presence))


def hostile(leaf: str, i: int, replays: dict[str, list[bytes]]) -> bytes:
    """The ``i``-th outsider message for a topic: every kind in turn, the big ones rarer (and
    on each topic at another time)."""
    turn = (i + 29 * len(leaf)) % 200
    if turn == 0:
        return os.urandom(2**20)
    if turn % 100 == 1:
        return b'{"msg": {"a": "' + b"x" * (inbox.SNAPSHOT_BYTES - 40) + b'"}, "mac": "00"}'
    kinds: list[Callable[[], bytes]] = [
        lambda: os.urandom(64),
        lambda: b'{"msg": 1, "mac": "00"}',
        lambda: b"[]",
        lambda: forged(leaf, 1, i),
        lambda: nested(10_000),
        lambda: nested(976 + i % 3),
    ]
    if replays.get(leaf):
        kinds.append(lambda: replays[leaf][i % len(replays[leaf])])
    return kinds[i % len(kinds)]()


def publish_all(port: int, items: list[tuple[str, bytes]]) -> None:
    """Publish ``items`` over ``PUBLISHERS`` connections at once."""
    clients = [Outsider(port) for _ in range(PUBLISHERS)]
    try:
        threads = [
            threading.Thread(target=client.publish_many, args=(items[k::PUBLISHERS],))
            for k, client in enumerate(clients)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        for client in clients:
            client.close()


class Flood:
    """``FLOOD_PER_S`` outsider messages a second on every topic of the game, until stopped."""

    def __init__(self, port: int, game_id: str, replays: dict[str, list[bytes]]) -> None:
        self.client = Outsider(port)
        self.game_id, self.replays = game_id, replays
        self.sent = 0
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run)
        self.thread.start()

    def _run(self) -> None:
        began = time.monotonic()
        for i in itertools.count():
            if self.done.is_set():
                return
            leaf = (HOST_READS + GUEST_READS)[i % 7]
            payload = hostile(leaf, i + 7, self.replays)
            self.client.client.publish(topic(self.game_id, leaf), payload, qos=1)
            self.sent += 1
            time.sleep(max(0.0, began + (i + 1) / FLOOD_PER_S - time.monotonic()))

    def stop(self) -> None:
        self.done.set()
        self.thread.join()
        self.client.close()


def test_a_hostile_broker_changes_nothing(tmp_path: Path, roomy_broker: Mosquitto) -> None:
    host = Side(tmp_path / "host", ["--remote", roomy_broker.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", roomy_broker.url]).start()
    recorder = Outsider(roomy_broker.port)
    flood: Flood | None = None
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        opened = host.post("/api/remote/host", {})
        game_id = opened["game_id"]
        recorder.listen(topic(game_id, "#"))
        guest.post("/api/remote/join", {"code": opened["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        place(host, "R-I-S")
        settle(host, guest, "R-I-S")
        place(guest, "Y-II-H")
        settle(host, guest, "Y-II-H")
        replays = {  # the game's own messages, as they were sent
            leaf: [seen[1] for seen in recorder.recorded(leaf) if seen[1]]
            for leaf in (messages.ORDERS, messages.LOG)
        }
        # an order may go twice (sent again when its answer is slow): each copy is a replay
        assert len(replays[messages.ORDERS]) >= 1 and len(replays[messages.LOG]) >= 2
        before = {"host": host.state(), "guest": guest.state()}
        counted = {"host": dropped(host), "guest": dropped(guest)}
        expected = {"host": 0, "guest": 0}
        leaves = HOST_READS + GUEST_READS

        def outsiders(first: int, last: int) -> None:
            """Messages ``first`` to ``last`` - 1, published at once by several connections;
            wait until each side has counted every one that reached it."""
            items = [
                (topic(game_id, leaves[i % 7]), hostile(leaves[i % 7], i // 7, replays))
                for i in range(first, last)
            ]
            publish_all(roomy_broker.port, items)
            for where, payload in items:
                if len(payload) > inbox.SNAPSHOT_BYTES:
                    continue  # over the side's maximum packet size: the broker never sends it
                leaf = where.split(f"{game_id}/", 1)[1]
                expected["host" if leaf in HOST_READS else "guest"] += 1

            def all_counted() -> bool:
                return (
                    dropped(host) - counted["host"] == expected["host"]
                    and dropped(guest) - counted["guest"] == expected["guest"]
                )

            wait_until(all_counted, f"every message counted: {link(host)} {link(guest)}", 180)

        memory = {"host": rss_mb(host), "guest": rss_mb(guest)}
        outsiders(0, OUTSIDER_MESSAGES)
        for name, side in (("host", host), ("guest", guest)):
            assert game_of(side.state()) == game_of(before[name])
            assert side.state()["remote"]["log"] == before[name]["remote"]["log"] == 2

        flood = Flood(roomy_broker.port, game_id, replays)
        wait_until(lambda: flood.sent >= FLOOD_PER_S, "the flood is on")
        moves = [(host, "G-III-D"), (guest, "B-IV-C"), (host, "R-II-S"), (guest, "Y-I-H")]
        for mover, hole in moves:
            place(mover, hole)
            settle(host, guest, hole)
        flood.stop()
        assert set(host.state()["board"]) == {"R-I-S", "Y-II-H"} | {hole for _, hole in moves}
        assert in_step(host, guest)

        for name, side in (("host", host), ("guest", guest)):
            shown = link(side)
            assert shown["state"] == "connected" and shown["peer"] == "online"
            assert shown["restarts"] == 0 and shown["dropped"]["failed"] == 0
            assert shown["history"]["drop_count"] == 0, "forged presences fake no drop"
            growth = rss_mb(side) - memory[name]
            assert growth <= MEMORY_GROWTH_MB, f"the {name} grew by {growth:.1f} MB"
    finally:
        if flood is not None and not flood.done.is_set():
            flood.stop()
        recorder.close()
        host.stop()
        guest.stop()
