"""The board never moves under the finger: on every board, at a phone's 390x844 and a laptop's
1280x800, no hole, cell or action-bar button moves while a game is played (placements, the FLIX
window, rolls, a long turn line), and the page's layout shift stays at most 0.01."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from layout_watch import BAR, TARGETS, LayoutWatch
from playwright.sync_api import Browser, Page, Route, expect
from web_support import Screen, Service, shown_live

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

SIZES: dict[str, Screen] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1280, "height": 800}},
}
MAX_SHIFT = 0.01
WAIT_S = 60.0
SEED = 7
"""The same dice and the same computer moves on every run."""
PLAYER_ONE = {"en": "(player 1)", "de": "(Spieler 1)"}
"""The first player as the turn line names them, in each language."""
WHOLE = "(box) => box.scrollHeight <= box.clientHeight"
"""Whether a box shows all it holds (none of it cut off or hidden under what follows)."""
LONG_NAMES = ["Maximiliane Lindqvist-Oppenheimer", "Bartholomew Featherstonehaugh"]
"""Players' names as long as a person's can be: wherever the page shows them, nothing moves."""


def place(service: Service, page: Page, watch: LayoutWatch, label: str) -> None:
    """A hand places a piece on an allowed target; the page shows it; the boxes are snapped."""
    state = service.state()
    free = [name for name in state["allowed"] if name not in (state.get("sensed") or {})]
    assert free, state
    target = free[0]
    answer = service.post("/api/sim/place", {"hole": target})
    assert answer.status_code == 200, (answer.text, state)
    piece = page.locator(f'[data-hole="{target}"], [data-cell="{target}"]')
    expect(piece).to_have_attribute("data-team", re.compile(r"^\d$"))
    watch.snap(label)


def person_to_roll(service: Service) -> bool:
    """Wait (generously) until the computer has played and the person may roll: whether the
    game goes on."""

    def settled() -> bool:
        state = service.state()
        return bool(
            state["phase"] == "game_over" or (state["to_move"] == 0 and state["actions"]["roll"])
        )

    wait_until(settled, lambda: f"the person to roll: {service.state()}", WAIT_S)
    goes_on: bool = service.state()["phase"] != "game_over"
    return goes_on


def roll(page: Page, watch: LayoutWatch, label: str) -> None:
    expect(page.locator("#roll")).to_be_enabled()
    page.click("#roll")
    expect(page.locator("#roll")).to_be_disabled()  # thrown (or the turn lost at once)
    watch.snap(label)


def start(service: Service, body: dict[str, Any]) -> None:
    answer = service.post("/api/new_game", body)
    assert answer.status_code == 200, answer.text


def assert_still(watch: LayoutWatch) -> None:
    moved = [(m.label, m.target, m.first, m.now) for m in watch.moves()]
    assert moved == [], f"targets moved: {moved[:6]}"
    shifts = [(s.value, s.sources) for s in watch.shifts()]
    assert watch.shift() <= MAX_SHIFT, f"layout shift {watch.shift():.4f}: {shifts}"
    assert watch.cls() <= MAX_SHIFT


@pytest.mark.parametrize(("size", "language"), [("phone", "en"), ("laptop", "en"), ("phone", "de")])
def test_spaceboard_holes_stay_put(
    size: str, language: str, launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    """Lucky Flix with long names against the computer: rolls, placements each opening the FLIX
    window, the computer's turns (the longest turn line: "…, computer (level 1): thinking…"),
    the window running out; on a phone in German too, whose words are longer."""
    service = launch_service(config=f'[board]\nfix_after_s = 0.0\nlanguage = "{language}"\n')
    start(
        service,
        {
            "variant": "lucky",
            "players": 2,
            "names": LONG_NAMES,
            "seed": SEED,
            "seats": [{"kind": "human"}, {"kind": "computer", "level": 1}],
            "options": {"call_window": 2},
        },
    )
    page = open_page(service, **SIZES[size])
    expect(page.locator("#turn")).to_contain_text(PLAYER_ONE[language])
    page.evaluate("window.scrollTo(0, 0)")
    watch = LayoutWatch(page, f"{TARGETS}, {BAR}")
    placed = 0
    for turn in range(12):
        if not person_to_roll(service):
            break  # the computer won
        roll(page, watch, f"roll {turn}")
        state = service.state()
        if state["to_move"] != 0 or state["phase"] != "await_place":
            continue  # the throw lit only full holes: the turn is lost (its banner shown)
        place(service, page, watch, f"placement {turn}")
        expect(page.locator("#countdown")).to_be_visible()
        watch.snap(f"FLIX window {turn}")
        placed += 1
        if placed == 4:
            break
    assert placed >= 2, placed
    # The simulated board makes the computer's moves: its Men arrive by themselves.
    person_to_roll(service)
    assert any(piece["team"] == 1 for piece in service.state()["board"].values())
    watch.snap("after the computer's moves")
    assert page.evaluate("window.scrollY") == 0
    assert_still(watch)


@pytest.mark.parametrize("size", SIZES)
def test_flip4_squares_stay_put(
    size: str, launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    """Flip 4 with long names: rolls and placements, the dice and their results shown."""
    service = launch_service(geometry="flip4")
    start(service, {"variant": "flip4", "players": 2, "names": LONG_NAMES, "seed": SEED})
    page = open_page(service, **SIZES[size])
    expect(page.locator("#turn")).to_contain_text("(player 1)")
    expect(page.locator("body")).to_have_attribute("data-drawn", "")  # its own view and styles
    page.evaluate("window.scrollTo(0, 0)")
    watch = LayoutWatch(page, f"{TARGETS}, {BAR}")
    for turn in range(3):
        roll(page, watch, f"roll {turn}")
        place(service, page, watch, f"placement {turn}")
    assert page.evaluate("window.scrollY") == 0
    assert_still(watch)


@pytest.mark.parametrize("size", SIZES)
def test_olix_cells_stay_put(
    size: str, launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    """Olix with long names: placements, each redrawing the grid and the scoring area."""
    service = launch_service(geometry="olix")
    start(service, {"variant": "olix", "players": 2, "names": LONG_NAMES, "seed": SEED})
    page = open_page(service, **SIZES[size])
    expect(page.locator("#turn")).to_contain_text("(player 1)")
    expect(page.locator("body")).to_have_attribute("data-drawn", "")  # its own view and styles
    page.evaluate("window.scrollTo(0, 0)")
    watch = LayoutWatch(page, f"{TARGETS}, {BAR}")
    for turn in range(6):
        place(service, page, watch, f"placement {turn}")
    assert page.evaluate("window.scrollY") == 0
    assert_still(watch)


@pytest.mark.parametrize("size", SIZES)
def test_fix_words_move_nothing_as_the_board_is_put_right(
    size: str, launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    """Two pieces where the game has none: the turn line says how many, the row under the
    board the first step; the hands (not a tap on the page) put the board right one square at
    a time, the row saying the next step, then going: nothing on the page moves, the row's
    words and the numbers on the blinking squares included."""
    service = launch_service(config="[board]\nfix_after_s = 0.0\n", geometry="flip4")
    start(service, {"variant": "flip4", "players": 2, "names": LONG_NAMES, "seed": SEED})
    page = open_page(service, **SIZES[size])
    assert service.post("/api/roll", {"faces": "2/1"}).status_code == 200  # 3, 1 and 2 lit
    for square in ("b2", "c2"):  # 7 and 36: not lit
        assert service.post("/api/sim/place", {"hole": square}).status_code == 200
    fix = page.locator("#fix")
    expect(page.locator("#turn")).to_contain_text(
        "Lift 2 pieces: start with b2, c2, or Clear the board."
    )
    expect(fix.locator("p")).to_have_text(["Lift the piece from b2."])
    assert fix.evaluate(WHOLE), "the fix box cuts its words off"
    page.evaluate("window.scrollTo(0, 0)")
    watch = LayoutWatch(page, f"{TARGETS}, {BAR}, #fix, #clear-board")
    assert service.post("/api/sim/lift", {"hole": "b2"}).status_code == 200
    expect(fix.locator("p")).to_have_text(["Lift the piece from c2."])
    watch.snap("one line left")
    assert fix.evaluate(WHOLE), "the fix box cuts its words off"
    assert service.post("/api/sim/lift", {"hole": "c2"}).status_code == 200
    expect(fix).to_be_hidden()
    assert [(s.value, s.sources) for s in watch.shifts()] == []
    assert [(m.label, m.target, m.first, m.now) for m in watch.moves()] == []


def test_the_header_keeps_its_buttons_while_the_page_starts(
    launch_service: Callable[..., Service], browser: Browser
) -> None:
    """The page drawn before its script runs (held back here) already shows every header
    button the script shows: the header does not move when the script starts."""
    service = launch_service()
    context = browser.new_context(**SIZES["laptop"])
    try:
        page = context.new_page()

        def held(route: Route) -> None:
            time.sleep(1.0)  # the page is drawn meanwhile, from its HTML and CSS
            route.continue_()

        page.route("**/app.js", held)
        page.goto(service.url + "/")
        shown_live(page)
        watch = LayoutWatch(page, "#sound, #speak, #connection", from_load=True)
        assert [(s.value, s.sources) for s in watch.shifts()] == []
    finally:
        context.close()
