"""``WS /api/events`` at the ASGI level: a reader that stops reading is closed with
``FELL_BEHIND`` once its queue is full, instead of staying open while its events are dropped
(a page frozen on "live"); each message is serialized once for every subscriber; a reader that
lags gets every event in order but only the newest of the states that waited for it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import MutableMapping
from typing import Any

import pytest

from controller.core.session import game_entry
from controller.server.fanout import FELL_BEHIND, QUEUE_LIMIT, Subscriber
from tests.api_harness import Harness
from tests.api_schema import check_message

SCOPE: dict[str, Any] = {
    "type": "websocket",
    "asgi": {"version": "3.0"},
    "scheme": "ws",
    "path": "/api/events",
    "raw_path": b"/api/events",
    "root_path": "",
    "query_string": b"",
    "headers": [(b"host", b"127.0.0.1:8640"), (b"origin", b"http://127.0.0.1:8640")],
    "client": ("127.0.0.1", 50000),
    "server": ("127.0.0.1", 8640),
    "subprotocols": [],
}


class Reader:
    """A WebSocket client at the ASGI level that can stop reading (its sends then block)."""

    def __init__(self) -> None:
        self.incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.incoming.put_nowait({"type": "websocket.connect"})
        self.reading = asyncio.Event()
        self.reading.set()
        self.sent: list[MutableMapping[str, Any]] = []
        self.begun: list[MutableMapping[str, Any]] = []
        """Every message the service began to send, taken or not."""

    async def receive(self) -> dict[str, Any]:
        return await self.incoming.get()

    async def send(self, message: MutableMapping[str, Any]) -> None:
        self.begun.append(message)
        if message["type"] in ("websocket.send", "websocket.close"):
            await self.reading.wait()  # a connection that takes nothing blocks both
        if message["type"] == "websocket.send":
            check_message(message["text"])
        self.sent.append(message)

    def texts(self) -> list[dict[str, Any]]:
        return [json.loads(m["text"]) for m in self.sent if m["type"] == "websocket.send"]


async def test_a_reader_that_stops_reading_is_closed_with_4008_and_a_reason() -> None:
    api = Harness()
    reader = Reader()
    stream = asyncio.create_task(api.app(SCOPE, reader.receive, reader.send))
    while not reader.texts():
        await asyncio.sleep(0)
    assert reader.texts()[0]["type"] == "state"
    reader.reading.clear()
    entry = game_entry(api.service.config, "qubic", 2, 1, None)
    orders = 0
    while len(api.service.fanout) and orders < 2 * QUEUE_LIMIT:
        api.service.order(lambda now: api.service.controller.new_game(entry, now))
        orders += 1
    reader.reading.set()
    await asyncio.wait_for(stream, 30)
    closing = reader.sent[-1]
    assert closing["type"] == "websocket.close" and closing["code"] == FELL_BEHIND
    assert "read /api/state again" in closing["reason"]
    assert len(reader.texts()) <= 3  # the stale backlog is not sent
    assert len(api.service.fanout) == 0


async def test_a_reader_slower_than_any_time_limit_still_gets_its_close(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The race of a load run: the close frame of a reader that fell behind waits for its
    connection to take data again (the reader's sends block), and the reader drains slower than
    the time the service gave it: the close was given up and the reader never got it. Here the
    loop's clock jumps an hour while the reader is stopped (every timer the service set fires),
    then the reader reads again: its close comes."""
    api = Harness()
    reader = Reader()
    stream = asyncio.create_task(api.app(SCOPE, reader.receive, reader.send))
    while not reader.texts():
        await asyncio.sleep(0)
    reader.reading.clear()
    entry = game_entry(api.service.config, "qubic", 2, 1, None)
    while len(api.service.fanout):
        api.service.order(lambda now: api.service.controller.new_game(entry, now))
        await asyncio.sleep(0)
    while not any(m["type"] == "websocket.close" for m in reader.begun):
        await asyncio.sleep(0)  # the close frame waits for the stopped reader
    loop = asyncio.get_running_loop()
    real_time = loop.time
    monkeypatch.setattr(loop, "time", lambda: real_time() + 3600.0)
    for _ in range(10):
        await asyncio.sleep(0)  # the timers that were due within the hour have fired
    reader.reading.set()
    await asyncio.wait_for(stream, 30)
    closing = reader.sent[-1]
    assert closing["type"] == "websocket.close" and closing["code"] == FELL_BEHIND
    assert len(api.service.fanout) == 0


