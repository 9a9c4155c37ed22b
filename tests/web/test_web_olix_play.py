"""Olix played through the page in Chromium against a real
``flixboard run --board sim --geometry olix``: every counter is a tap on a cell, the patterns
just scored are outlined, and the game is played to its end, a super-pattern (an I of 8 with the
default scoring lines)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect
from web_support import Service

pytestmark = [pytest.mark.browser, pytest.mark.live]

RED = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
BLUE = ["k11", "k9", "k7", "k5", "k3", "k1", "i11"]
"""Red builds row 1; Blue's counters stand two apart, making no pattern."""


def cell(page: Page, name: str) -> Locator:
    return page.locator(f'#board [data-cell="{name}"]')


def test_a_whole_game_to_a_super_pattern_through_the_page(
    launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    service = launch_service(geometry="olix")
    page = open_page(service)
    expect(page.locator("#board .olix-cell")).to_have_count(121)
    expect(page.locator("#variant option:not([hidden])")).to_have_count(1)
    expect(page.locator("#turn")).to_contain_text("place a counter on any empty cell")
    order = [name for pair in zip(RED, [*BLUE, ""], strict=True) for name in pair if name]
    for index, name in enumerate(order):
        cell(page, name).click()
        expect(cell(page, name)).to_have_attribute("data-team", str(index % 2))
        if name == "d1":  # "The first player creates an I-4"
            for scored in RED[:4]:
                expect(cell(page, scored)).to_have_attribute("data-patterns", "I-4")
            top = page.locator('.olix-line[data-pattern="I"] .top')
            expect(top).to_have_attribute("data-value", "4")
            expect(page.locator("#log")).to_contain_text("scored I-4 (a1, b1, c1, d1)")
        if name == "k5":  # the next placement scores nothing: the outline goes
            expect(cell(page, "a1")).not_to_have_class(re.compile(r"\bpattern\b"))
    expect(page.locator("#turn")).to_contain_text("Red wins!")
    expect(page.locator(".olix-result")).to_have_text("Red wins.")
    expect(cell(page, "h1")).to_have_attribute("data-patterns", "I-8")
    expect(page.locator("#log")).to_contain_text("a super-pattern, beyond the I line")
    state = service.state()
    assert state["phase"] == "game_over" and state["winner"] == 0
    assert sorted(state["board"]) == sorted(RED + BLUE)

    page.locator("#history-title").scroll_into_view_if_needed()  # the kept game replays
    games = page.locator("#history-list li")
    expect(games.first).to_contain_text("Olix")
    games.first.get_by_role("button").click()
    replay = page.locator("#replay-board")
    expect(replay.locator("[data-cell]")).to_have_count(121)
    expect(replay.locator("[data-cell][data-team]")).to_have_count(0)
    expect(page.locator("#replay-step")).to_be_enabled()  # the game has arrived
    page.locator("#replay-step").focus()
    page.keyboard.press("End")
    expect(page.locator("#replay-move")).to_contain_text(f"Step {len(order)} of {len(order)}")
    expect(replay.locator('[data-cell="h1"]')).to_have_class(re.compile(r"\blast-move\b"))
    expect(replay.locator('[data-cell][data-team="0"]')).to_have_count(len(RED))
