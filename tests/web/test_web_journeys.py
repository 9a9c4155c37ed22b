"""Every game played through the page as a person plays it, on a phone (390x844) and a desktop
(1280x800), against a real ``flixboard run --board sim`` of its board: start a game against the
computer from the New-game form, take a hint and play it, undo, play on to the end (tapping the
holes or cells the page lights; the computer plays its seat with the simulator's hands), look at
the game in the history and replay it, clear the board, start the next game.

Each journey writes its figures (layout shifts from the page's load on, holes that moved,
axe-core's findings on the screens test_web_accessibility.py does not reach: the finished game
and the replay at its end; the problems met on the way) and a screenshot of each step to
build/journeys/<game>-<size>/, and asserts them: cumulative layout shift over the whole journey
at most 0.01, no hole or cell box moved during play, no serious or critical axe violation,
nothing met that a person would not expect. One service per board serves every journey on it,
at the quickest settings (settle 20 ms, the computer thinking 50 ms at level 1, lines scoring
at once).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from axe_support import Violation, run_axe, serious
from flip4_hands import taps_for
from layout_watch import LayoutWatch
from person_play import (
    COMPUTER,
    PERSON,
    PLAY_PHASES,
    choose,
    felt,
    moved_on,
    page_agrees,
    persons_turn,
    wait_state,
)
from playwright.sync_api import Browser, Locator, Page, expect
from web_support import REPO, Screen, Service, shown_live, start_service, stop_service

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

GAMES = {
    "lucky": "flix",
    "qubic": "flix",
    "payoff": "flix",
    "tactflix": "flix",
    "flip4": "flip4",
    "olix": "olix",
}
"""Each game and the board (``--geometry``) it is played on."""
NAMES = {
    "lucky": "Lucky Flix",
    "qubic": "3-D Tic Tac Toe",
    "payoff": "Pay-Off Flix",
    "tactflix": "Tac-T-Flix",
    "flip4": "Flip 4",
    "olix": "Olix",
}
SIZES: dict[str, Screen] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
QUICK = "[board]\nfix_after_s = 0.0\nsettle_ms = 20\n[game]\ncomputer_movetime_ms = 50\n"
OUT = REPO / "build" / "journeys"
SEED = 7
CLS_LIMIT = 0.01
UNDO_TIMEOUT_S = 10.0
TAP_TIMEOUT_S = 10.0
HISTORY_TIMEOUT_MS = 5_000
BOARD = "#board [data-hole], #board [data-cell]"
"""The live board's holes (the spaceboard, Flip 4) or cells (Olix)."""


@pytest.fixture(scope="module")
def services(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Service]]:
    """One service per board, started when a journey first needs it, shared by the others."""

    class Boards(dict[str, Service]):
        def __missing__(self, geometry: str) -> Service:
            folder = tmp_path_factory.mktemp(f"journey-{geometry}")
            self[geometry] = start_service(folder, config=QUICK, geometry=geometry)
            return self[geometry]

    boards = Boards()
    yield boards
    for service in boards.values():
        stop_service(service)


