"""``flixboard run`` as a real process: HTTP, the events WebSocket, clean shutdown."""

from __future__ import annotations

import json
import os
import signal
import socket
from pathlib import Path

import pytest
from websockets.sync.client import connect

from tests.api_schema import received
from tests.controller.controller_live import LiveService

pytestmark = pytest.mark.live


def test_events_websocket_and_clean_shutdown(tmp_path: Path) -> None:
    service = LiveService(tmp_path)
    service.start()
    try:
        with connect(f"ws://127.0.0.1:{service.port}/api/events", open_timeout=30) as ws:
            first = json.loads(received(ws))
            assert first["type"] == "state" and first["state"]["phase"] == "await_roll"
            assert service.post("/api/roll", {"faces": "red/I/spades"}).status_code == 200
            kinds: list[str] = []
            while "roll" not in kinds or kinds[-1] != "state":
                kinds.append(json.loads(received(ws))["type"])
            assert service.post("/api/sim/place", {"hole": "R-I-S"}).status_code == 200
            placed = None
            while placed is None:
                message = json.loads(received(ws))
                if message["type"] == "place":
                    placed = message
            assert placed["hole"] == "R-I-S" and placed["seat"] == 0
    finally:
        assert service.process is not None
        service.process.send_signal(signal.SIGINT)
        assert service.process.wait(timeout=30) == 0
    log = service.log.read_text()
    assert "serving on http://127.0.0.1:" in log and "stopped" in log


def test_sigterm_stops_cleanly(tmp_path: Path) -> None:
    service = LiveService(tmp_path)
    service.start()
    assert service.stop() == 0


def test_the_service_tells_systemd_it_is_ready_alive_and_stopping(tmp_path: Path) -> None:
    name = f"flixboard-notify-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)  # an abstract socket standing in for systemd's NOTIFY_SOCKET
        sock.settimeout(60)
        service = LiveService(
            tmp_path, env={"NOTIFY_SOCKET": "@" + name, "WATCHDOG_USEC": "200000"}
        )
        service.start()
        messages: list[str] = []
        try:
            while sum("WATCHDOG=1" in m for m in messages) < 2:
                messages.append(sock.recv(4096).decode())
        finally:
            assert service.stop() == 0
        while not any("STOPPING=1" in m for m in messages):
            messages.append(sock.recv(4096).decode())
    ready = next(i for i, m in enumerate(messages) if "READY=1" in m)
    first_ping = next(i for i, m in enumerate(messages) if "WATCHDOG=1" in m)
    assert ready < first_ping
    assert f"serving http://127.0.0.1:{service.port}" in messages[ready]
