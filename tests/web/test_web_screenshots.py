"""Current screenshots of the page, written to build/screenshots/ (never to a tracked file);
``make screenshots`` copies them to docs/screenshots/ for the README and the site.

Each shot is one game position, set up through the API, at a desktop and a phone size. The 2-D
view is the flat board (``#board``); a 3-D view, once a module registers one as an extra board
view with the id ``cube3d`` (registry.js), is shot as well: ``VIEW_SHOTS`` names each view's
element and file.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from web_support import REPO, Service

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

SHOTS_DIR = REPO / "build" / "screenshots"
SIZES = {"desktop": {"width": 1280, "height": 860}, "phone": {"width": 390, "height": 844}}
VIEW_SHOTS = {"2d": "#board", "3d": '#extra-views [data-view="cube3d"]'}
"""Each view's element: the 2-D view always, the 3-D view when the page has one."""


def lucky_position(service: Service) -> None:
    """Red and Blue have played three Men each; Red's throw lights one hole to finish a row."""
    faces = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    assert service.post("/api/new_game", {"variant": "lucky", "players": 2, "seed": 7}).is_success
    for red, blue in zip("SHD", "SHD", strict=True):
        assert service.post("/api/roll", {"faces": f"red/I/{faces[red]}"}).is_success
        assert service.post("/api/sim/place", {"hole": f"R-I-{red}"}).is_success
        wait_for_piece(service, f"R-I-{red}")
        assert service.post("/api/roll", {"faces": f"yellow/I/{faces[blue]}"}).is_success
        assert service.post("/api/sim/place", {"hole": f"Y-I-{blue}"}).is_success
        wait_for_piece(service, f"Y-I-{blue}")
    assert service.post("/api/roll", {"faces": "red/I/win"}).is_success


def wait_for_piece(service: Service, hole: str) -> None:
    """The simulated board settles a placed Man after ``settle_ms``; poll the game for it."""
    wait_until(lambda: hole in service.state()["board"], f"{hole} settled")


def test_screenshots_of_the_page(service: Service, open_page: Callable[..., Page]) -> None:
    lucky_position(service)
    SHOTS_DIR.mkdir(parents=True, exist_ok=True)
    written = []
    for size, viewport in SIZES.items():
        page = open_page(service, viewport=viewport)
        expect(page.locator(".hole.allowed")).to_have_count(1)
        expect(page.locator("#dice .die")).to_have_count(3)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS_DIR / f"page-{size}.png"))
        written.append(f"page-{size}.png")
        for view, selector in VIEW_SHOTS.items():
            element = page.locator(selector)
            if element.count() == 0:
                assert view != "2d", "the flat view is always on the page"
                continue
            element.screenshot(path=str(SHOTS_DIR / f"board-{view}-{size}.png"))
            written.append(f"board-{view}-{size}.png")
    for name in written:
        shot = SHOTS_DIR / name
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
        assert shot.stat().st_size > 5_000, name
    manual = [REPO / "README.md", *(REPO / "docs").rglob("*.md")]
    picture = re.compile(r"(?<!build/)screenshots/([\w.-]+\.png)")
    shown = {name for page in manual for name in picture.findall(page.read_text("utf-8"))}
    assert shown and shown <= set(written), "the manual shows only what make screenshots takes"
