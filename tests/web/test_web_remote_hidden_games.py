"""A board that hosts a remote game starts no game whose hidden facts would have to travel
(Pay-Off's tokens): ``POST /api/new_game`` answers 409 and says how to go on; a game remote play
carries (Tac-T-Flix among them) starts as before (a real service, a real mosquitto)."""

from __future__ import annotations

from collections.abc import Callable

from broker_support import Mosquitto
from web_support import Service


def test_pay_off_is_refused_while_hosting(
    launch_service: Callable[..., Service], mosquitto: Mosquitto
) -> None:
    service = launch_service(args=["--remote", mosquitto.url])
    assert service.post("/api/remote/host", {}).status_code == 200
    before = service.state()
    refused = service.post("/api/new_game", {"variant": "payoff", "players": 2})
    assert refused.status_code == 409, refused.text
    said = refused.json()["error"]
    assert "not payoff" in said and "POST /api/remote/leave" in said and "hidden tokens" in said
    after = service.state()
    assert (after["variant"], after["remote"]["role"]) == (before["variant"], "host")
    for variant in ("tactflix", "qubic"):
        started = service.post("/api/new_game", {"variant": variant, "players": 2})
        assert started.status_code == 200, started.text
        assert service.state()["variant"] == variant
    assert service.post("/api/remote/leave", {}).status_code == 200
    assert service.post("/api/new_game", {"variant": "payoff", "players": 2}).status_code == 200
