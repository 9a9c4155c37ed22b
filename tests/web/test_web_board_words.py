"""What a person reads on the page of a flat board, in Chromium against a real ``flixboard run
--board sim --geometry flip4|olix``: the board's own words (squares and pieces, cells and
counters) in the turn line, the log, the fix box and the scores; a New-game form offering only
the player counts the variant accepts; each computer move logged once."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from web_support import Service

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

SPACEBOARD_WORDS = ("hole", "Man ", "Men ", "floor", "Lines scored")


def log_text(page: Page) -> str:
    return page.locator("#log").inner_text()


def player_counts(page: Page) -> list[str]:
    return page.locator("#players option").all_inner_texts()


def test_flip4_speaks_of_squares_pieces_and_numbers(
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
) -> None:
    service = launch_service(geometry="flip4")
    page = open_page(service)
    expect(page.locator("#players option")).to_have_count(3)
    assert player_counts(page) == ["2", "3", "4"]  # each plays alone: no "teams of partners"
    page.select_option("#players", "4")
    expect(page.locator("#partners")).to_have_text("Everyone plays alone.")
    assert service.post("/api/roll", {"faces": "2/1"}).status_code == 200  # 3, 1 and 2
    expect(page.locator("#turn")).to_contain_text(
        "Red (player 1): place a piece on one of the 3 lit squares."
    )
    expect(page.locator("#log li").last).to_have_text(
        "Red (player 1) rolled 2 / 1: sum 3 · difference 1 · product 2."
    )
    expect(page.locator("#scores")).to_contain_text("Pieces left: Red 4 · Blue 4")
    assert service.post("/api/sim/place", {"hole": "b2"}).status_code == 200  # 7: not lit
    expect(page.locator("#turn")).to_contain_text("fix the blinking squares")
    expect(page.locator("#fix")).to_have_text("Lift the piece from b2.")
    expect(page.locator("#log")).to_contain_text("Not placed on b2: that square is not lit.")
    assert service.post("/api/sim/lift", {"hole": "b2"}).status_code == 200
    wait_until(lambda: service.state()["phase"] == "await_place")
    assert service.post("/api/sim/place", {"hole": "a2"}).status_code == 200
    expect(page.locator("#log li").last).to_have_text("Red (player 1) placed a piece on a2.")
    said = " ".join([log_text(page), page.locator("#turn").inner_text()])
    said += page.locator("#scores").inner_text()
    assert not [word for word in SPACEBOARD_WORDS if word in said], said


def test_a_computer_move_is_logged_once_in_its_own_name(
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
) -> None:
    service = launch_service(geometry="flip4")
    page = open_page(service)
    seats = [{"kind": "human"}, {"kind": "computer", "level": 1}]
    answer = service.post(
        "/api/new_game", {"variant": "flip4", "players": 2, "seed": 4, "seats": seats}
    )
    assert answer.status_code == 200, answer.text
    assert service.post("/api/roll", {"faces": "2/1"}).status_code == 200
    assert service.post("/api/sim/place", {"hole": "a2"}).status_code == 200
    wait_until(lambda: service.state()["to_move"] == 0 and service.state()["board"], timeout=120)
    expect(page.locator("#log")).to_contain_text("Blue (Computer, level 1) rolled")
    rolled = page.locator("#log li", has_text="Blue (Computer, level 1) rolled")
    moved = page.locator(
        "#log li",
        has_text=re.compile(r"Blue \(Computer, level 1\) (placed a piece on|loses the turn)"),
    )
    expect(rolled).to_have_count(1)
    expect(moved).to_have_count(1)  # its roll, then its placement (or no square), once each
    expect(page.locator('#log li[data-type="computer"]')).to_have_count(0)
    expect(page.locator('.seat[data-seat="1"] .seat-kind')).to_have_text("Computer, level 1")


def test_olix_speaks_of_cells_and_counters(
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
) -> None:
    service = launch_service(geometry="olix")
    page = open_page(service)
    expect(page.locator("#players option")).to_have_count(1)
    assert player_counts(page) == ["2"]
    expect(page.locator("#partners")).to_have_text("Everyone plays alone.")
    assert service.post("/api/sim/place", {"hole": "f6"}).status_code == 200
    expect(page.locator("#log li").last).to_have_text("Red (player 1) placed a counter on f6.")
    assert service.post("/api/sim/lift", {"hole": "f6"}).status_code == 200  # a played one
    wait_until(lambda: service.state()["phase"] == "await_fix", timeout=60)
    expect(page.locator("#turn")).to_contain_text("fix the blinking cells")
    expect(page.locator("#fix")).to_have_text("Put the Red counter back on f6.")
    said = " ".join([log_text(page), page.locator("#turn").inner_text()])
    said += page.locator("#fix").inner_text() + page.locator("#scores").inner_text()
    assert not [word for word in SPACEBOARD_WORDS if word in said], said
