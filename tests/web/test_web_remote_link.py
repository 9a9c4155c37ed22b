"""The MQTT link of remote play against a real mosquitto, in this process: an error nobody
foresaw ends a connection, never the link; the state says so, and the link starts again."""

from __future__ import annotations

import asyncio

import pytest
from broker_support import Mosquitto

from controller.remote.inbox import Inbox
from controller.remote.link import Broker, Link

pytestmark = pytest.mark.broker

LIMIT_S = 60.0


def test_an_unforeseen_error_restarts_the_link_and_says_so(mosquitto: Mosquitto) -> None:
    connects: list[str] = []

    def on_connect() -> None:
        connects.append(link.state)
        if len(connects) == 1:
            raise RuntimeError("a fault nobody foresaw")

    inbox = Inbox("t/", ["a"], lambda topic, payload: None)
    link = Link(
        Broker("127.0.0.1", mosquitto.port, False),
        subscriptions=["t/a"],
        inbox=inbox,
        on_connect=on_connect,
    )

    async def run() -> None:
        link.start()
        async with asyncio.timeout(LIMIT_S):
            while len(connects) < 2:
                await asyncio.sleep(0.02)
        shown = link.shown("unknown", None, 0, {})
        assert shown.state == "connected" and shown.restarts == 1
        assert shown.internal_error == "RuntimeError: a fault nobody foresaw"
        await link.stop()

    asyncio.run(run())
    assert link.state == "stopped" and link.connects == 2
