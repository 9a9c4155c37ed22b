"""Who may talk to the service: only requests for its own names (DNS rebinding), and only
pages of its own site, on the POST routes and on ``WS /api/events`` alike."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from controller.config import Config, ConfigError, apply_overrides
from controller.server.hosts import answers_to, host_names, name_of
from tests.api_harness import Harness
from tests.api_schema import check_message

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")


@pytest.mark.parametrize("host", ["evil.example:8640", "evil.example", "127.0.0.1.evil.example"])
async def test_a_post_for_another_name_is_refused_on_loopback(host: str) -> None:
    api = Harness()
    before = await api.state()
    origin = f"http://{host}"
    response = await api.post("/api/roll", {}, headers={"Host": host, "Origin": origin})
    assert response.status_code == 403, response.text
    assert "does not answer to the name" in response.json()["error"]
    assert (await api.client.get("/api/state", headers={"Host": host})).status_code == 403
    assert (await api.state())["phase"] == before["phase"]


@pytest.mark.parametrize(
    "host", ["127.0.0.1:8640", "localhost:8640", "LOCALHOST.", "board.localhost:8640", "[::1]:8640"]
)
async def test_loopback_names_and_addresses_are_answered(host: str) -> None:
    api = Harness()
    origin = f"http://{host}"
    response = await api.post("/api/roll", {}, headers={"Host": host, "Origin": origin})
    assert response.status_code == 200, response.text


async def test_a_configured_name_is_answered() -> None:
    config = apply_overrides(Config(), ['http.hosts=["flixboard.home"]'])
    api = Harness(config=config)
    host = "flixboard.home:8640"
    response = await api.post("/api/roll", {}, headers={"Host": host, "Origin": f"http://{host}"})
    assert response.status_code == 200, response.text


def test_hosts_setting_takes_only_host_names() -> None:
    with pytest.raises(ConfigError, match="a list of host names"):
        apply_overrides(Config(), ['http.hosts=["http://evil/"]'])
    with pytest.raises(ConfigError, match="a list of host names"):
        apply_overrides(Config(), ['http.hosts="board"'])


def test_host_names_off_loopback_include_the_machine() -> None:
    names = host_names("0.0.0.0", (), loopback=False)
    assert "localhost" in names and any(name.endswith(".local") for name in names)
    assert answers_to("192.168.1.20:8640", names)
    assert not answers_to("evil.example", names) and not answers_to("", names)
    assert name_of("[::1]:8640") == "::1" and name_of("Board.:80") == "board"


def test_the_event_socket_refuses_a_page_of_another_site() -> None:
    api = Harness()
    url = "ws://127.0.0.1:8640/api/events"
    with TestClient(api.app) as client:
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect(url, headers={"Origin": "http://evil.example"}) as socket,
        ):
            socket.receive_json()
        assert refused.value.code == 1008 and "another site" in refused.value.reason
        with client.websocket_connect(url, headers={"Origin": "http://127.0.0.1:8640"}) as socket:
            first = socket.receive_text()
            check_message(first)
            assert json.loads(first)["type"] == "state"


def test_the_event_socket_refuses_another_name() -> None:
    api = Harness()
    with TestClient(api.app) as client:
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect("ws://evil.example:8640/api/events") as socket,
        ):
            socket.receive_json()
        assert refused.value.code == 1008 and refused.value.reason == "unknown host name"
