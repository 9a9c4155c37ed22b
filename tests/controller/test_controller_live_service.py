"""``flixboard run`` as a real process: HTTP, the events WebSocket, clean shutdown."""

from __future__ import annotations

import json
import signal
from pathlib import Path

from controller_live import LiveService
from websockets.sync.client import connect


def test_events_websocket_and_clean_shutdown(tmp_path: Path) -> None:
    service = LiveService(tmp_path)
    service.start()
    try:
        with connect(f"ws://127.0.0.1:{service.port}/api/events", open_timeout=30) as ws:
            first = json.loads(ws.recv(timeout=30))
            assert first["type"] == "state" and first["state"]["phase"] == "await_roll"
            assert service.post("/api/roll", {"faces": "red/I/spades"}).status_code == 200
            kinds = []
            while "roll" not in kinds or kinds[-1] != "state":
                kinds.append(json.loads(ws.recv(timeout=30))["type"])
            assert service.post("/api/sim/place", {"hole": "R-I-S"}).status_code == 200
            placed = None
            while placed is None:
                message = json.loads(ws.recv(timeout=30))
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
