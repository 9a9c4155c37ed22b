"""The accessibility floor of the page, checked by axe-core in Chromium against a real
``flixboard run --board sim`` on each board (the spaceboard, Flip 4, Olix): every screen (a game
being played, the New-game form, the game history, a replay, the dialogs, the remote-play card)
in the light and the dark theme, on a 390x844 phone, a phone held sideways (844x390) and a
1280x800 screen, has no serious or critical violation of WCAG 2.2 A/AA or axe's best practices.
Among the rules: text contrast
(4.5:1, 3:1 for large text), target size (24 px or spaced as 2.5.8 allows), names of controls."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

import pytest
from axe_support import Violation, run_axe, serious
from playwright.sync_api import Browser, Page, expect
from web_support import Service, shown_live, start_service, stop_service

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

SIZES = {"phone": (390, 844), "landscape": (844, 390), "desktop": (1280, 800)}
THEMES: tuple[Literal["light", "dark"], ...] = ("light", "dark")
BOARDS = ("flix", "flip4", "olix")
QUICK = "[board]\nfix_after_s = 0.0\nsettle_ms = 20\n[game]\ncomputer_movetime_ms = 50\n"


@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Service]]:
    """One service for each board, shared by the sizes."""
    started: dict[str, Service] = {}
    try:
        for geometry in BOARDS:
            folder = tmp_path_factory.mktemp(f"a11y-{geometry}")
            started[geometry] = start_service(folder, config=QUICK, geometry=geometry)
        yield started
    finally:
        for service in started.values():
            stop_service(service)


def new_game(service: Service, body: dict[str, Any]) -> None:
    response = service.post("/api/new_game", body)
    assert response.status_code == 200, response.text


def in_both_themes(page: Page, screen: str) -> list[Violation]:
    """axe over the page as it is now, in the light and in the dark theme."""
    found: list[Violation] = []
    for theme in THEMES:
        page.emulate_media(color_scheme=theme)
        found += run_axe(page, f"{screen} ({theme})")
    return found


def kept_game(service: Service, geometry: str) -> None:
    """A finished game in the history: the first seat resigns after its first move; the board
    cleared and the next game asked for (docs/web-page.md) before the screens are looked at."""
    variant = {"flix": "qubic", "flip4": "flip4", "olix": "olix"}[geometry]
    assert service.post("/api/sim/clear").status_code == 200
    new_game(service, {"variant": variant, "players": 2})
    if geometry == "flip4":
        assert service.post("/api/roll").status_code == 200
    first = service.state()["allowed"][0]
    assert service.post("/api/sim/place", {"hole": first}).status_code == 200
    # the move taken first: a game over on an empty board would begin the next at once
    wait_until(lambda: first in service.state()["board"], "the first move")
    assert service.post("/api/resign", {"seat": 0}).status_code == 200
    assert service.state()["phase"] == "game_over"
    assert service.post("/api/sim/clear").status_code == 200
    assert service.post("/api/next_game").status_code == 200


def playing_screens(service: Service, page: Page, geometry: str) -> list[Violation]:
    """A game being played against the computer: each game the board plays, mid-turn."""
    found: list[Violation] = []
    variants = ["lucky", "payoff", "tactflix", "qubic"] if geometry == "flix" else [geometry]
    for variant in variants:
        seats = [{"kind": "human"}, {"kind": "computer", "level": 1}]
        # seed 7: Lucky Flix's first throw lights holes (another may be a free throw)
        new_game(service, {"variant": variant, "players": 2, "seats": seats, "seed": 7})
        if service.state()["uses_dice"]:
            expect(page.locator("#roll")).to_be_enabled()
            page.click("#roll")
            expect(page.locator("#dice .die").first).to_be_visible()
        expect(page.locator("#board .allowed").first).to_be_visible()
        page.evaluate("window.scrollTo(0, 0)")
        found += in_both_themes(page, f"playing {variant}")
    return found


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("geometry", BOARDS)
def test_every_screen_has_no_serious_violation(
    geometry: str, size: str, boards: dict[str, Service], browser: Browser
) -> None:
    service = boards[geometry]
    kept_game(service, geometry)
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(service.url + "/")
        shown_live(page)
        found = playing_screens(service, page, geometry)

        page.locator("#setup").scroll_into_view_if_needed()
        page.locator("#setup").get_by_label("Who plays", exact=False).last.select_option("computer")
        found += in_both_themes(page, "new-game form")

        # Its heading in sight, as a person scrolling down passes it (the card is taller than a
        # landscape phone's screen: centred, its heading would stay above the screen).
        page.locator("#history-title").scroll_into_view_if_needed()
        games = page.locator("#history-list li")
        expect(games.first).to_be_visible()
        found += in_both_themes(page, "history")
        games.first.get_by_role("button").first.click()
        expect(page.locator("#history-replay")).to_be_visible()
        page.locator("#replay-forward").click()
        found += in_both_themes(page, "replay")
        page.locator("#replay-close").click()

        page.locator("#remote").scroll_into_view_if_needed()
        found += in_both_themes(page, "remote card")

        for dialog in page.locator("dialog").all():
            name = dialog.get_attribute("id")
            dialog.evaluate("d => d.showModal()")
            expect(dialog).to_be_visible()
            found += in_both_themes(page, f"dialog {name}")
            dialog.evaluate("d => d.close()")
        assert errors == []
    finally:
        context.close()
    bad = serious(found)
    assert bad == [], "\n".join(str(item) for item in bad)
