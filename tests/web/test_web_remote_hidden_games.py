"""A board that hosts a remote game starts Pay-Off in physical token mode, or in digital token
mode with ``openings`` (each token committed and opened at its reveal; docs/REMOTE.md, "Hidden
tokens"): digital mode without it answers 409 and says how to go on, and so does hosting such a
game, or a digital game whose tokens were attached at this one board; every other game remote
play carries starts as before (a real service, a real mosquitto)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from broker_support import Mosquitto
from web_support import Service

from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]

PHYSICAL = {"token_mode": "physical"}
SEALED = {"token_mode": "digital", "openings": True}


def test_pay_off_is_hosted_with_physical_tokens_or_committed_digital_ones(
    launch_service: Callable[..., Service], mosquitto: Mosquitto
) -> None:
    service = launch_service(args=["--remote", mosquitto.url])
    service.post("/api/new_game", {"variant": "payoff", "players": 2})
    refused = service.post("/api/remote/host", {})
    assert refused.status_code == 409, refused.text
    assert "start it with openings true" in refused.json()["error"]
    assert service.state()["remote"] is None
    service.post("/api/new_game", {"variant": "payoff", "players": 2, "options": SEALED})
    hand = service.client.get("/api/state", params={"team": 0}).json()["hand"]
    assert service.post("/api/token", {"token": hand[0]}).status_code == 200
    service.post("/api/sim/place", {"hole": "R-I-S"})
    wait_until(lambda: "R-I-S" in service.state()["board"], "the Man with its token")
    refused = service.post("/api/remote/host", {})
    assert refused.status_code == 409, refused.text
    assert "tokens are attached to Men at this board already" in refused.json()["error"]
    assert service.post("/api/new_game", {"variant": "qubic", "players": 2}).status_code == 200
    assert service.post("/api/remote/host", {}).status_code == 200
    before = service.state()
    refused = service.post("/api/new_game", {"variant": "payoff", "players": 2})
    assert refused.status_code == 409, refused.text
    said = refused.json()["error"]
    assert "remote Pay-Off in digital token mode commits each token" in said, said
    assert "token_mode physical" in said
    after = service.state()
    assert (after["variant"], after["remote"]["role"]) == (before["variant"], "host")
    for variant in ("tactflix", "qubic"):
        started = service.post("/api/new_game", {"variant": variant, "players": 2})
        assert started.status_code == 200, started.text
        assert service.state()["variant"] == variant
    for options in (PHYSICAL, SEALED):
        payoff = {"variant": "payoff", "players": 2, "options": options}
        started = service.post("/api/new_game", payoff)
        assert started.status_code == 200, started.text
        assert (service.state()["variant"], service.state()["remote"]["role"]) == ("payoff", "host")
