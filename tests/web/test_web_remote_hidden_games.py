"""A board that hosts a remote game starts Pay-Off only in physical token mode (a token is
entered when its line scores; docs/REMOTE.md, "Hidden tokens"): digital token mode, where the
token rides on the placement, answers 409 and says how to go on, and so does hosting a digital
Pay-Off game; every other game remote play carries starts as before (a real service, a real
mosquitto)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from broker_support import Mosquitto
from web_support import Service

pytestmark = [pytest.mark.broker, pytest.mark.live]

PHYSICAL = {"token_mode": "physical"}


def test_pay_off_is_hosted_in_physical_token_mode_only(
    launch_service: Callable[..., Service], mosquitto: Mosquitto
) -> None:
    service = launch_service(args=["--remote", mosquitto.url])
    service.post("/api/new_game", {"variant": "payoff", "players": 2})
    refused = service.post("/api/remote/host", {})
    assert refused.status_code == 409, refused.text
    assert "token_mode physical" in refused.json()["error"]
    assert service.state()["remote"] is None
    assert service.post("/api/new_game", {"variant": "qubic", "players": 2}).status_code == 200
    assert service.post("/api/remote/host", {}).status_code == 200
    before = service.state()
    refused = service.post("/api/new_game", {"variant": "payoff", "players": 2})
    assert refused.status_code == 409, refused.text
    said = refused.json()["error"]
    assert "remote Pay-Off plays physical token mode" in said and "token_mode physical" in said
    after = service.state()
    assert (after["variant"], after["remote"]["role"]) == (before["variant"], "host")
    for variant in ("tactflix", "qubic"):
        started = service.post("/api/new_game", {"variant": variant, "players": 2})
        assert started.status_code == 200, started.text
        assert service.state()["variant"] == variant
    physical = {"variant": "payoff", "players": 2, "options": PHYSICAL}
    assert service.post("/api/new_game", physical).status_code == 200
    assert (service.state()["variant"], service.state()["remote"]["role"]) == ("payoff", "host")
