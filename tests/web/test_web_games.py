"""The board page in Chromium for the games of skill: Tac-T-Flix, Pay-Off Flix, 3-player Qubic."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect
from web_support import Service

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]


def hole(page: Page, name: str) -> Locator:
    return page.locator(f'[data-hole="{name}"]')


def seat_row(page: Page, seat: int) -> Locator:
    return page.locator(f'#seats li[data-seat="{seat}"]')


def new_game(service: Service, body: dict[str, object]) -> None:
    response = service.post("/api/new_game", body)
    assert response.status_code == 200, response.text


def test_tactflix_free_play_substitution_and_withdrawal(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service, viewport={"width": 390, "height": 844}, has_touch=True)
    new_game(service, {"variant": "tactflix", "players": 2, "options": {"call_window": 600.0}})
    expect(page.locator("#piece-choice")).to_be_visible()
    expect(page.locator("#dice-card")).to_be_hidden()
    red, blue = ["G-II-S", "G-II-H", "G-II-D", "G-II-C"], ["B-I-S", "B-I-H", "B-I-D"]
    for index, name in enumerate(red):
        hole(page, name).click()
        expect(hole(page, name)).to_have_attribute("data-team", "0")
        if index < 3:
            hole(page, blue[index]).click()
            expect(hole(page, blue[index])).to_have_attribute("data-team", "1")
    seat_row(page, 0).get_by_role("button", name="FLIX for Red (player 1)").click()

    # A scored line: a free play, said in words and on the two indicator lights.
    expect(page.locator("#turn")).to_contain_text(
        "Red (player 1): free play! Place a Man in any empty hole (1 left)."
    )
    expect(page.locator("#status-pixels")).to_have_attribute("aria-label", re.compile("free play"))
    expect(page.locator("#scores")).to_contain_text("Burocrats still to win back: Red 7 · Blue 8")
    expect(page.locator("#log")).to_contain_text(
        "Red wins back 1 Burocrat (7 Burocrats still held by Blue)."
    )
    hole(page, "R-IV-S").click()
    expect(hole(page, "R-IV-S")).to_have_attribute("data-team", "0")

    # Substitution: the Men of the line blink, and the hand holds a Burocrat.
    expect(page.locator("#turn")).to_contain_text("put a Burocrat in its hole")
    expect(page.locator(".hole.lift")).to_have_count(4)
    expect(hole(page, "G-II-S")).to_have_attribute("aria-label", re.compile("seat a Burocrat"))
    expect(page.locator("input[name=piece][value=burocrat]")).to_be_checked()
    hole(page, "G-II-S").click()
    expect(hole(page, "G-II-S")).to_have_class(re.compile(r"\bmissing\b"))
    hole(page, "G-II-S").click()
    expect(hole(page, "G-II-S")).to_have_attribute("data-piece", "burocrat")

    # Withdrawal: the other three Men blink until lifted; the hand holds a Man again.
    expect(page.locator("#turn")).to_contain_text("lift your blinking Men")
    expect(page.locator("input[name=piece][value=man]")).to_be_checked()
    expect(page.locator(".hole.lift")).to_have_count(3)
    for name in red[1:]:
        hole(page, name).click()
        expect(hole(page, name)).not_to_have_attribute("data-piece", re.compile(".*"))
    expect(page.locator(".hole.lift")).to_have_count(0)
    expect(page.locator("#turn")).to_contain_text("Blue (player 2): place a Man in any empty hole")
    expect(page.locator("#log")).to_contain_text("Red (player 1) put a Burocrat on G-II-S.")
    expect(page.locator("#log")).to_contain_text("Red (player 1) withdrew the Man from G-II-C.")
    expect(page.locator("#log")).to_contain_text("Red (player 1) used a free play on R-IV-S")
    state = service.state()
    assert state["board"]["G-II-S"] == {"team": 0, "piece": "burocrat"}
    assert state["to_move"] == 1


def test_payoff_shows_the_movers_own_tokens_on_request(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    deal = [[100, 50, 25, 20, 10, 5], [50, 25, 20, 10, 2, 1]]
    new_game(service, {"variant": "payoff", "players": 2, "options": {"deal": deal}})
    expect(page.locator("#show-hand")).to_have_text("Show Red's tokens")
    expect(page.locator("#hand-tokens")).to_be_hidden()
    page.click("#show-hand")
    tokens = page.locator("#hand-tokens button")
    expect(tokens).to_have_text(["100", "50", "25", "20", "10", "5"])
    expect(page.locator("#show-hand")).to_have_attribute("aria-expanded", "true")
    page.get_by_role("button", name="Attach token 50 to the next Man").click()
    expect(page.locator("#message")).to_have_text("Your token rides on the next Man.")
    expect(page.locator("#hand-tokens")).to_be_hidden()
    expect(page.locator("#game-value")).to_have_text("A token rides on the next Man.")
    hole(page, "R-I-S").click()
    expect(hole(page, "R-I-S")).to_have_attribute("data-team", "0")
    # Blue's turn: Red's tokens stay hidden; Blue sees its own on request, without Red's 50.
    expect(page.locator("#show-hand")).to_have_text("Show Blue's tokens")
    expect(page.locator("#hand-tokens")).to_be_hidden()
    page.click("#show-hand")
    expect(tokens).to_have_text(["50", "25", "20", "10", "2", "1"])
    hole(page, "B-I-S").click()
    expect(hole(page, "B-I-S")).to_have_attribute("data-team", "1")
    expect(page.locator("#hand-tokens")).to_be_hidden()
    page.click("#show-hand")
    expect(tokens).to_have_text(["100", "25", "20", "10", "5"])
    assert "50" not in page.locator("#log").inner_text()


def test_the_form_follows_the_game_when_the_boards_games_come_last(
    service: Service, browser: Browser
) -> None:
    """Defect: the game drawn before ``/api/info`` answered (a loaded board) could not be chosen
    in the form, which had no games yet; the form then showed the first game instead."""
    new_game(service, {"variant": "qubic", "players": 3})
    context = browser.new_context()
    try:
        page = context.new_page()
        held: list[Route] = []
        page.route("**/api/info", lambda route: held.append(route))
        page.goto(service.url + "/")
        expect(page.locator("#seats li")).to_have_count(3)  # the game drawn, no info yet
        wait_until(lambda: held, "the page asked for the board's info")
        held[0].continue_()
        expect(page.locator("#variant option")).not_to_have_count(0)
        expect(page.locator("#variant")).to_have_value("qubic")
        expect(page.locator("#players")).to_have_value("3")
    finally:
        context.close()


def test_three_player_qubic_offers_the_block_request(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    new_game(service, {"variant": "qubic", "players": 3})
    expect(page.locator("#seats li")).to_have_count(3)
    expect(page.locator("#variant")).to_have_value("qubic")
    expect(page.locator("#players")).to_have_value("3")
    moves = [("R-I-S", "Y-I-S", "B-IV-S"), ("R-I-H", "Y-I-H", "B-III-C"), ("R-I-D", "Y-I-D")]
    for turn in moves:
        for team, name in enumerate(turn):
            assert service.post("/api/sim/place", {"hole": name}).status_code == 200
            expect(hole(page, name)).to_have_attribute("data-team", str(team))
    expect(page.locator("#turn")).to_contain_text("Green (player 3): place a Man in any empty hole")
    seat_row(page, 0).get_by_role(
        "button", name="Ask the player to move to block, by Red (player 1)"
    ).click()
    expect(page.locator("#log li").last).to_have_text(
        "Red (player 1) asks Green (player 3) to block at R-I-C."
    )
    expect(page.locator(".hole.allowed")).to_have_count(1)
    expect(hole(page, "R-I-C")).to_have_class(re.compile(r"\ballowed\b"))
    expect(page.locator("#turn")).to_contain_text("Green (player 3): place a Man in the lit hole")


def test_two_player_qubic_has_no_block_button(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    new_game(service, {"variant": "qubic", "players": 2})
    expect(page.locator("#turn")).to_contain_text("3-D Tic Tac Toe")
    expect(seat_row(page, 0).locator("button")).to_have_text(["Resign"])


def test_flix_flix_flix_says_who_places_anywhere(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    new_game(service, {"variant": "lucky", "players": 2, "options": {"call_window": 600.0}})
    assert service.post("/api/roll", {"faces": "red/I/spades"}).status_code == 200
    hole(page, "R-I-S").click()
    expect(hole(page, "R-I-S")).to_have_attribute("data-team", "0")
    assert service.post("/api/roll", {"faces": "flix/flix/flix"}).status_code == 200
    expect(page.locator("#turn")).to_contain_text(
        "FLIX FLIX FLIX: Red (player 1) places one Man in any empty hole."
    )
