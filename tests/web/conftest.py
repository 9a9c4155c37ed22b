"""Fixtures for the page tests: a real ``flixboard run --board sim`` and Debian's Chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

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
START_TIMEOUT_S = 60.0
EXPECT_TIMEOUT_MS = 20_000

expect.set_options(timeout=EXPECT_TIMEOUT_MS)


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port


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
        self.client = httpx.Client(base_url=self.url, headers=headers, timeout=10.0)

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
    data_dir: Path, *, host: str = "127.0.0.1", config: str = "", token: str = ""
) -> Service:
    """Start the service on a free port of ``host`` and wait until it answers."""
    port = free_port(host)
    args = [
        sys.executable,
        "-m",
        "controller.cli",
        "run",
        "--board",
        "sim",
        "--http",
        f"{host}:{port}",
        "--data-dir",
        str(data_dir / "data"),
    ]
    if config:
        config_file = data_dir / "config.toml"
        config_file.write_text(config, encoding="utf-8")
        args += ["--config", str(config_file)]
    log = data_dir / "service.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with log.open("w", encoding="utf-8") as out:
        process = subprocess.Popen(
            args, cwd=REPO, stdout=out, stderr=subprocess.STDOUT, text=True, env=env
        )
    service = Service(process, f"http://{host}:{port}", log, token)
    deadline = time.monotonic() + START_TIMEOUT_S
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"flixboard run exited with {process.returncode}:\n{service.output()}")
        try:
            if service.client.get("/api/state").status_code == 200:
                return service
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            stop_service(service)
            raise RuntimeError(f"flixboard run did not answer in time:\n{service.output()}")
        time.sleep(0.1)


def stop_service(service: Service) -> None:
    service.client.close()
    service.process.terminate()
    try:
        service.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        service.process.kill()
        service.process.wait()


@pytest.fixture
def launch_service(tmp_path: Path) -> Iterator[Callable[..., Service]]:
    """Start services on demand (each in its own data dir); all stop after the test."""
    started: list[Service] = []

    def launch(**kwargs: Any) -> Service:
        folder = tmp_path / f"service{len(started)}"
        folder.mkdir()
        service = start_service(folder, **kwargs)
        started.append(service)
        return service

    yield launch
    for service in started:
        stop_service(service)


@pytest.fixture
def service(launch_service: Callable[..., Service]) -> Service:
    """The service on loopback; a board that disagrees is described in words at once."""
    return launch_service(config="[board]\nfix_after_s = 0.0\n")


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium (bash scripts/setup-system.sh)"
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@dataclass
class Errors:
    """JavaScript errors a page raised."""

    items: list[str] = field(default_factory=list)


@pytest.fixture
def page_errors() -> Errors:
    return Errors()


@pytest.fixture
def open_page(browser: Browser, page_errors: Errors) -> Iterator[Callable[..., Page]]:
    """Open the board page of a service in a fresh browser context (own localStorage)."""
    contexts = []

    def open_(service: Service, **context_args: Any) -> Page:
        context = browser.new_context(**context_args)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: page_errors.items.append(str(error)))
        page.goto(service.url + "/")
        expect(page.locator("#connection")).to_have_attribute("data-state", "live")
        return page

    yield open_
    for context in contexts:
        context.close()
    assert page_errors.items == [], f"JavaScript errors on the page: {page_errors.items}"
