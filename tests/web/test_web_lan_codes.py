"""Off loopback the remote game's codes show only to a token holder: a real service bound to
every interface hosting a game through a real mosquitto; ``GET /api/state``, ``GET /api/remote``
and the WebSocket's messages carry no code to a request without the token (docs/THREATS.md)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable

import httpx
import pytest
from broker_support import Mosquitto
from web_support import Service
from websockets.sync.client import connect

from tests.api_schema import HOOKS, received

pytestmark = [pytest.mark.broker, pytest.mark.live]


def test_the_codes_show_only_with_the_token(
    launch_service: Callable[..., Service], mosquitto: Mosquitto
) -> None:
    token = secrets.token_urlsafe(12)
    service = launch_service(
        host="0.0.0.0",
        config=f'[http]\ntoken = "{token}"\n',
        token=token,
        args=["--remote", mosquitto.url],
    )
    hosted = service.post("/api/remote/host", {})
    assert hosted.status_code == 200, hosted.text
    codes = (hosted.json()["code"], hosted.json()["spectator_code"])
    stranger = httpx.Client(base_url=service.url, timeout=10.0, event_hooks=HOOKS)
    try:
        for path in ("/api/state", "/api/remote"):
            seen = stranger.get(path)
            assert seen.status_code == 200
            assert not any(code in seen.text for code in codes), path
            held = service.client.get(path)  # with the token
            assert all(code in held.text for code in codes), path
        assert stranger.get("/api/remote").json()["code"] is None
        assert service.client.get("/api/remote").json()["code"] == codes[0]
        assert stranger.get("/api/state").json()["remote"]["role"] == "host"
        socket_url = service.url.replace("http://", "ws://") + "/api/events"
        with connect(socket_url, open_timeout=30) as ws:
            first = received(ws)
            assert json.loads(first)["state"]["remote"]["role"] == "host"
            assert service.post("/api/roll", {}).status_code == 200  # a pushed state follows
            pushed = [first]
            while '"type":"state"' not in pushed[-1] or len(pushed) == 1:
                pushed.append(received(ws))
        assert not any(code in text for text in pushed for code in codes)
    finally:
        stranger.close()
