"""The board page in Chromium against a real ``flixboard run --board sim``: playing Lucky Flix."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from web_support import Service

pytestmark = [pytest.mark.browser, pytest.mark.live]


def hole(page: Page, name: str) -> Locator:
    return page.locator(f'[data-hole="{name}"]')


def seat_row(page: Page, seat: int) -> Locator:
    return page.locator(f'#seats li[data-seat="{seat}"]')


def new_game(page: Page, *, players: int = 2, call_window: str = "600") -> None:
    """Set up a Lucky Flix game on the page, with the faces of real dice entered on the page."""
    page.select_option("#variant", "lucky")
    page.select_option("#players", str(players))
    page.fill("#call-window", call_window)
    page.check("input[name=dice][value=physical]")
    page.click("#new-game")
    # The service's first game may show the same turn line: the new game is the one answered.
    expect(page.locator("#message")).to_contain_text(f"New game of Lucky Flix for {players}")
    expect(page.locator("#turn")).to_contain_text("Red (player 1): throw the dice")
    expect(page.locator("#seats li")).to_have_count(players)


def enter_faces(page: Page, faces: str) -> None:
    colour, floor, suit = faces.split("/")
    page.select_option("#face-colour", colour)
    page.select_option("#face-floor", floor)
    page.select_option("#face-suit", suit)
    page.click("#enter-faces")


def play(page: Page, faces: str, target: str, team: int) -> None:
    """Enter a throw, see the target hole lit, click it and see the Man arrive."""
    enter_faces(page, faces)
    expect(hole(page, target)).to_have_class(re.compile(r"\ballowed\b"))
    hole(page, target).click()
    expect(hole(page, target)).to_have_attribute("data-team", str(team))
    expect(hole(page, target)).not_to_have_class(re.compile(r"\ballowed\b"))


RED_ROW = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
BLUE_HOLES = ["Y-I-S", "Y-I-H", "Y-I-D"]
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def test_lucky_game_to_a_called_win(service: Service, open_page: Callable[..., Page]) -> None:
    page = open_page(service, viewport={"width": 1280, "height": 860})
    new_game(page)
    for red, blue in zip(RED_ROW[:3], BLUE_HOLES, strict=True):
        play(page, f"red/I/{SUITS[red[-1]]}", red, 0)
        expect(page.locator("#turn")).to_contain_text("Blue (player 2)")
        play(page, f"yellow/I/{SUITS[blue[-1]]}", blue, 1)
    # Red throws red / I / win: the four holes of floor I on the red panel, one still empty.
    enter_faces(page, "red/I/win")
    expect(page.locator("#dice .die")).to_have_count(3)
    expect(page.locator("#dice .die").nth(2)).to_have_text("WIN")
    expect(page.locator(".hole.allowed")).to_have_count(1)
    expect(hole(page, "R-I-C")).to_have_class(re.compile(r"\ballowed\b"))
    expect(page.locator("#turn")).to_contain_text("place a Man in the lit hole")
    hole(page, "R-I-C").click()
    expect(hole(page, "R-I-C")).to_have_attribute("data-team", "0")
    # The completed line is not revealed until it is called.
    expect(page.locator("#turn")).to_contain_text("Blue (player 2)")
    expect(page.locator(".hole[data-scored]")).to_have_count(0)
    assert "R-I-C" not in page.locator("#log").inner_text().split("placed a Man on R-I-C")[0]

    seat_row(page, 0).get_by_role("button", name="FLIX for Red (player 1)").click()
    expect(page.locator("#turn")).to_contain_text("Red wins!")
    for name in RED_ROW:
        expect(hole(page, name)).to_have_attribute("data-scored", "0")
    expect(page.locator("#log li").last).to_contain_text("Red wins")
    expect(page.locator("#log")).to_contain_text("called FLIX and scored: R-I-S, R-I-H")
    assert service.state()["winner"] == 0


def test_penalty_removes_an_uncalled_line(service: Service, open_page: Callable[..., Page]) -> None:
    page = open_page(service)
    new_game(page, call_window="0")
    for index, red in enumerate(RED_ROW):
        play(page, f"red/I/{SUITS[red[-1]]}", red, 0)
        if index < 3:
            blue = BLUE_HOLES[index]
            play(page, f"yellow/I/{SUITS[blue[-1]]}", blue, 1)
    expect(page.locator("#turn")).to_contain_text("Blue (player 2): throw the dice")
    expect(page.locator(".hole[data-scored]")).to_have_count(0)

    seat_row(page, 1).get_by_role("button", name="PENALTY by Blue (player 2)").click()
    expect(page.locator("#log")).to_contain_text(
        "Blue (player 2) called PENALTY against Red: R-I-S, R-I-H, R-I-D, R-I-C go back to supply."
    )
    # The Men are still on the board: they blink, and the turn line says why and what to do.
    expect(page.locator("#turn")).to_contain_text(
        "Blue (player 2) called PENALTY: Red did not call FLIX for its line; "
        "lift these Men: R-I-S, R-I-H, R-I-D, R-I-C."
    )
    for name in RED_ROW:
        expect(hole(page, name)).to_have_class(re.compile(r"\bfix\b"))
    expect(page.locator("#fix")).to_contain_text("Lift the Man from R-I-S")
    expect(page.locator("#enter-faces")).to_be_disabled()
    for name in RED_ROW:
        hole(page, name).click()
        expect(hole(page, name)).not_to_have_attribute("data-piece", re.compile(".*"))
    expect(page.locator(".hole.fix")).to_have_count(0)
    expect(page.locator("#fix")).to_be_hidden()
    expect(page.locator("#turn")).to_contain_text("Blue (player 2): throw the dice")
    assert service.state()["supply"][0] == 18


def test_page_follows_the_board_changed_underneath(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    response = service.post("/api/new_game", {"variant": "lucky", "players": 2, "seed": 1})
    assert response.status_code == 200, response.text
    expect(page.locator("#turn")).to_contain_text("Red (player 1)")
    assert service.post("/api/roll", {"faces": "green/win/hearts"}).status_code == 200
    expect(page.locator(".hole.allowed")).to_have_count(4)
    expect(page.locator("#dice .die").first).to_have_attribute("data-colour", "green")

    # A hand seats a Man on a lit hole of the board: the page shows it, without a reload.
    assert service.post("/api/sim/place", {"hole": "G-III-H"}).status_code == 200
    expect(hole(page, "G-III-H")).to_have_attribute("data-team", "0")
    expect(page.locator(".hole.allowed")).to_have_count(0)
    expect(page.locator("#log li").last).to_contain_text("Red (player 1) placed a Man on G-III-H")

    # A Man on the wrong hole blinks, and the page says what to fix, until it is lifted.
    assert service.post("/api/sim/place", {"hole": "B-IV-C"}).status_code == 200
    expect(hole(page, "B-IV-C")).to_have_class(re.compile(r"\bfix\b"))
    expect(hole(page, "B-IV-C")).to_have_attribute("data-piece", "man")
    expect(page.locator("#fix")).to_contain_text("Lift the Man from B-IV-C")
    assert service.post("/api/sim/lift", {"hole": "B-IV-C"}).status_code == 200
    expect(page.locator(".hole.fix")).to_have_count(0)
    expect(page.locator("#fix")).to_be_hidden()
    expect(page.locator("#turn")).to_contain_text("Blue (player 2)")


def test_undo_takes_back_the_last_man(service: Service, open_page: Callable[..., Page]) -> None:
    page = open_page(service)
    new_game(page)
    play(page, "blue/II/clubs", "B-II-C", 0)
    page.click("#undo")
    # The game took the Man back: the hole blinks until the hand lifts it.
    expect(hole(page, "B-II-C")).not_to_have_attribute("data-team", re.compile(".*"))
    expect(hole(page, "B-II-C")).to_have_class(re.compile(r"\bfix\b"))
    hole(page, "B-II-C").click()
    expect(page.locator(".hole.fix")).to_have_count(0)
    assert service.state()["board"] == {}


def test_setup_shows_partners_and_seats(service: Service, open_page: Callable[..., Page]) -> None:
    page = open_page(service)
    page.select_option("#players", "6")
    expect(page.locator("#partners")).to_have_text(
        "Red: players 1 and 4 · Blue: players 2 and 5 · Green: players 3 and 6"
    )
    page.select_option("#players", "4")
    expect(page.locator("#partners")).to_have_text("Red: players 1 and 3 · Blue: players 2 and 4")
    page.click("#new-game")
    expect(page.locator("#seats li")).to_have_count(4)
    expect(seat_row(page, 2)).to_contain_text("Red (player 3), partner of player 1")
    assert service.state()["team_of_seat"] == [0, 1, 0, 1]


def test_phone_layout(service: Service, open_page: Callable[..., Page], tmp_path: Path) -> None:
    page = open_page(
        service, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    expect(page.locator(".hole")).to_have_count(64)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    sizes = page.locator(".hole").evaluate_all(
        "holes => holes.map(h => Math.min(h.getBoundingClientRect().width,"
        " h.getBoundingClientRect().height))"
    )
    assert min(sizes) >= 44, sizes
    buttons = page.locator("#roll, #undo, #new-game").evaluate_all(
        "bs => bs.map(b => b.getBoundingClientRect().height)"
    )
    assert min(buttons) >= 44, buttons


def test_panels_follow_the_configured_grooves(
    launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    service = launch_service(config='[board]\npanels = "BGYR"\nsuits = "CDHS"\n')
    page = open_page(service)
    expect(page.locator(".panel")).to_have_count(4)
    panels = page.locator(".panel").evaluate_all("ps => ps.map(p => p.dataset.panel)")
    assert panels == ["B", "G", "Y", "R"]
    first_row = page.locator(".panel").first.locator(".hole")
    expect(first_row.first).to_have_attribute("data-hole", "B-IV-C")
    expect(first_row.nth(3)).to_have_attribute("data-hole", "B-IV-S")
    expect(first_row.last).to_have_attribute("data-hole", "B-I-S")
    expect(page.locator(".panel").first.locator(".suit").first).to_have_text("♣")


def test_resign_from_the_page(service: Service, open_page: Callable[..., Page]) -> None:
    page = open_page(service)
    expect(page.locator("#seats li")).to_have_count(2)
    seat_row(page, 1).get_by_role("button", name="Resign Blue (player 2)").click()
    page.click("#confirm-yes")
    # The log keeps the result; the next game starts once someone asks for it.
    expect(page.locator("#log")).to_contain_text("Blue (player 2) resigned.")
    expect(page.locator("#log")).to_contain_text("Red wins (the others resigned)!")
    resigned = [e for e in service.state()["events"] if e["type"] == "resign"]
    assert [(e["seat"], e["team"]) for e in resigned] == [(1, 1)]


def test_accessible_structure(service: Service, open_page: Callable[..., Page]) -> None:
    page = open_page(service)
    expect(page.locator("#log")).to_have_attribute("aria-live", "polite")
    expect(page.get_by_role("button", name="Roll")).to_be_visible()
    expect(page.get_by_role("button", name="Y-II-H, empty")).to_have_count(1)
    expect(page.get_by_role("combobox", name="Players")).to_have_value("2")
    expect(page.get_by_label("Call window, seconds")).to_have_value("3")
    assert page.locator("#board button.hole").count() == 64
    names = page.locator(".hole").evaluate_all("hs => hs.map(h => h.dataset.hole)")
    assert len(set(names)) == 64


def test_payoff_token_on_a_man_and_the_game_value(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    deal = [[100, 50, 25, 20, 10, 5], [50, 25, 20, 10, 2, 1]]
    options = {"deal": deal, "call_window": 600.0}
    response = service.post(
        "/api/new_game", {"variant": "payoff", "players": 2, "options": options}
    )
    assert response.status_code == 200, response.text
    expect(page.locator("#payoff")).to_be_visible()
    expect(page.locator("#token-choice")).to_be_visible()
    red, blue = ["G-II-S", "G-II-H", "G-II-D", "G-II-C"], ["B-I-S", "B-I-H", "B-I-D"]
    for index, hole_name in enumerate(red):
        if index == 0:
            page.fill("#token-value", "100")
            page.click("#attach-token")
            expect(page.locator("#message")).to_have_text("Your token rides on the next Man.")
            expect(page.locator("#token-value")).to_have_value("")
        hole(page, hole_name).click()
        expect(hole(page, hole_name)).to_have_attribute("data-team", "0")
        if index < 3:
            hole(page, blue[index]).click()
            expect(hole(page, blue[index])).to_have_attribute("data-team", "1")
    expect(page.locator("#log")).to_contain_text("The Man on G-II-S carries a token.")
    assert "100" not in page.locator("#log").inner_text()  # the value stays hidden
    seat_row(page, 0).get_by_role("button", name="FLIX for Red (player 1)").click()
    expect(page.locator("#turn")).to_contain_text("Red wins!")
    expect(page.locator("#game-value")).to_have_text(
        "Game value: 115 (G-II-S 100, G-II-H 5, G-II-D 5, G-II-C 5)"
    )
    expect(page.locator("#scores")).to_contain_text("Ledger: Red 115 · Blue -115")


def test_the_face_picker_offers_the_game_s_dice(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    page.check("input[name=dice][value=physical]")
    suit_die = ["spades", "hearts", "diamonds", "clubs", "win", "win"]
    game = {"variant": "lucky", "players": 2, "options": {"dice_faces": {"suit": suit_die}}}
    assert service.post("/api/new_game", game).status_code == 200
    options = page.locator("#face-suit option")
    expect(options).to_have_count(5)
    assert options.evaluate_all("os => os.map(o => o.value)") == suit_die[:5]
    expect(page.locator("#face-colour option")).to_have_count(6)
    enter_faces(page, "red/I/win")
    expect(page.locator(".hole.allowed")).to_have_count(4)