@dataclass
class Journey:
    """One person's way through one game on one screen size, and what was seen on the way."""

    game: str
    service: Service
    page: Page
    name: str
    watch: LayoutWatch | None = None
    """The layout shifts from the page's load on, the boxes from the game's start on."""
    found: list[Violation] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    shots: int = 0
    cls_at: list[tuple[str, float, float]] = field(default_factory=list)
    """(step, cumulative layout shift so far, seconds since the journey began) at each step."""
    began: float = field(default_factory=time.monotonic)
    person_moves: int = 0

    @property
    def folder(self) -> Path:
        return OUT / self.name

    def check(self, ok: bool, problem: str) -> bool:
        """Note what a person would not expect, and go on as the page lets them."""
        if not ok:
            self.problems.append(problem)
        return ok

    @property
    def watched(self) -> LayoutWatch:
        assert self.watch is not None, "the game has not begun"
        return self.watch

    @property
    def holes(self) -> list[str]:
        """The names of the board's holes or cells."""
        return list(self.watched.first)

    def mark(self, what: str) -> None:
        elapsed = round(time.monotonic() - self.began, 1)
        shift = round(self.watch.cls(), 4) if self.watch else 0.0
        self.cls_at.append((what, shift, elapsed))

    def shot(self, what: str) -> None:
        self.shots += 1
        self.mark(what)
        self.page.screenshot(path=self.folder / f"{self.shots:02d}-{what}.png")

    def look(self, screen: str) -> None:
        """axe over the screen, and a picture of it."""
        self.found += run_axe(self.page, screen)
        self.shot(screen.replace(" ", "-"))

    def state(self) -> dict[str, Any]:
        return self.service.state()

    def still(self, when: str) -> None:
        """Every hole or cell is where it was when the game began."""
        self.watched.snap(when)

    def spot(self, name: str) -> Locator:
        return self.page.locator(f'#board [data-hole="{name}"], #board [data-cell="{name}"]')

    def tap(self, name: str) -> None:
        """Tap a hole: the simulator's hands put a piece there or lift the one there."""
        held = felt(self.service, name)
        self.spot(name).click()
        wait_until(lambda: felt(self.service, name) != held, f"the tap on {name}", TAP_TIMEOUT_S)
        page_agrees(self.page, self.service, name)

    def fix_words(self) -> list[str]:
        """What the page says to fix, as the state has it ([] once nothing is to fix)."""
        state = self.state()
        if state["phase"] != "await_fix" or state["computer_move"] is not None:
            return []
        fix = state["fix"] or []
        return [fix] if isinstance(fix, str) else list(fix)

    def fix_board(self) -> None:
        """Do what the page's words ask to make the board match the game, once the page shows
        them (a board the computer's hands are still putting right needs nothing): each hole
        they name is tapped (a piece the game does not have is lifted, a missing one put back);
        after a take-back only the holes of the latest move taken back (``fix_order``'s
        ``now``), as the page asks."""
        shown = self.page.locator("#fix")

        def read() -> bool:
            said = self.fix_words()
            return not said or said[0] in shown.inner_text()

        wait_until(read, "the page saying what to fix")
        said = self.fix_words()
        if not said:
            return
        words = " ".join(said)
        names = [name for name in self.holes if re.search(rf"\b{re.escape(name)}\b", words)]
        assert names, f"no hole named in the fix words: {words!r}"
        order = self.state().get("fix_order")
        if order:
            now = [name for name in names if name in order["now"]]
            self.check(bool(now), f"the fix words {words!r} name none of {order['now']}")
            names = now or names
        for name in names:
            if re.search(rf"\b{re.escape(name)}\b", " ".join(self.fix_words())):
                self.tap(name)  # unless the hands put it right meanwhile


def act(journey: Journey, state: dict[str, Any]) -> None:
    """The person's next action in ``state`` (the person's turn): roll, fix the board, or move
    as the page lights it."""
    page = journey.page
    phase = state["phase"]
    if phase == "await_fix":
        journey.fix_board()
    elif phase == "await_roll":
        expect(page.locator("#roll")).to_be_enabled()
        page.click("#roll")
        wait_until(lambda: journey.state()["events"] != state["events"], "the roll")
    elif phase in ("substitute", "withdraw"):
        # The Man lifted for a Burocrat first (its hole still marked), else the first marked.
        lifted = page.locator("#board .lift.missing")
        marked = lifted if lifted.count() else page.locator("#board .lift, #board .fix")
        journey.tap(str(marked.first.get_attribute("data-hole")))
    elif journey.game == "flip4":
        before = (state["phase"], state["board"])
        for name in taps_for(state)[1]:
            journey.tap(name)
        wait_until(lambda: moved_on(journey.state(), before), "the move")
        journey.person_moves += 1
    else:
        name = choose(state)
        expect(journey.spot(name)).to_have_class(re.compile(r"\ballowed\b"))
        journey.tap(name)
        journey.person_moves += 1


def play_to_the_end(journey: Journey) -> None:
    while True:
        state = wait_state(journey.service, persons_turn, "the computer's move")
        journey.still("play")
        if state["phase"] == "game_over":
            return
        assert journey.person_moves < 200, "the game does not end"
        act(journey, state)


def pick(select: Locator, value: str) -> None:
    """Choose an option of a select with the arrow keys, as a person does (a trusted input, so
    the layout shifts it causes count as expected ones)."""
    values: list[str] = select.evaluate("s => [...s.options].map(o => o.value)")
    select.focus()
    for _ in range(len(values)):
        now = values.index(select.input_value())
        if now == values.index(value):
            return
        select.press("ArrowDown" if now < values.index(value) else "ArrowUp")
    raise AssertionError(f"cannot pick {value!r} from {values}")


