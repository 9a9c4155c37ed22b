"""The page in two languages, in Chromium against a real ``flixboard run``: a page switched to
German shows the board's words, the turn line, the fix box, the log and a refusal in German and
switches back without a reload; a German board opens its pages in German (and ``flixboard run``
says what happens now in German); the choice is kept by the browser."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from web_support import Service, shown_live

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]


def test_a_page_switched_to_german_and_back_without_a_reload(
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
) -> None:
    service = launch_service(geometry="flip4", config="[board]\nfix_after_s = 0.0\n")
    page = open_page(service)
    assert service.post("/api/roll", {"faces": "2/1"}).status_code == 200  # 3, 1 and 2
    assert service.post("/api/sim/place", {"hole": "b2"}).status_code == 200  # 7: not lit
    expect(page.locator("#fix")).to_have_text("Lift the piece from b2.")
    expect(page.locator("#log")).to_contain_text("Not placed on b2: that square is not lit.")
    page.evaluate("window.loadedOnce = true")  # gone if the page reloads

    page.select_option("#page-language", "de")
    expect(page.locator("#turn")).to_contain_text("Das Brett passt nicht zum Spiel")
    expect(page.locator("#fix")).to_have_text("Von b2 den Stein nehmen.")
    expect(page.locator("#log")).to_contain_text("Nicht gesetzt auf b2: das Feld leuchtet nicht.")
    expect(page.locator("#log")).to_contain_text("Rot (Spieler 1) würfelte 2 / 1")
    expect(page.locator("#roll")).to_have_text("Würfeln")
    expect(page.locator("#log-title")).to_have_text("Spielverlauf")
    assert page.locator("html").get_attribute("lang") == "de"

    assert service.post("/api/sim/lift", {"hole": "b2"}).status_code == 200
    wait_until(lambda: service.state()["phase"] == "await_place")
    expect(page.locator("#turn")).to_contain_text(
        "Rot (Spieler 1): setze einen Stein auf eines der 3 leuchtenden Felder."
    )
    assert service.post("/api/sim/place", {"hole": "a2"}).status_code == 200
    expect(page.locator("#log li").last).to_have_text("Rot (Spieler 1) setzte einen Stein auf a2.")

    page.select_option("#page-language", "en")
    expect(page.locator("#log li").last).to_have_text("Red (player 1) placed a piece on a2.")
    expect(page.locator("#log")).to_contain_text("Not placed on b2: that square is not lit.")
    expect(page.locator("#roll")).to_have_text("Roll")
    assert page.evaluate("window.loadedOnce") is True


def test_a_german_board_opens_its_page_in_german_and_a_page_keeps_its_choice(
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
) -> None:
    service = launch_service(config='[board]\nlanguage = "de"\n')
    # flixboard run says what happens now in the board's language too
    assert "Jetzt: Rot (Spieler 1): drücke ROLL.  Strg+C beendet den Dienst." in service.output()
    page = open_page(service)
    expect(page.locator("#page-language")).to_have_value("de")
    expect(page.locator("#turn")).to_contain_text("Rot (Spieler 1): würfle.")
    expect(page.locator("#dice")).to_have_text("Noch nicht gewürfelt.")
    expect(page.locator("#board-words")).not_to_contain_text("hole")
    page.select_option("#page-language", "en")
    expect(page.locator("#turn")).to_contain_text("Red (player 1): roll the dice.")
    page.reload()
    shown_live(page)
    expect(page.locator("#page-language")).to_have_value("en")
    expect(page.locator("#turn")).to_contain_text("Red (player 1): roll the dice.")


def test_a_switch_says_again_the_games_names_and_what_was_built_in_the_old_language(
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
) -> None:
    """The games' names (the turn line, the history's filter), the panels' names a screen
    reader says, the names the page's HTML gives, and the New-game form's seats, whose selects
    are named apart from the seats' own of the game played, follow a switch of the page's
    language."""
    service = launch_service(config='[game]\nvariant = "qubic"\n')
    page = open_page(service)
    red_panel = page.locator('.panel[data-panel="R"] .holes').first
    kind = page.locator("#seats .seat select.kind").first
    next_kind = page.locator("#setup-seats select.kind").first
    expect(page.locator("#turn")).to_contain_text("3-D Tic Tac Toe:")
    expect(page.locator("#history-variant option[value=qubic]")).to_have_text("3-D Tic Tac Toe")
    expect(red_panel).to_have_attribute("aria-label", "Red panel")
    expect(kind).to_have_attribute("aria-label", "Who plays Red (player 1)")
    expect(next_kind).to_have_attribute("aria-label", "Who plays Red (player 1) in the next game")

    page.select_option("#page-language", "de")
    expect(page.locator("#turn")).to_contain_text("3-D-Tic-Tac-Toe:")
    expect(page.locator("#history-variant option[value=qubic]")).to_have_text("3-D-Tic-Tac-Toe")
    expect(red_panel).to_have_attribute("aria-label", "Platte Rot")
    expect(kind).to_have_attribute("aria-label", "Wer Rot (Spieler 1) spielt")
    expect(next_kind).to_have_attribute(
        "aria-label", "Wer Rot (Spieler 1) im nächsten Spiel spielt"
    )
    # the names the page's HTML gives a screen reader
    expect(page.locator("#dice")).to_have_attribute("aria-label", "Würfel dieses Zugs")

    page.select_option("#page-language", "en")
    expect(page.locator("#turn")).to_contain_text("3-D Tic Tac Toe:")
    expect(red_panel).to_have_attribute("aria-label", "Red panel")
    expect(page.locator("#dice")).to_have_attribute("aria-label", "Dice of this turn")
