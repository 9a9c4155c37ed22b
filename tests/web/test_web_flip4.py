"""The Flip 4 page in Chromium against a real ``flixboard run --board sim --geometry flip4``."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect
from web_support import Service

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]


def square(page: Page, name: str) -> Locator:
    return page.locator(f'[data-hole="{name}"]')


def test_part_1_through_the_page(
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
) -> None:
    service = launch_service(geometry="flip4")
    page = open_page(service)
    expect(page.locator(".flip4-board .square")).to_have_count(25)
    expect(square(page, "c3")).to_have_text("1")
    expect(square(page, "a1")).to_have_class(re.compile(r"\bcorner\b"))
    expect(page.locator("#variant option:not([hidden])")).to_have_count(1)
    page.select_option("#variant", "flip4")
    page.select_option("#players", "2")
    page.fill("#seed", "12")
    page.click("#new-game")
    # The board's first game shows the same turn line: the new game is the one answered.
    expect(page.locator("#message")).to_contain_text("New game of Flip 4")
    expect(page.locator("#turn")).to_contain_text("Flip 4: Red (player 1): roll the dice")
    placed = 0
    while placed < 8:
        events = service.state()["events"]
        page.click("#roll")
        wait_until(lambda events=events: service.state()["events"] != events)  # this throw's
        expect(page.locator("#dice .die")).to_have_count(2)
        state = service.state()
        first, second = map(int, state["last_throw"].split("/"))
        difference, product = abs(first - second), first * second
        results = f"sum {first + second} · difference {difference} · product {product}"
        expect(page.locator(".flip4-results")).to_have_text(results)
        if state["phase"] != "await_place":
            continue  # no open square: the same player throws again
        target = state["allowed"][0]
        expect(square(page, target)).to_have_class(re.compile(r"\ballowed\b"))
        square(page, target).click()
        expect(square(page, target)).to_have_attribute("data-team", str(placed % 2))
        placed += 1
    expect(page.locator("#turn")).to_contain_text("roll the dice")
    assert service.state()["part"] == 2


def test_a_step_to_four_in_a_row_through_the_page(
    launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    service = launch_service(geometry="flip4")
    page = open_page(service)
    position = "b2 c2 d2 d3 / a3 a4 b5 c5"
    response = service.post(
        "/api/new_game",
        {"variant": "flip4", "players": 2, "seed": 1, "options": {"position": position}},
    )
    assert response.status_code == 200, response.text
    for cell in position.replace("/", " ").split():
        expect(square(page, cell)).to_have_class(re.compile(r"\bfix\b"))  # still to be set out
        square(page, cell).click()
        expect(square(page, cell)).not_to_have_class(re.compile(r"\bfix\b"))
    page.click("#threats-toggle")  # Red's next piece on a2 or e2 makes four in a row
    for cell in ("a2", "e2"):
        expect(square(page, cell)).to_have_attribute("data-threat", "0")
        expect(square(page, cell)).to_have_attribute("aria-label", re.compile("threat: Red"))
    expect(page.locator("#board [data-threat]")).to_have_count(2)
    assert service.post("/api/roll", {"faces": "6/4"}).status_code == 200  # 10, 2, 24
    expect(square(page, "d3")).to_have_class(re.compile(r"\ballowed\b"))
    expect(page.locator(".flip4-results")).to_have_text("sum 10 · difference 2 · product 24")
    expect(page.locator("#turn")).to_contain_text("move a lit piece one square")
    square(page, "d3").click()  # lift: its steps light, the neighbours without a Red piece
    steps = ["e2", "c3", "e3", "c4", "d4", "e4"]
    lit = page.locator("#board .square.allowed")
    expect(lit).to_have_count(len(steps))
    assert sorted(lit.evaluate_all("ss => ss.map(s => s.dataset.hole)")) == sorted(steps)
    expect(square(page, "e2")).to_have_attribute(
        "aria-label", re.compile("the lifted piece may step")
    )
    square(page, "e2").click()  # place
    expect(page.locator("#turn")).to_contain_text("Red wins!")
    expect(square(page, "e2")).to_have_attribute("data-scored", "0")
    page.locator("#history-title").scroll_into_view_if_needed()  # the kept game replays
    page.locator("#history-list li").first.get_by_role("button").click()
    replay = page.locator("#replay-board")
    expect(replay.locator(".flip4-board .square")).to_have_count(25)
    expect(page.locator("#replay-step")).to_be_enabled()  # the game has arrived
    page.locator("#replay-step").focus()
    page.keyboard.press("End")
    expect(replay.locator('[data-hole="e2"]')).to_have_attribute("data-team", "0")
    expect(replay.locator('[data-hole="e2"]')).to_have_class(re.compile(r"\blast-move\b"))