def start_from_the_form(journey: Journey) -> None:
    """The New-game form: the game, two players, the second seat the computer at level 1,
    lines scoring at once where the game has calls, a seed; then Start new game."""
    page = journey.page
    form = page.locator("#setup")
    form.scroll_into_view_if_needed()
    pick(page.locator("#variant"), journey.game)
    pick(page.locator("#players"), "2")
    row = form.locator(f'.setup-seat[data-seat="{COMPUTER}"]')
    pick(row.get_by_label(re.compile("^Who plays")), "computer")
    pick(row.get_by_label(re.compile("^Computer level")), "1")
    if page.locator("#auto-call").is_visible():
        page.check("#auto-call")
    page.fill("#seed", str(SEED))
    events = journey.state()["events"][-1:]
    page.click("#new-game")
    expect(page.locator("#message")).to_contain_text("New game of")
    wait_until(lambda: journey.state()["events"][-1:] != events, "the new game")
    state = journey.state()
    assert state["variant"] == journey.game and state["board"] == {}
    assert [seat["kind"] for seat in state["seats"]] == ["human", "computer"]


def hint_then_undo(journey: Journey) -> None:
    """Ask for a hint, play the hinted move, let the computer answer, then Undo: the person's
    move and the computer's answer are taken back (the page says which pieces to lift, the
    latest move's first) and the computer waits for the person's next move, as the turn line
    says."""
    page = journey.page
    state = wait_state(journey.service, persons_turn, "the first turn")
    if state["phase"] == "await_roll":
        act(journey, state)
    before = journey.state()["board"]
    page.click("#hint")
    expect(page.locator("#hint-text")).to_be_visible()
    words = page.locator("#hint-text").inner_text()
    named = [name for name in journey.holes if re.search(rf"\b{re.escape(name)}\b", words)]
    assert len(named) == 1, f"the hint names no one hole: {words!r}"
    [name] = named
    journey.check(
        journey.spot(name).evaluate("e => e.classList.contains('hint')"),
        f"the hinted {name} is not marked on the board",
    )
    journey.shot("hint")
    journey.tap(name)
    wait_state(journey.service, persons_turn, "the computer's answer")
    journey.still("after the hinted move")
    journey.check(journey.state()["actions"]["undo"], "Undo is not offered after a move")
    page.click("#undo")
    journey.shot("undo")

    def taken_back() -> bool:
        state = journey.state()
        if state["phase"] == "await_fix":
            journey.fix_board()
            return False
        return (
            state["board"] == before
            and set(state["sensed"] or {}) == set(before)
            and state["to_move"] == PERSON
            and state["phase"] in PLAY_PHASES
        )

    try:
        wait_until(taken_back, "Undo taking back the person's move", UNDO_TIMEOUT_S)
    except AssertionError:
        journey.check(
            False,
            f"Undo against the computer did not take back the person's move {name}: the board "
            f"holds {sorted(journey.state()['board'])}, before the move {sorted(before)}",
        )
    journey.check(journey.state()["computer_waits"], "after Undo the computer does not wait")
    journey.check(
        "the computer waits until you have moved" in page.locator("#turn").inner_text(),
        "after Undo the page does not say that the computer waits",
    )
    journey.still("after Undo")


def kept_games(service: Service) -> int:
    total: int = service.client.get("/api/games").json()["total"]
    return total


def history_and_replay(journey: Journey, kept_before: int) -> None:
    """The finished game, once kept, is the first in the history; its replay runs to its end."""
    page = journey.page
    wait_until(lambda: kept_games(journey.service) > kept_before, "the game kept")
    page.locator("#history").scroll_into_view_if_needed()
    first = page.locator("#history-list li").first
    try:
        expect(first).to_contain_text(NAMES[journey.game], timeout=HISTORY_TIMEOUT_MS)
    except AssertionError:
        journey.check(False, "the history, come into view, does not list the game just kept")
        page.click("#history-show")  # read the list again
        expect(first).to_contain_text(NAMES[journey.game])
    journey.shot("history")
    first.get_by_role("button").click()
    expect(page.locator("#history-replay")).to_be_visible()
    expect(page.locator("#replay-step")).to_be_enabled()  # the game has arrived
    steps = int(page.locator("#replay-step").get_attribute("max") or "0")
    assert steps > 0
    page.locator("#replay-step").focus()
    page.keyboard.press("End")
    expect(page.locator("#replay-move")).to_contain_text(f"Step {steps} of {steps}")
    journey.look("replay")
    page.click("#replay-close")
    expect(page.locator("#history-replay")).to_be_hidden()


