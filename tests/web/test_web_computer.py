"""The board page in Chromium with computer seats, hints and threats, on the simulated board.

The computers play at level 1 (the quickest); every test waits for what the page shows, never for
a time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from web_support import Service

pytestmark = [pytest.mark.browser, pytest.mark.live]

# A whole game of Lucky Flix between two computers: many turns, each one waited for.
GAME_TIMEOUT_MS = 180_000
# Computers that think briefly, on a board that tells at once what to fix.
QUICK = "[board]\nfix_after_s = 0.0\n[game]\ncomputer_movetime_ms = 50\ncall_window = 0.2\n"


# Red, Blue, Red, Blue, Red: Red has three of R-I-S..R-I-C, the fourth hole is open.
RED_THREE = ["R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D"]


@pytest.fixture
def service(launch_service: Callable[..., Service]) -> Service:
    """The service of these tests: computers that think briefly."""
    return launch_service(config=QUICK)


def hole(page: Page, name: str) -> Locator:
    return page.locator(f'[data-hole="{name}"]')


def seat_row(page: Page, seat: int) -> Locator:
    return page.locator(f'#seats li[data-seat="{seat}"]')


def choose_seat(page: Page, seat: int, who: str, kind: str, level: int | None = None) -> None:
    """Pick Human or Computer (and its level) in the row of the seat labelled ``who``."""
    row = seat_row(page, seat)
    row.get_by_label(f"Who plays {who}").select_option(kind)
    if level is not None:
        row.get_by_label(f"Computer level for {who}").select_option(str(level))


def setup_choice(page: Page, who: str, kind: str, level: int | None = None) -> None:
    """Pick a seat's player in the New game form."""
    form = page.locator("#setup")
    form.get_by_label(f"Who plays {who}").select_option(kind)
    if level is not None:
        form.get_by_label(f"Computer level for {who}").select_option(str(level))


def start_from_page(page: Page, variant: str) -> None:
    page.select_option("#variant", variant)
    page.select_option("#players", "2")
    page.click("#new-game")
    expect(page.locator("#message")).to_contain_text("New game of")


def new_game(service: Service, body: dict[str, Any]) -> None:
    response = service.post("/api/new_game", body)
    assert response.status_code == 200, response.text


def test_setup_sends_each_seat(service: Service, open_page: Callable[..., Page]) -> None:
    page = open_page(service)

    def sent_by_new_game() -> Any:
        """The body the New-game button sends (this click's own request, not an earlier one)."""
        with page.expect_request("**/api/new_game") as request:
            page.click("#new-game")
        return request.value.post_data_json

    page.select_option("#variant", "qubic")
    page.select_option("#players", "2")
    expect(page.locator("#setup .setup-seat")).to_have_count(2)
    expect(
        page.locator("#setup").get_by_label("Computer level for Red (player 1)")
    ).to_be_disabled()
    assert sent_by_new_game() == {"variant": "qubic", "players": 2, "hints": True}
    expect(page.locator("#message")).to_contain_text("New game of 3-D Tic Tac Toe")

    setup_choice(page, "Blue (player 2)", "computer")
    expect(page.locator("#setup").get_by_label("Computer level for Blue (player 2)")).to_have_value(
        "3"
    )
    setup_choice(page, "Blue (player 2)", "computer", 1)
    assert sent_by_new_game() == {
        "variant": "qubic",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "computer", "level": 1}],
        "hints": True,
    }
    expect(seat_row(page, 1)).to_have_text(re.compile("Computer, level 1"))
    assert service.state()["seats"][1]["kind"] == "computer"

    # Every control is a labelled button or select at least 44 px high, for fingers.
    controls = [
        page.locator("#hint"),
        page.locator("#threats-toggle"),
        seat_row(page, 1).get_by_label("Who plays Blue (player 2)"),
        seat_row(page, 1).get_by_label("Computer level for Blue (player 2)"),
        page.locator("#setup").get_by_label("Who plays Red (player 1)"),
        page.locator("#setup").get_by_label("Computer level for Red (player 1)"),
        page.locator("label:has(#hints-on)"),
    ]
    for control in controls:
        box = control.bounding_box()
        assert box is not None
        assert box["height"] >= 44, control

    # Four players: the choices made stay; the new seats are human.
    page.select_option("#players", "4")
    expect(page.locator("#setup .setup-seat")).to_have_count(4)
    expect(page.locator("#setup").get_by_label("Who plays Blue (player 2)")).to_have_value(
        "computer"
    )
    expect(page.locator("#setup").get_by_label("Who plays Red (player 3)")).to_have_value("human")


