"""Journeys off the beaten path: every answer where the player looks, at 390x844, 844x390 and
1280x800. A refused FLIX, PENALTY, Roll or Undo says why inside the viewport (read by screen
readers), the bar's PENALTY acts for the team that can use it, a board that does not answer
says so first, with the game's controls disabled, and says so again when it answers.

Each journey writes what it measured (the time from the click to the reason on screen, the
layout shift) to ``build/journeys/answers/figures.json`` (docs/web-page.md quotes them)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_support import Violation, run_axe, serious
from layout_watch import LayoutWatch
from playwright.sync_api import Browser, Locator, Page, expect
from web_support import REPO, Service, shown_live

from tests.serial.searching_service import searching_service
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

SIZES: dict[str, dict[str, Any]] = {
    "390x844": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "844x390": {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True},
    "1280x800": {"viewport": {"width": 1280, "height": 800}},
}
FIGURES = REPO / "build" / "journeys" / "answers"
GAME_CONTROLS = ("#roll", "#flix", "#penalty", "#undo")
BOARD_TIMEOUT_MS = 60_000
"""A Pico on the link is found, or one gone noticed, within the board search's own waits."""

# The time from a click to the answer box showing its words, measured in the page.
_ANSWER_TIMER = """() => {
  const box = document.getElementById("answer");
  window.__answerTimes = [];
  window.__answersSeen = [];
  window.__clickedAt = null;
  document.addEventListener("click", () => { window.__clickedAt = performance.now(); }, true);
  new MutationObserver(() => {
    if (box.hidden || !box.textContent) return;
    const r = box.getBoundingClientRect();
    const seen = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    window.__answersSeen.push([box.textContent, seen]);
    if (window.__clickedAt === null) return;
    window.__answerTimes.push(performance.now() - window.__clickedAt);
    window.__clickedAt = null;
  }).observe(box, {attributes: true, childList: true, characterData: true, subtree: true});
}"""


def write_figures(name: str, figures: dict[str, Any]) -> None:
    FIGURES.mkdir(parents=True, exist_ok=True)
    path = FIGURES / "figures.json"
    kept = json.loads(path.read_text()) if path.exists() else {}
    kept[name] = figures
    path.write_text(json.dumps(kept, indent=2) + "\n")


