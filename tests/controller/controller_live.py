"""A real ``flixboard run`` subprocess on the simulated board, for live-server tests."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path
from typing import Any

import httpx

from tests.api_schema import checked
from tests.live_service import free_port, run_command, wait_answering


class LiveService:
    """``flixboard run --board sim`` with a data dir and a sim state file."""

    def __init__(self, workdir: Path, *extra: str, env: dict[str, str] | None = None) -> None:
        self.env = {**os.environ, **(env or {})}
        self.data_dir = workdir / "data"
        self.sim_state = workdir / "board.json"
        self.log = workdir / "service.log"
        self.extra = list(extra)
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.port = free_port()
        command = run_command(
            "sim",
            "127.0.0.1",
            self.port,
            self.data_dir,
            ["--sim-state", str(self.sim_state), *self.extra],
        )
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env=self.env
            )
        wait_answering(self.process, self.url, self.log)

    def state(self) -> dict[str, Any]:
        response = checked().get(f"{self.url}/api/state")
        response.raise_for_status()
        body: dict[str, Any] = response.json()
        return body

    def post(self, path: str, body: Any = None) -> httpx.Response:
        return checked().post(f"{self.url}{path}", json=body)

    def get(self, path: str, timeout: float = 10.0) -> httpx.Response:
        return checked().get(f"{self.url}{path}", timeout=timeout)

    def kill(self) -> None:
        """SIGKILL: no chance to clean up."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> int:
        """SIGTERM and wait for a clean exit; the exit status."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)