def test_two_computers_play_lucky_flix_to_the_end(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    page.select_option("#variant", "lucky")
    page.check("input[name=dice][value=virtual]")
    setup_choice(page, "Red (player 1)", "computer", 1)
    setup_choice(page, "Blue (player 2)", "computer", 1)
    page.fill("#seed", "7")
    page.fill("#call-window", "0.5")  # the hands wait out each window before a Man
    start_from_page(page, "lucky")
    expect(seat_row(page, 0)).to_have_text(re.compile("Computer, level 1"))
    expect(seat_row(page, 1)).to_have_text(re.compile("Computer, level 1"))
    expect(page.locator("#turn")).to_have_text(
        re.compile(r"wins!|is a draw"), timeout=GAME_TIMEOUT_MS
    )
    expect(page.locator('#log li[data-type="game_over"]')).to_have_text(re.compile(r"wins|draw"))
    expect(page.locator("#log")).to_contain_text("Red (Computer, level 1) rolled")
    expect(page.locator('#log li[data-type="computer"]')).to_have_count(0)  # logged once
    expect(page.locator("#hint")).to_be_disabled()
    state = service.state()
    assert state["phase"] == "game_over"
    assert [seat["kind"] for seat in state["seats"]] == ["computer", "computer"]


def test_person_plays_qubic_against_the_computer(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    page.select_option("#variant", "qubic")
    setup_choice(page, "Blue (player 2)", "computer", 1)
    start_from_page(page, "qubic")
    expect(page.locator("#turn")).to_contain_text("Red (player 1): place a Man")
    hole(page, "R-I-S").click()
    expect(hole(page, "R-I-S")).to_have_attribute("data-team", "0")
    # The computer answers by itself on the simulated board, and the turn comes back.
    expect(page.locator('.hole[data-team="1"]')).to_have_count(1)
    expect(page.locator("#turn")).to_contain_text("Red (player 1): place a Man")
    expect(page.locator("#log")).to_contain_text("Blue (Computer, level 1) placed a Man on")
    expect(seat_row(page, 1).locator(".thinking")).to_be_hidden()
    state = service.state()
    assert len(state["board"]) == 2
    assert state["computer_move"] is None


def test_hint_marks_a_hole_and_says_why(service: Service, open_page: Callable[..., Page]) -> None:
    page = open_page(service)
    new_game(service, {"variant": "qubic", "players": 2})
    for index, name in enumerate(RED_THREE):
        service.post("/api/sim/place", {"hole": name})
        expect(hole(page, name)).to_have_attribute("data-team", str(index % 2))
    # Blue must block Red's open three at R-I-C.
    expect(page.locator("#turn")).to_contain_text("Blue (player 2): place a Man")
    expect(page.locator("#hint")).to_be_enabled()
    page.click("#hint")
    expect(page.locator("#hint-text")).to_contain_text("Hint for Blue (player 2)")
    expect(page.locator("#hint-text")).to_contain_text("R-I-C")
    expect(hole(page, "R-I-C")).to_have_class(re.compile(r"\bhint\b"))
    expect(hole(page, "R-I-C")).to_have_attribute("aria-label", re.compile("hint: play here"))
    hint = service.client.get("/api/hint").json()
    assert hint["hole"] == "R-I-C"
    assert hint["reason"] in page.locator("#hint-text").inner_text()
    # The mark goes by itself; the words go when the game moves on.
    expect(page.locator(".hole.hint")).to_have_count(0)
    hole(page, "R-I-C").click()
    expect(hole(page, "R-I-C")).to_have_attribute("data-team", "1")
    expect(page.locator("#hint-text")).to_be_hidden()


def test_threat_layer_marks_each_teams_holes(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    new_game(service, {"variant": "qubic", "players": 2})
    for index, name in enumerate(RED_THREE):
        service.post("/api/sim/place", {"hole": name})
        expect(hole(page, name)).to_have_attribute("data-team", str(index % 2))
    toggle = page.get_by_role("button", name="Show threats")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".hole[data-threat]")).to_have_count(0)
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(hole(page, "R-I-C")).to_have_attribute("data-threat", "0")
    threats = {name for threat in service.state()["threats"] for name in threat["holes"]}
    expect(page.locator(".hole[data-threat]")).to_have_count(len(threats))
    # Blue blocks; Red's threat is gone and Blue now threatens nothing.
    hole(page, "R-I-C").click()
    expect(hole(page, "R-I-C")).not_to_have_attribute("data-threat", re.compile(".*"))
    # The choice is remembered in this browser.
    page.reload()
    expect(page.get_by_role("button", name="Show threats")).to_have_attribute(
        "aria-pressed", "true"
    )
    page.get_by_role("button", name="Show threats").click()
    expect(page.locator(".hole[data-threat]")).to_have_count(0)


def test_a_seat_switched_to_the_computer_plays(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    new_game(service, {"variant": "qubic", "players": 2})
    expect(seat_row(page, 1).get_by_label("Who plays Blue (player 2)")).to_have_value("human")
    hole(page, "G-II-D").click()
    expect(page.locator("#turn")).to_contain_text("Blue (player 2): place a Man")
    choose_seat(page, 1, "Blue (player 2)", "computer", 1)
    expect(seat_row(page, 1)).to_have_text(re.compile("Computer, level 1"))
    expect(page.locator('.hole[data-team="1"]')).to_have_count(1)
    expect(page.locator("#turn")).to_contain_text("Red (player 1): place a Man")
    state = service.state()
    assert state["seats"][1] == {"kind": "computer", "level": 1, "name": None, "thinking": False}
    # And back: the seat is a person's again, and waits for a hand.
    choose_seat(page, 1, "Blue (player 2)", "human")
    expect(seat_row(page, 1).locator(".seat-kind")).to_have_text("")
    free = next(name for name in ("G-III-D", "G-IV-D") if name not in state["board"])
    hole(page, free).click()
    expect(hole(page, free)).to_have_attribute("data-team", "0")
    expect(page.locator("#turn")).to_contain_text("Blue (player 2): place a Man")
    expect(page.locator('.hole[data-team="1"]')).to_have_count(1)
    assert service.state()["seats"][1]["kind"] == "human"


def test_computer_move_waits_for_a_hand_when_the_board_does_not_place_it(
    launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    service = launch_service(config=QUICK.replace("[board]\n", "[board]\nsim_autoplace = false\n"))
    page = open_page(service)
    new_game(
        service,
        {
            "variant": "qubic",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "computer", "level": 1}],
        },
    )
    hole(page, "R-I-S").click()
    expect(hole(page, "R-I-S")).to_have_attribute("data-team", "0")
    # The computer chooses; its hole pulses in Blue's colour and the page says what to do.
    expect(page.locator("#computer-move")).to_contain_text("Blue (Computer, level 1) plays ")
    expect(page.locator("#computer-move")).to_contain_text(": put its Man there")
    expect(page.locator(".hole.computer-move")).to_have_count(1)
    chosen = service.state()["computer_move"]
    assert chosen["seat"] == 1
    assert chosen["action"] == "place"
    target = hole(page, chosen["hole"])
    expect(target).to_have_class(re.compile(r"\bcomputer-move\b"))
    expect(page.locator("#computer-move")).to_contain_text(f"plays {chosen['hole']}:")
    target.click()
    expect(target).to_have_attribute("data-team", "1")
    expect(page.locator(".hole.computer-move")).to_have_count(0)
    expect(page.locator("#computer-move")).to_be_hidden()
    expect(page.locator("#turn")).to_contain_text("Red (player 1): place a Man")


def test_no_hints_when_the_game_has_them_off(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    page.select_option("#variant", "qubic")
    page.uncheck("#hints-on")
    start_from_page(page, "qubic")
    for index, name in enumerate(RED_THREE):
        hole(page, name).click()
        expect(hole(page, name)).to_have_attribute("data-team", str(index % 2))
    expect(page.locator("#hint")).to_be_disabled()
    expect(page.get_by_role("button", name="Show threats")).to_be_disabled()
    expect(page.locator(".hole[data-threat]")).to_have_count(0)
    state = service.state()
    assert state["hints"] is False
    assert state["threats"] == []
    assert service.client.get("/api/hint").status_code == 409
