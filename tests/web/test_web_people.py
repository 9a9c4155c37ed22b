"""People, not seats, on the page in Chromium against a real ``flixboard run --board sim``: a
name typed in the New-game form belongs to its person and leaves the seat when the computer
takes it; the computer is "Computer, level N" in the seats, the form, the history (with its
team, as the board names it: "Red (Computer, level N)") and its statistics; the history's
filter offers the games of this board; replayed times are rounded."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from web_support import Service

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

QUICK = "[board]\nfix_after_s = 0.0\n[game]\ncomputer_movetime_ms = 50\n"


def test_a_name_leaves_the_seat_the_computer_takes(
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
) -> None:
    service = launch_service(config=QUICK)
    page = open_page(service, viewport={"width": 1280, "height": 900})
    page.select_option("#variant", "qubic")
    page.select_option("#players", "2")
    names = page.locator("#setup .setup-seat-player")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Ben")
    page.click("#new-game")
    wait_until(lambda: [seat["name"] for seat in service.state()["seats"]] == ["Ann", "Ben"])
    row = page.locator('#seats li[data-seat="0"]')
    row.get_by_label("Who plays Red (player 1)").select_option("computer")
    wait_until(lambda: service.state()["seats"][0]["kind"] == "computer")
    assert service.state()["seats"][0]["name"] is None  # Ann is not the computer
    expect(row.locator(".seat-kind")).to_have_text(re.compile(r"Computer, level \d"))
    expect(names.nth(0)).to_have_value("")  # the form follows the game: no name to type
    expect(names.nth(0)).to_be_disabled()
    expect(names.nth(0)).to_have_attribute("placeholder", re.compile(r"Computer, level \d"))
    expect(names.nth(1)).to_have_value("Ben")
    wait_until(lambda: service.state()["to_move"] == 1, timeout=120)  # the computer played Red
    page.locator('#seats li[data-seat="1"] button[data-action="resign"]').click()
    page.click("#confirm-yes")  # the page asks before a resignation
    wait_until(lambda: service.state()["phase"] == "game_over")
    kept = service.client.get("/api/games").json()["games"][0]
    assert [(p["name"], p["kind"]) for p in kept["players"]] == [
        ("Computer, level 3", "computer"),
        ("Ben", "human"),
    ]
    page.locator("#history-title").scroll_into_view_if_needed()
    expect(page.locator("#history-list li").first).to_contain_text("Red (Computer, level 3), Ben")
    expect(page.locator('#history-stats tr[data-player="Computer, level 3"]')).to_have_count(1)
    expect(page.locator('#history-stats tr[data-player="Ann"]')).to_have_count(0)


def test_the_history_of_a_flip4_board_offers_its_game_and_rounds_times(
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
) -> None:
    service = launch_service(geometry="flip4")
    page = open_page(service)
    expect(page.locator("#history-variant option")).to_have_text(["All games", "Flip 4"])
    assert service.post("/api/roll", {"faces": "2/1"}).status_code == 200
    assert service.post("/api/sim/place", {"hole": "a2"}).status_code == 200
    wait_until(lambda: service.state()["to_move"] == 1)
    page.locator('#seats li[data-seat="1"] button[data-action="resign"]').click()
    page.click("#confirm-yes")  # the page asks before a resignation
    wait_until(lambda: service.state()["phase"] == "game_over")
    page.locator("#history-title").scroll_into_view_if_needed()
    page.select_option("#history-variant", "flip4")
    page.click("#history-show")
    games = page.locator("#history-list li")
    expect(games).to_have_count(1)
    expect(games.first).to_contain_text("1 piece placed")


def test_replayed_times_are_rounded(
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
) -> None:
    """Issue: a replayed step of a game with calls read "at 12.034494213000016 s"."""
    service = launch_service()
    page = open_page(service)
    answer = service.post("/api/new_game", {"variant": "lucky", "players": 2, "seed": 3})
    assert answer.status_code == 200, answer.text
    assert service.post("/api/roll", {"faces": "red/I/spades"}).status_code == 200
    assert service.post("/api/sim/place", {"hole": "R-I-S"}).status_code == 200
    wait_until(lambda: "R-I-S" in service.state()["board"])
    answer = service.post("/api/new_game", {"variant": "lucky", "players": 2})  # kept
    assert answer.status_code == 200, answer.text
    page.locator("#history-title").scroll_into_view_if_needed()
    page.click("#history-show")
    page.locator("#history-list li").first.get_by_role("button").click()
    expect(page.locator("#replay-move")).to_contain_text("of 2")  # the replay has arrived
    page.locator("#replay-step").focus()
    page.keyboard.press("End")
    expect(page.locator("#replay-move")).to_have_text(re.compile(r"place R-I-S at \d+\.\d s$"))