def clear_and_start_the_next(journey: Journey) -> None:
    """After the game the after-game box, in the first screen, offers Next game; it clears the
    simulated board and the next game begins with the same players, without the finished game's
    banner."""
    page = journey.page
    page.evaluate("window.scrollTo(0, 0)")
    ask = page.locator("#after-next")
    expect(ask).to_have_text("Next game")
    expect(ask).to_be_enabled()
    bottom = ask.evaluate("e => e.getBoundingClientRect().bottom")
    journey.check(
        bottom <= page.viewport_size["height"] if page.viewport_size else False,
        "after the game, Next game is not in the first screen",
    )
    journey.shot("after-the-game")
    events = journey.state()["events"][-1:]
    ask.click()
    wait_until(lambda: journey.state()["events"][-1:] != events, "the next game")
    wait_until(lambda: journey.state()["phase"] != "game_over", "the next game")
    expect(page.locator("#after-game")).to_be_hidden()
    expect(page.locator("#banner")).to_be_hidden()
    state = journey.state()
    assert state["variant"] == journey.game and not state["sensed"]
    assert [seat["kind"] for seat in state["seats"]] == ["human", "computer"]
    journey.shot("next-game")


def figures(journey: Journey, seconds: float) -> dict[str, Any]:
    return {
        "game": journey.game,
        "seconds": round(seconds, 1),
        "person_moves": journey.person_moves,
        "cls": journey.watch.cls() if journey.watch else None,
        "cls_at": journey.cls_at,
        "shifts": [
            {"value": round(shift.value, 4), "sources": list(shift.sources)}
            for shift in (journey.watch.shifts() if journey.watch else [])
            if not shift.recent
        ],
        "moved": [
            [move.label, move.target, list(move.first), list(move.now)]
            for move in (journey.watch.moves() if journey.watch else [])
        ],
        "axe": [str(item) for item in journey.found],
        "axe_serious": [str(item) for item in serious(journey.found)],
        "problems": journey.problems,
    }


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_a_game_as_a_person_plays_it(
    game: str, size: str, services: dict[str, Service], browser: Browser
) -> None:
    service = services[GAMES[game]]
    context = browser.new_context(**SIZES[size])
    context.on("dialog", lambda dialog: dialog.accept())  # a confirmation asked: yes
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    journey = Journey(game, service, page, f"{game}-{size}")
    journey.folder.mkdir(parents=True, exist_ok=True)
    for old in journey.folder.glob("*.png"):
        old.unlink()
    try:
        page.goto(service.url + "/")
        shown_live(page)
        expect(page.locator(BOARD).first).to_be_visible()
        journey.mark("loaded")
        if service.state()["sensed"]:
            page.click("#clear-board")
            wait_until(lambda: not service.state()["sensed"], "the board cleared")
        start_from_the_form(journey)
        page.evaluate("window.scrollTo(0, 0)")
        journey.watch = LayoutWatch(page, BOARD, from_load=True)
        journey.shot("new-game")
        hint_then_undo(journey)
        journey.mark("taken back")
        kept_before = kept_games(service)  # the game the new one replaced is kept by now
        play_to_the_end(journey)
        expect(page.locator("#turn")).to_contain_text(re.compile(r"wins!|draw"))
        journey.look("game over")
        history_and_replay(journey, kept_before)
        clear_and_start_the_next(journey)
    finally:
        result = figures(journey, time.monotonic() - journey.began)
        (journey.folder / "figures.json").write_text(json.dumps(result, indent=1) + "\n")
        context.close()
    assert errors == [], errors
    assert result["cls"] is not None, "the game did not begin"
    assert result["cls"] <= CLS_LIMIT, f"cumulative layout shift {result['cls']:.4f}"
    assert result["moved"] == [], f"holes moved during play: {result['moved']}"
    assert result["axe_serious"] == [], "\n".join(result["axe_serious"])
    assert result["problems"] == [], "\n".join(result["problems"])
