"""Steps that cannot be taken back ask first, in a dialog of the page that the keyboard works
(clearing the board mid-game, a new game over a running one, resigning); after a game, what
starts the next one is in the first screen of a phone."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from test_web_phone import PHONE, in_first_screen, place, win_qubic
from web_support import Service

pytestmark = [pytest.mark.browser, pytest.mark.live]

DIALOG = "#confirm-dialog"


def two_men(service: Service, page: Page) -> None:
    """Qubic, Red and Blue one Man each."""
    place(service, page, "R-I-S", 0)
    place(service, page, "Y-I-S", 1)


def start_qubic(service: Service) -> None:
    assert service.post("/api/new_game", {"variant": "qubic", "players": 2}).is_success


def test_clearing_mid_game_asks_and_escape_keeps_the_pieces(
    service: Service, open_page: Callable[..., Page]
) -> None:
    start_qubic(service)
    page = open_page(service)
    two_men(service, page)
    page.click("#clear-board")
    dialog = page.locator(DIALOG)
    expect(dialog).to_be_visible()
    expect(page.locator("#confirm-question")).to_contain_text("Lift all 2 pieces")
    expect(page.locator("#confirm-no")).to_be_focused()  # the safe answer
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator(".hole[data-piece]")).to_have_count(2)
    assert len(service.state()["sensed"]) == 2
    # Asked again, the keyboard alone lifts them: Tab to the step, Enter.
    page.click("#clear-board")
    expect(dialog).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.locator("#confirm-yes")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(page.locator(".hole.missing")).to_have_count(2)  # the game's Men, off the board
    assert service.state()["sensed"] == {}


def test_a_new_game_over_a_running_one_asks(
    service: Service, open_page: Callable[..., Page]
) -> None:
    start_qubic(service)
    page = open_page(service)
    place(service, page, "R-I-S", 0)
    page.select_option("#variant", "lucky")
    page.click("#new-game")
    expect(page.locator(DIALOG)).to_be_visible()
    expect(page.locator("#confirm-question")).to_contain_text("Abandon the game")
    page.click("#confirm-no")
    expect(page.locator(DIALOG)).to_be_hidden()
    assert service.state()["variant"] == "qubic"
    page.click("#new-game")
    page.click("#confirm-yes")
    expect(page.locator("#turn")).to_contain_text("Lucky Flix")
    assert service.state()["variant"] == "lucky"


def test_a_new_game_before_any_move_does_not_ask(
    service: Service, open_page: Callable[..., Page]
) -> None:
    start_qubic(service)
    page = open_page(service)
    page.select_option("#variant", "lucky")
    page.click("#new-game")
    expect(page.locator("#turn")).to_contain_text("Lucky Flix")
    expect(page.locator(DIALOG)).to_be_hidden()


def test_resigning_asks(service: Service, open_page: Callable[..., Page]) -> None:
    start_qubic(service)
    page = open_page(service)
    resign = page.locator('#seats li[data-seat="1"]').get_by_role(
        "button", name="Resign Blue (player 2)"
    )
    resign.click()
    expect(page.locator("#confirm-question")).to_contain_text("Blue (player 2) gives up")
    page.keyboard.press("Escape")
    expect(page.locator(DIALOG)).to_be_hidden()
    assert service.state()["phase"] != "game_over"
    resign.click()
    page.click("#confirm-yes")
    expect(page.locator("#log")).to_contain_text("Blue (player 2) resigned.")


def test_after_a_game_the_next_step_is_in_the_first_screen(
    service: Service, open_page: Callable[..., Page]
) -> None:
    """On a phone, the won game's next steps are above the action bar: the next game with the
    same players (the board cleared) or setting up another game, in one row that leaves the
    board's lower floors in sight. An emptied board keeps the result until Next game is pressed
    (defect: it started the next game by itself)."""
    start_qubic(service)
    page = open_page(service, **PHONE)
    win_qubic(service, page)
    page.evaluate("window.scrollTo(0, 0)")
    after = page.locator("#after-game")
    expect(after).to_be_visible()
    expect(after).to_contain_text("Next game clears the board and starts the next game")
    for target in ["#after-game", "#after-next", "#after-new"]:
        assert in_first_screen(page.locator(target)), target
    top = after.evaluate("e => e.getBoundingClientRect().top")
    lowest = page.locator('#board [data-hole="B-I-C"]').evaluate(
        "e => e.getBoundingClientRect().bottom"
    )
    assert lowest <= top, "the after-game box covers the finished game's board"
    page.click("#after-new")
    expect(page.locator("#variant")).to_be_focused()
    expect(page.locator("#variant")).to_be_in_viewport()
    assert service.state()["phase"] == "game_over"  # nothing started by itself
    clear = page.locator("#clear-board")
    clear.evaluate("e => e.scrollIntoView({ block: 'center' })")
    clear.click()  # no question: the game is over
    # the board is empty; the finished game's Men stay drawn as lifted until the next game
    expect(page.locator(".hole[data-piece]:not(.missing)")).to_have_count(0)
    expect(after).to_contain_text("The board is ready: start the next game")
    assert service.state()["phase"] == "game_over"  # the board waits to be asked
    expect(page.locator("#banner")).to_contain_text("Red wins!")
    expect(clear).to_be_disabled()
    page.evaluate("window.scrollTo(0, 0)")
    page.click("#after-next")
    expect(after).to_be_hidden()
    expect(page.locator("#turn")).to_contain_text("Red (player 1): place a Man")
