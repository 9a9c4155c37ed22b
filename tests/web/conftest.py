"""Fixtures for the page tests: a real ``flixboard run --board sim`` and Debian's Chromium."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from broker_support import Mosquitto, find_mosquitto
from playwright.sync_api import Browser, Page, expect, sync_playwright
from web_support import (
    CHROMIUM,
    EXPECT_TIMEOUT_MS,
    Service,
    WorkersChromium,
    shown_live,
    start_service,
    stop_service,
)

from tests import playwright_loop

expect.set_options(timeout=EXPECT_TIMEOUT_MS)

DRIVER_EXIT_S = 20.0
"""How long Playwright's driver has to exit once Chromium is closed at the end of a worker's run;
then it is killed (a driver once kept a worker waiting until the test's timeout)."""


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


@pytest.fixture
def mosquitto(tmp_path: Path) -> Iterator[Mosquitto]:
    """A real mosquitto on free loopback ports (plain and TLS, a throwaway CA), killed after
    the test. Missing, it fails the test: remote play is never tested against a fake."""
    if find_mosquitto() is None:
        pytest.fail("mosquitto is missing: install it with bash scripts/setup-system.sh")
    folder = tmp_path / "broker"
    folder.mkdir()
    broker = Mosquitto(folder)
    broker.start()
    yield broker
    broker.kill()


@pytest.fixture(scope="session")
def chromium() -> Iterator[WorkersChromium]:
    """The worker's Chromium. Between its tests the asyncio tests run without Playwright's event
    loop (tests/playwright_loop.py)."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium (bash scripts/setup-system.sh)"
        )
    with sync_playwright() as playwright:
        playwrights_loop = asyncio.get_running_loop()
        workers = WorkersChromium(playwright)
        yield workers
        playwright_loop.resume(playwrights_loop)  # the last test of a worker may be an asyncio one
        workers.close()
        fallback = threading.Timer(DRIVER_EXIT_S, playwright_loop.end_drivers)
        fallback.start()
    fallback.cancel()


@pytest.fixture
def browser(chromium: WorkersChromium) -> Iterator[Browser]:
    """The worker's Chromium for one test: every context the test opened is closed after it."""
    launched = chromium.get()
    yield launched
    for context in launched.contexts:
        context.close()


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
        shown_live(page)
        return page

    yield open_
    for context in contexts:
        context.close()
    assert page_errors.items == [], f"JavaScript errors on the page: {page_errors.items}"
