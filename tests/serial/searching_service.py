"""``flixboard run --board serial:LINK`` started before its Pico, and the simulated Pico
(``flixboard sim-mcu``) that appears on that link later: a context manager for live tests."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.api_schema import checked
from tests.live_service import COMMAND, free_port, run_command, wait_answering

TIMEOUT_S = 60.0


@dataclass
class SearchingService:
    """The service (``url``, its ``log``) searching for the board on ``link``."""

    process: subprocess.Popen[bytes]
    url: str
    log: Path
    link: Path
    picos: list[subprocess.Popen[str]] = field(default_factory=list)

    def state(self) -> dict[str, Any]:
        """``GET /api/state``; ``{}`` while the service does not answer yet."""
        if self.process.poll() is not None:
            raise AssertionError(
                f"flixboard run exited {self.process.returncode}: {self.log.read_text()}"
            )
        try:
            body: dict[str, Any] = checked().get(f"{self.url}/api/state", timeout=5).json()
        except httpx.TransportError:
            return {}
        return body

    def plug_in(self, *args: str) -> None:
        """A simulated Pico (``sim-mcu ARGS``) appears on the link."""
        pico = subprocess.Popen(
            [*COMMAND, "sim-mcu", *args, "--link", str(self.link)],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.picos.append(pico)

    def hand(self, line: str) -> None:
        """A line to the simulated Pico's board, e.g. ``place R-I-S``."""
        stdin = self.picos[-1].stdin
        assert stdin is not None
        stdin.write(f"{line}\n")
        stdin.flush()


@contextmanager
def searching_service(folder: Path, *extra: str) -> Iterator[SearchingService]:
    """Start ``flixboard run --board serial:FOLDER/board EXTRA...`` with nothing on the link and
    wait until it answers; on leaving, stop it (it must exit 0) and any Pico plugged in."""
    link, port, log = folder / "board", free_port(), folder / "service.log"
    with log.open("wb") as out:
        command = run_command(
            f"serial:{link}", "127.0.0.1", port, folder / "data",
            ["--set", "board.settle_ms=40", *extra],
        )  # fmt: skip
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    service = SearchingService(process, f"http://127.0.0.1:{port}", log, link)
    try:
        wait_answering(process, service.url, log)
        yield service
    finally:
        process.send_signal(signal.SIGTERM)
        status = process.wait(timeout=30)
        for pico in service.picos:
            pico.terminate()
            pico.wait(timeout=30)
    assert status == 0, log.read_text()
