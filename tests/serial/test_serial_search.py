"""``flixboard run --board serial:PORT`` with nothing on the port comes up, answers with the
board as "searching", and plays once a simulated Pico appears on that port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

TIMEOUT_S = 60.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + TIMEOUT_S
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def test_the_service_comes_up_searching_and_finds_the_board(tmp_path: Path) -> None:
    link = tmp_path / "board"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "service.log"
    command = [sys.executable, "-m", "controller.cli"]
    with log.open("wb") as out:
        service = subprocess.Popen(
            [*command, "run", "--board", f"serial:{link}", "--http", f"127.0.0.1:{port}",
             "--data-dir", str(tmp_path / "data"), "--set", "board.settle_ms=40"],
            stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    pico: subprocess.Popen[str] | None = None

    def state() -> dict[str, Any]:
        if service.poll() is not None:
            raise AssertionError(f"flixboard run exited {service.returncode}: {log.read_text()}")
        try:
            body: dict[str, Any] = httpx.get(f"{url}/api/state", timeout=5).json()
        except httpx.TransportError:
            return {}
        return body

    try:
        wait_for(lambda: bool(state()), "the service to answer")
        searching = state()
        assert searching["board_status"] == "searching" and searching["connected"] is False
        assert "searching for the board" in searching["message"]
        assert "searching for the board on" in log.read_text()
        pico = subprocess.Popen(
            [*command, "sim-mcu", "--link", str(link)],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
        wait_for(lambda: state().get("board_status") == "connected", "the board to be found")
        assert "found the board on" in log.read_text()
        roll = httpx.post(f"{url}/api/roll", json={"faces": "red/I/spades"}, timeout=10)
        assert roll.status_code == 200, roll.text
        assert pico.stdin is not None
        pico.stdin.write("place R-I-S\n")
        pico.stdin.flush()
        wait_for(lambda: "R-I-S" in state().get("board", {}), "the placement to count")
        assert any(e["type"] == "board_connected" for e in state()["events"])
    finally:
        service.send_signal(signal.SIGTERM)
        status = service.wait(timeout=30)
        if pico is not None:
            pico.terminate()
            pico.wait(timeout=30)
    assert status == 0, log.read_text()