def in_viewport(page: Page, locator: Locator) -> bool:
    """Whether the element's whole box is on the screen (not only in the DOM)."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


def open_at(
    browser: Browser, service_url: str, size: str, errors: list[str], language: str = "en"
) -> Page:
    page = browser.new_context(**SIZES[size]).new_page()
    page.add_init_script(f"localStorage.setItem('flixboard.language', '{language}')")
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(service_url + "/")
    shown_live(page)
    expect(page.locator("body")).to_have_attribute("data-drawn", "")
    page.evaluate(_ANSWER_TIMER)
    return page


def refused(page: Page, button: str, reason: str, *, stale: bool = False) -> float:
    """Click ``button``; its refusal's ``reason`` shows in the viewport, announced: the time
    from the click to the words on screen (ms). ``stale``: the page is one state behind (its
    button still enabled after another tab's order), as the button is enabled again here."""
    if stale:
        page.locator(button).evaluate("(button) => { button.disabled = false; }")
    before = page.evaluate("() => window.__answerTimes.length")
    page.locator(button).click()
    answer = page.locator("#answer")
    expect(answer).to_contain_text(reason)
    expect(answer).to_have_attribute("role", "alert")
    assert in_viewport(page, answer), f"{button}'s refusal is off the screen"
    page.wait_for_function(f"() => window.__answerTimes.length > {before}")
    taken: float = page.evaluate("() => window.__answerTimes.at(-1)")
    return round(taken, 1)


def settled(service: Service, done: Callable[[dict[str, Any]], bool], what: str) -> None:
    """Wait until the state shows ``done`` (the board settles a piece before it counts)."""
    wait_until(lambda: done(service.state()), what)


def new_game(service: Service, body: dict[str, Any]) -> None:
    assert service.post("/api/sim/clear").status_code == 200
    settled(service, lambda state: not state["sensed"], "the board to be cleared")
    response = service.post("/api/new_game", body)
    assert response.status_code == 200, response.text


def place(service: Service, *holes: str) -> None:
    """The simulator's hands place Men in ``holes``, each taken before the next."""
    for hole in holes:
        response = service.post("/api/sim/place", {"hole": hole})
        assert response.status_code == 200, response.text
        settled(service, lambda state: hole in state["board"], f"{hole} to count")  # noqa: B023


HUMANS = [{"kind": "human"}, {"kind": "human"}]
BLUE_LINE = ["B-IV-S", "B-IV-H", "B-IV-D", "B-IV-C"]
RED_MEN = ["R-I-S", "R-II-H", "Y-III-D", "G-IV-C"]


def test_refusals_in_view_and_the_bar_penalty_for_the_right_team(
    browser: Browser, launch_service: Callable[..., Service]
) -> None:
    service = launch_service(config="[board]\nfix_after_s = 0.0\n")
    errors: list[str] = []
    figures: dict[str, Any] = {}
    found: list[Violation] = []
    for size in SIZES:
        new_game(service, {"variant": "lucky", "players": 2, "seats": HUMANS})
        page = open_at(browser, service.url, size, errors)
        watch = LayoutWatch(page, from_load=True)
        times: dict[str, float] = {}
        expect(page.locator("#turn")).to_contain_text("roll the dice")
        expect(page.locator("#undo")).to_be_disabled()
        times["undo"] = refused(page, "#undo", "nothing to take back", stale=True)
        assert service.post("/api/roll", {"faces": "red/I/spades"}).status_code == 200
        expect(page.locator("#roll")).to_be_disabled()
        times["roll"] = refused(page, "#roll", "cannot roll", stale=True)
        place(service, "R-I-S")
        expect(page.locator("#flix")).to_be_enabled()
        times["flix"] = refused(page, "#flix", "nothing to call")
        times["penalty"] = refused(page, "#penalty", "nothing to penalise")
        page.screenshot(path=str(FIGURES / f"refused-{size}.png"))
        found += run_axe(page, f"a refusal at {size}")
        shift = watch.shift()
        assert shift <= 0.01, "\n".join(f"{x.value:.4f} {x.sources}" for x in watch.shifts())
        figures[size] = {"refusal_ms": times, "layout_shift": round(shift, 4)}
        page.context.close()

        # Tac-T-Flix, two people: Blue completes a line and forgets FLIX; Red places, then
        # presses the bar's PENALTY: Red penalises Blue.
        new_game(service, {"variant": "tactflix", "players": 2, "seats": HUMANS})
        page = open_at(browser, service.url, size, errors)
        watch = LayoutWatch(page, from_load=True)
        for red, blue in zip(RED_MEN, BLUE_LINE, strict=True):
            place(service, red, blue)
        place(service, "R-I-H")
        expect(page.locator("#penalty")).to_be_enabled()
        page.locator("#penalty").click()
        turn = page.locator("#turn")
        expect(turn).to_contain_text("Red (player 1) called PENALTY: Blue did not call FLIX")
        expect(turn).to_contain_text("its line; lift these Men: B-IV-S, B-IV-H, B-IV-D, B-IV-C")
        assert in_viewport(page, turn)
        events = service.state()["events"]
        started = max(i for i, e in enumerate(events) if e["type"] == "game_started")
        penalties = [e for e in events[started:] if e["type"] == "penalty"]
        assert [(e["seat"], e["against"]) for e in penalties] == [(0, 1)]
        page.screenshot(path=str(FIGURES / f"penalty-{size}.png"))
        shift = watch.shift()
        assert shift <= 0.01, "\n".join(f"{x.value:.4f} {x.sources}" for x in watch.shifts())
        figures[size]["penalty_layout_shift"] = round(shift, 4)
        page.context.close()

    # The service goes: while the page reconnects, the game's controls are disabled.
    # In German: the refusal and the status in the page's language.
    new_game(service, {"variant": "lucky", "players": 2, "seats": HUMANS})
    page = open_at(browser, service.url, "390x844", errors, "de")
    assert service.post("/api/roll", {"faces": "red/I/spades"}).status_code == 200
    place(service, "R-I-S")
    expect(page.locator("#flix")).to_be_enabled()
    refused(page, "#flix", "nichts zu rufen")
    service.process.terminate()
    service.process.wait(timeout=20)
    expect(page.locator("#connection")).to_have_attribute("data-state", "lost")
    for control in GAME_CONTROLS:
        expect(page.locator(control)).to_be_disabled()
        expect(page.locator(control)).to_have_attribute("aria-describedby", "controls-reason")
    expect(page.locator("#controls-reason")).to_contain_text("verbindet neu")
    page.context.close()
    write_figures("refusals", figures)
    assert errors == []
    assert serious(found) == [], "\n".join(map(str, serious(found)))


SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
QUICK = "[board]\nfix_after_s = 0.0\n[game]\ncomputer_movetime_ms = 50\ncall_window = 0.2\n"


def test_the_computers_penalty_is_explained_where_you_look(
    browser: Browser, launch_service: Callable[..., Service]
) -> None:
    """Against level 5, Red completes a line and forgets FLIX: the computer calls PENALTY after
    its Man, and the turn line (in the viewport, at every size, in German too) says why."""
    service = launch_service(config=QUICK)
    computer = [{"kind": "human"}, {"kind": "computer", "level": 5}]
    new_game(service, {"variant": "lucky", "players": 2, "seed": 1, "seats": computer})
    errors: list[str] = []
    pages = {size: open_at(browser, service.url, size, errors) for size in SIZES}
    german = open_at(browser, service.url, "390x844", errors, "de")
    for suit, name in SUITS.items():
        settled(service, lambda s: s["to_move"] == 0 and s["phase"] == "await_roll", "Red's turn")
        assert service.post("/api/roll", {"faces": f"red/I/{name}"}).status_code == 200
        place(service, f"R-I-{suit}")
    reason = (
        "Blue (Computer, level 5) called PENALTY: Red did not call FLIX for its line; "
        "lift these Men: R-I-S, R-I-H, R-I-D, R-I-C."
    )
    for size, page in pages.items():
        turn = page.locator("#turn")
        expect(turn).to_contain_text(reason, timeout=BOARD_TIMEOUT_MS)
        assert in_viewport(page, turn), size
        page.screenshot(path=str(FIGURES / f"computer-penalty-{size}.png"))
    expect(german.locator("#turn")).to_contain_text("rief PENALTY: Rot hat für seine Reihe")
    for page in [*pages.values(), german]:
        page.context.close()
    assert errors == []


def test_a_board_that_does_not_answer_says_so_first(browser: Browser, tmp_path: Path) -> None:
    """``--board serial`` with nothing on the link: the first screen says that the board does
    not answer at every size; a Pico plugged in is announced, one pulled out said again."""
    errors: list[str] = []
    found: list[Violation] = []
    with searching_service(tmp_path) as service:
        german = open_at(browser, service.url, "390x844", errors, "de")
        expect(german.locator("#turn")).to_contain_text("Das Brett antwortet nicht")
        expect(german.locator("#connection")).to_have_text("kein Brett")
        german.context.close()
        pages = {size: open_at(browser, service.url, size, errors) for size in SIZES}
        for size, page in pages.items():
            turn = page.locator("#turn")
            expect(turn).to_contain_text("The board is not answering")
            assert in_viewport(page, turn), size
            expect(page.locator("#connection")).to_have_text("no board")
            assert in_viewport(page, page.locator("#connection")), size
            for control in ("#roll", "#undo"):
                expect(page.locator(control)).to_be_disabled()
                expect(page.locator(control)).to_have_attribute(
                    "title", "The board is not answering: searching for it."
                )
            seat_penalty = page.locator('#seats button[data-action="penalty"]').first
            expect(seat_penalty).to_have_attribute("aria-describedby", "controls-reason")
            page.screenshot(path=str(FIGURES / f"no-board-{size}.png"))
            found += run_axe(page, f"no board at {size}")
        service.plug_in()
        for page in pages.values():
            # A brief notice, in the viewport while it shows (recorded by the page).
            page.wait_for_function(
                """() => window.__answersSeen.some(
                  ([text, seen]) => text === "The board answers again." && seen)""",
                timeout=BOARD_TIMEOUT_MS,
            )
            expect(page.locator("#connection")).to_have_text("live")
            expect(page.locator("#roll")).to_be_enabled()
            expect(page.locator("#roll")).to_have_attribute("title", "")
            expect(page.locator("#roll")).not_to_have_attribute(
                "aria-describedby", "controls-reason"
            )
        pico = service.picos.pop()
        pico.terminate()
        pico.wait(timeout=30)
        for page in pages.values():
            expect(page.locator("#turn")).to_contain_text(
                "The board is not answering", timeout=BOARD_TIMEOUT_MS
            )
            expect(page.locator("#roll")).to_be_disabled()
        for page in pages.values():
            page.context.close()
    assert errors == []
    assert serious(found) == [], "\n".join(map(str, serious(found)))
