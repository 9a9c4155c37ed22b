"""schemathesis against a live ``flixboard run --board sim`` on each board: requests generated
from the OpenAPI document (``GET /api/openapi.json``), its examples' edges (the coverage phase),
random valid and invalid ones (fuzzing) and stateful sequences along the links it infers
between operations (a game listed, then read).

Every answer is checked: no server error (5xx), the status, content type, headers and body as
the document says, invalid requests refused and valid ones not refused for their shape. A valid
request may still be refused with 400 where its value is not one the board knows (a hole name, a
seat of this game): the document types the value, the game decides it. The client is on
loopback, where the token is not needed (``ignored_auth`` does not apply); it sends it anyway.

schemathesis is a development dependency (the ``dev`` extra), never on the Pi. The test suite
runs a smaller count (``tests/web/test_web_schemathesis_fuzz.py``); ``flixboard bench --only
bench_schemathesis`` runs :data:`EXAMPLES` per operation on each board.
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

BOARDS = ("flix", "flip4", "olix")
EXAMPLES = 160
"""Examples per operation in the bench: over 5,000 requests on each board."""
SEED = 12
TOKEN = "schemathesis-token"
CONFIG = """\
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "400", "404", "409"]
"""
"""A valid request refused with 400 is a value the board does not know, not a schema fault."""
START_TIMEOUT_S = 120.0


@dataclass
class SchemathesisRun:
    """What one run generated and found: requests, stateful scenarios, failures by check."""

    board: str
    requests: int = 0
    scenarios: int = 0
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    server_errors: int = 0
    seconds: float = 0.0
    output: str = ""

    def summary(self) -> str:
        return (
            f"schemathesis on {self.board}: {self.requests} requests, {self.scenarios} stateful "
            f"scenarios, {self.server_errors} server errors, {len(self.failures)} failures, "
            f"{self.seconds:.0f} s"
        )


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_for(url: str, service: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if service.poll() is not None:
            raise RuntimeError(f"flixboard run exited: {log.read_text()}")
        try:
            if httpx.get(f"{url}/api/state", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"flixboard run did not answer at {url}")


def run(board: str, examples: int, workdir: Path) -> SchemathesisRun:
    """Start ``flixboard run --board sim --geometry board``, run schemathesis (deterministic:
    the same requests every time) with ``examples`` per operation, stop the service."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = workdir / "service.log"
    command = [
        sys.executable,
        "-m",
        "controller.cli",
        "run",
        "--board",
        "sim",
        "--geometry",
        board,
        "--http",
        f"127.0.0.1:{port}",
        "--data-dir",
        str(workdir / "data"),
        "--sim-state",
        str(workdir / "board.json"),
        "--set",
        f"http.token={TOKEN}",
    ]
    config = workdir / "schemathesis.toml"
    config.write_text(CONFIG)
    report = workdir / "report.json"
    found = SchemathesisRun(board)
    with log.open("ab") as out:
        service = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait_for(url, service, log)
        st = [
            str(Path(sys.executable).with_name("st")),
            "--config-file",
            str(config),
            "run",
            f"{url}/api/openapi.json",
            "--header",
            f"Authorization: Bearer {TOKEN}",
            "--checks",
            "all",
            "--exclude-checks",
            "ignored_auth",
            # A new token or a restart ends the run's own session: tested on their own
            # (tests/controller/test_controller_settings_api.py, test_controller_restart.py).
            "--exclude-path",
            "/api/settings/token",
            "--exclude-path",
            "/api/settings/restart",
            "--generation-deterministic",
            "--seed",
            str(SEED),
            "--max-examples",
            str(examples),
            "--workers",
            "1",
            "--no-color",
            "--report",
            "json",
            "--report-json-path",
            str(report),
        ]
        started = time.monotonic()
        done = subprocess.run(st, capture_output=True, text=True, check=False, cwd=workdir)
        found.seconds = time.monotonic() - started
    finally:
        service.terminate()
        service.wait(timeout=60)
    found.output = done.stdout + done.stderr
    if not report.exists():
        found.errors.append(found.output[-2000:])
        return found
    figures = json.loads(report.read_text())
    found.requests = int(figures["test_cases"]["generated"])
    scenarios = re.search(r"Scenarios:\s+(\d+)", found.output)
    found.scenarios = int(scenarios.group(1)) if scenarios else 0
    for failure in figures["failures"]:
        found.failures.append(f"{failure['code']} {failure['title']}: {failure['operations']}")
        if failure["code"] in ("ST101", "ST102"):  # a 5xx
            found.server_errors += int(failure["count"])
    found.errors.extend(str(error) for error in figures["errors"])
    return found


def measure() -> dict[str, float]:
    """Bench probe: on each board, requests, stateful scenarios, server errors, failures and
    the run's time in seconds."""
    figures: dict[str, float] = {}
    for board in BOARDS:
        with tempfile.TemporaryDirectory() as scratch:
            found = run(board, EXAMPLES, Path(scratch))
        print(found.summary(), file=sys.stderr)
        figures[f"schemathesis_{board}_requests"] = found.requests
        figures[f"schemathesis_{board}_scenarios"] = found.scenarios
        figures[f"schemathesis_{board}_server_errors"] = found.server_errors
        figures[f"schemathesis_{board}_failures"] = len(found.failures) + len(found.errors)
        figures[f"schemathesis_{board}_s"] = round(found.seconds, 1)
    return figures
