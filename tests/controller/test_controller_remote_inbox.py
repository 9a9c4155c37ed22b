"""The inbox of remote play without a broker: the depth of a JSON text found without recursion
(the opener checks an opened message's text with it), the byte limits, bounded queues served in
turn, the queue of the topics outside the game's, and the guard that drops what fails."""

from __future__ import annotations

import asyncio

import pytest

from controller.remote import inbox, messages
from controller.remote.inbox import Inbox, within_depth
from controller.remote.sealing import Opener, Sealer
from controller.wire import encode

HANG_GUARD_S = 30.0
"""Only against a hang: a serve that never serves fails instead of blocking the suite."""


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        (b"{}", 1),
        (b"[[], [[]], {}]", 3),
        (b'{"a": "[[[[[[[[[[[[[[[[[[[[[["}', 1),
        (b'{"a": "\\"[[[[[[[[[[[[[[[[[[[[", "b": [[1]]}', 3),
        (b'["\\\\", [["\\\\\\""]]]', 3),
        (b"[1] " * 1000, 1),
    ],
)
def test_the_depth_counts_brackets_outside_strings(text: bytes, depth: int) -> None:
    assert within_depth(text, depth) and not within_depth(text, depth - 1)


def test_deep_or_broken_texts_are_too_deep_without_recursion() -> None:
    assert not within_depth(b"[" * 100_000 + b"]" * 100_000)
    assert not within_depth(b"[" * 17 + b"]" * 17)
    assert within_depth(b"[" * 16 + b"]" * 16)
    assert not within_depth(b"[[" + b"[]" * 10)  # never closed: not JSON
    log = (messages.LogEntry("action", messages.ActionData("place", hole="R-I-S")),)
    snapshot = messages.Snapshot(3, messages.NewGame("qubic", 2, {"o": [[1]]}), log, (1,))
    assert within_depth(encode(snapshot), 5) and not within_depth(encode(snapshot), 4)


def test_an_opened_text_nested_too_deep_is_malformed() -> None:
    """Only a key holder's text is opened; nested deeper than any message, it is dropped
    before the JSON parser sees it."""
    key = bytes(32)
    sealer, opener = Sealer(key), Opener(key)
    deep: object = []
    for _ in range(inbox.MAX_DEPTH):
        deep = [deep]
    new_game = messages.NewGame("qubic", 2, {"o": deep})
    too_deep = messages.Snapshot(1, new_game, (), ())
    assert opener.open("t/log", sealer.seal("t/log", too_deep)).verdict == "malformed"
    deep_enough = messages.Snapshot(1, messages.NewGame("qubic", 2, {"o": [[[]]]}), (), ())
    assert opener.open("t/log", sealer.seal("t/log", deep_enough)).verdict == "ok"


def test_limits_queues_turns_and_the_guard() -> None:
    seen: list[tuple[str, bytes]] = []

    def handle(topic: str, payload: bytes) -> None:
        if payload == b"boom":
            raise RecursionError("nobody foresaw this")
        seen.append((topic.removeprefix("g/"), payload))

    box = Inbox("g/", ["log", "snapshot"], handle)
    box.put("g/log", b"x" * (inbox.MESSAGE_BYTES + 1), False)
    box.put("g/snapshot", b"x" * inbox.MESSAGE_BYTES * 2, False)  # a snapshot may be larger
    box.put("g/other", b"1", False)  # not a topic of this side
    box.put("g/log", b"", True)  # a topic cleared
    for n in range(inbox.QUEUE_MESSAGES + 5):
        box.put("g/log", str(n).encode(), False)
    box.put("g/snapshot", b"boom", False)
    box.put("g/snapshot", b"last", False)
    assert box.dropped == {"oversize": 1, "queue_full": 5, "failed": 0}

    async def serve() -> None:
        task = asyncio.create_task(box.serve())
        while len(seen) < inbox.QUEUE_MESSAGES + 2:
            await asyncio.sleep(0)
        task.cancel()

    asyncio.run(serve())
    assert seen[:4] == [
        ("log", b"0"),
        ("snapshot", b"x" * inbox.MESSAGE_BYTES * 2),
        ("log", b"1"),
        ("log", b"2"),  # the failed snapshot took its turn
    ]
    assert ("snapshot", b"last") in seen[:6]
    assert box.dropped == {"oversize": 1, "queue_full": 5, "failed": 1}


def test_topics_outside_the_games_have_a_queue_of_their_own() -> None:
    seen: list[str] = []
    box = Inbox("g/", ["log"], lambda topic, payload: seen.append(topic), others=True)
    box.put("join/ab", b"x" * (inbox.MESSAGE_BYTES + 1), False)  # the limit of any topic
    box.put("join/ab", b"1", False)
    box.put("g/log", b"2", False)
    box.put("g/spy", b"3", False)  # not a leaf of this side: with the others
    assert box.dropped == {"oversize": 1, "queue_full": 0, "failed": 0}

    async def serve() -> None:
        task = asyncio.create_task(box.serve())
        async with asyncio.timeout(HANG_GUARD_S):
            while len(seen) < 3:
                await asyncio.sleep(0)
        task.cancel()

    asyncio.run(serve())
    assert seen == ["g/log", "join/ab", "g/spy"]


def test_what_waits_when_a_connection_ends_is_served_on_the_next() -> None:
    seen: list[bytes] = []
    box = Inbox("g/", ["log"], lambda topic, payload: seen.append(payload))
    for n in range(3):
        box.put("g/log", str(n).encode(), False)

    async def serve_until(count: int) -> None:
        task = asyncio.create_task(box.serve())
        async with asyncio.timeout(HANG_GUARD_S):
            while len(seen) < count:
                await asyncio.sleep(0)
        task.cancel()

    asyncio.run(serve_until(1))  # the connection ends after the first message
    asyncio.run(serve_until(3))  # the next one serves the rest, with nothing new arriving
    assert seen == [b"0", b"1", b"2"]