async def test_a_reader_that_keeps_up_gets_every_message_serialized_once() -> None:
    api = Harness()
    readers = [Reader() for _ in range(3)]
    streams = [
        asyncio.create_task(api.app(SCOPE, reader.receive, reader.send)) for reader in readers
    ]
    while len(api.service.fanout) < len(readers):
        await asyncio.sleep(0)
    for _ in range(5):
        api.service.order(
            lambda now: api.service.controller.new_game(
                game_entry(api.service.config, "qubic", 2, 1, None), now
            )
        )
        await asyncio.sleep(0.01)
    for reader in readers:
        await reader.incoming.put({"type": "websocket.disconnect", "code": 1000})
    await asyncio.wait_for(asyncio.gather(*streams), 30)
    sent = [[m["text"] for m in r.sent if m["type"] == "websocket.send"][1:] for r in readers]
    assert sent[0] == sent[1] == sent[2] and len(sent[0]) >= 10
    assert all(a is b for a, b in zip(sent[0], sent[1], strict=True))  # one text for all
    assert len(api.service.fanout) == 0


async def test_a_waiting_state_is_replaced_by_the_newer_one_and_events_stay() -> None:
    subscriber = Subscriber()
    for text, state in (("e1", False), ("s1", True), ("e2", False), ("s2", True), ("e3", False)):
        assert subscriber.put(text, state=state)
    assert await subscriber.take() == ["e1", "e2", "s2", "e3"]
    assert subscriber.put("s3", state=True) and await subscriber.take() == ["s3"]
    assert len(subscriber) == 0


class CountingReader(Reader):
    """A reader that counts the sends it was offered, taken or not yet."""

    def __init__(self) -> None:
        super().__init__()
        self.offered = 0

    async def send(self, message: MutableMapping[str, Any]) -> None:
        if message["type"] == "websocket.send":
            self.offered += 1
        await super().send(message)


def unspoken(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages without the voice's lines (``speech``: the words of the events)."""
    return [message for message in messages if message["type"] != "speech"]


async def test_a_lagging_reader_gets_every_event_and_only_the_newest_waiting_state() -> None:
    api = Harness()
    published: list[dict[str, Any]] = []
    api.service.controller.session.subscribe(lambda _, data: published.append(data))
    reader = CountingReader()
    stream = asyncio.create_task(api.app(SCOPE, reader.receive, reader.send))
    while not reader.texts():
        await asyncio.sleep(0)
    reader.reading.clear()
    entry = game_entry(api.service.config, "qubic", 2, 1, None)
    api.service.order(lambda now: api.service.controller.new_game(entry, now))
    first_order = len(published)
    while reader.offered < 2:  # the first order's first message waits for the reader
        await asyncio.sleep(0)
    for _ in range(4):
        api.service.order(lambda now: api.service.controller.new_game(entry, now))
    newest = api.service.controller.state()
    reader.reading.set()
    while len(unspoken(reader.texts())) < 1 + len(published) + 2:
        await asyncio.sleep(0)
    await reader.incoming.put({"type": "websocket.disconnect", "code": 1000})
    await asyncio.wait_for(stream, 30)
    got = unspoken(reader.texts())[1:]
    assert [m for m in got if m["type"] != "state"] == published  # every event, in order
    states = [i for i, m in enumerate(got) if m["type"] == "state"]
    assert states == [first_order, len(got) - 1]  # the first order's, then only the newest
    assert got[-1]["state"] == json.loads(json.dumps(newest))
