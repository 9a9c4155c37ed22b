"""Helpers of the page tests: a real ``flixboard run --board sim`` in a subprocess."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

import httpx
from playwright.sync_api import Browser, Page, Playwright, ViewportSize, expect

from tests.api_schema import HOOKS
from tests.live_service import CLIENT_TLS, free_port, run_command, wait_answering

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
REPO = Path(__file__).resolve().parents[2]
EXPECT_TIMEOUT_MS = 20_000


class Screen(TypedDict, total=False):
    """A browser context's screen, as ``browser.new_context(**screen)`` takes it."""

    viewport: ViewportSize
    is_mobile: bool
    has_touch: bool


@dataclass
class Service:
    """A running ``flixboard run`` and a client for its HTTP API."""

    process: subprocess.Popen[str]
    url: str
    log: Path
    token: str = ""
    client: httpx.Client = field(init=False)

    def __post_init__(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        self.client = httpx.Client(
            base_url=self.url, headers=headers, timeout=10.0, event_hooks=HOOKS, verify=CLIENT_TLS
        )

    def state(self) -> dict[str, Any]:
        response = self.client.get("/api/state")
        response.raise_for_status()
        result: dict[str, Any] = response.json()
        return result

    def post(self, path: str, body: dict[str, Any] | None = None) -> httpx.Response:
        return self.client.post(path, json=body or {})

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def start_service(
    data_dir: Path,
    *,
    host: str = "127.0.0.1",
    config: str = "",
    token: str = "",
    args: Sequence[str] = (),
    geometry: str | None = "flix",
    board: str | None = "sim",
    address_in_config: bool = False,
    env: dict[str, str] | None = None,
) -> Service:
    """Start the service on a free port of ``host`` and wait until it answers; ``args`` are
    more arguments of ``flixboard run``. Started again on the same ``data_dir``, it resumes
    the journalled game (its log is appended to). ``board`` and ``geometry`` ``None``: the
    configuration's (``[board] backend``, ``geometry``).

    ``host="0.0.0.0"`` binds every interface (off loopback: POSTs need the token); the tests
    still reach it through 127.0.0.1. ``address_in_config``: the address is the configuration's
    ``[http] address`` (appended to ``config``), not ``--http``'s, so the page may change it.
    ``env``: more environment variables of the service.
    """
    port = free_port(host)
    shape = ["--geometry", geometry] if geometry is not None else []
    command = run_command(
        board, host, port, data_dir / "data", [*args, *shape], http=not address_in_config
    )
    if address_in_config:
        config += f'\n[http]\naddress = "{host}:{port}"\n'
    if config:
        config_file = data_dir / "config.toml"
        config_file.write_text(config, encoding="utf-8")
        command += ["--config", str(config_file)]
    log = data_dir / "service.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
    with log.open("a", encoding="utf-8") as out:
        process = subprocess.Popen(
            command, cwd=REPO, stdout=out, stderr=subprocess.STDOUT, text=True, env=env
        )
    reach = "127.0.0.1" if host == "0.0.0.0" else host
    service = Service(process, f"http://{reach}:{port}", log, token)
    try:
        wait_answering(process, service.url, log, service.client.headers)
    except RuntimeError:
        stop_service(service)
        raise
    return service


def kill_service(service: Service) -> None:
    """SIGKILL: the service is gone at once, as after a power cut."""
    service.client.close()
    service.process.kill()
    service.process.wait()


def stop_service(service: Service) -> None:
    service.client.close()
    service.process.terminate()
    try:
        service.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        service.process.kill()
        service.process.wait()


def shown_live(page: Page) -> None:
    """Wait until the board page is linked to its service and drawn from the board's first
    state and info: the page stays unseen until then (``body[data-drawn]``), whatever it holds."""
    expect(page.locator("#connection")).to_have_attribute("data-state", "live")
    expect(page.locator("body")).to_have_attribute("data-drawn", "")


def throws(service: Service) -> int:
    """How many throws the game being played on ``service`` has had."""
    return sum(event["type"] == "roll" for event in service.state()["events"])


@dataclass
class WorkersChromium:
    """Debian's Chromium for a worker's whole run (a launch costs more than a second of
    processor time), launched again if an earlier test lost it."""

    playwright: Playwright
    launched: Browser | None = None

    def get(self) -> Browser:
        if self.launched is None or not self.launched.is_connected():
            self.launched = self.playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
            )
        return self.launched

    def close(self) -> None:
        if self.launched is not None and self.launched.is_connected():
            self.launched.close()
