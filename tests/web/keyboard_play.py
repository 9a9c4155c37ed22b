"""A whole game against the computer played by keyboard alone, every key counted: Tab and
Shift+Tab between controls, the arrow keys between the holes of a board (one Tab stop), Enter or
Space on what is focused. After each move the focus is checked: on a control, drawn as focused
and inside the viewport, clear of the fixed action bar (``focus_problem``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flip4_hands import taps_for
from person_play import choose, felt, moved_on, page_agrees, persons_turn, wait_state
from playwright.sync_api import Page, expect
from web_support import Service

from tests.waiting import wait_until

TAB_DISTANCE = """target => {
  const stops = [...document.querySelectorAll(
    "a[href], button, input, select, textarea, summary, [tabindex]")].filter(e =>
    e.tabIndex >= 0 && !e.disabled && !e.closest("[hidden], [inert], dialog:not([open])")
    && e.getClientRects().length > 0);
  const here = stops.indexOf(document.activeElement);
  const there = stops.indexOf(document.querySelector(target));
  if (there < 0) return null;
  const ahead = (there - here + stops.length) % stops.length;
  return ahead <= stops.length - ahead ? ahead : ahead - stops.length;
}"""
"""How many Tabs (negative: Shift+Tabs) from the focused element to ``target``, the shorter
way round the page's tab order."""

FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const r = e.getBoundingClientRect();
  const bar = document.getElementById("action-bar");
  const style = getComputedStyle(e);
  return {
    name: e.dataset.hole ?? e.dataset.cell ?? e.id,
    visible: e.matches(":focus-visible") && style.outlineStyle !== "none"
      && parseFloat(style.outlineWidth) > 0,
    top: r.top, bottom: r.bottom, left: r.left, right: r.right,
    width: innerWidth, height: innerHeight,
    barTop: bar.contains(e) ? innerHeight : bar.getBoundingClientRect().top,
  };
}"""

CURRENT_CELL = "#board [data-hole][tabindex='0'], #board [data-cell][tabindex='0']"
GAMES = {"qubic": "flix", "lucky": "flix", "flip4": "flip4", "olix": "olix"}
"""The games played by keyboard, and the board each is played on."""


def focus_problem(page: Page) -> str | None:
    """Why the focus is not where a person sees it, or ``None``."""
    seen: dict[str, Any] | None = page.evaluate(FOCUSED)
    if seen is None:
        return "the focus fell to the page body"
    if not seen["visible"]:
        return f"{seen['name']} has the focus without a visible ring"
    inside = (
        seen["top"] >= 0
        and seen["left"] >= 0
        and seen["right"] <= seen["width"]
        and seen["bottom"] <= seen["barTop"]
    )
    return None if inside else f"{seen['name']} is focused outside the viewport: {seen}"


@dataclass
class Keyboard:
    """The person's keyboard on ``page``: every key pressed is counted in ``keys``."""

    page: Page
    geometry: str
    keys: int = 0
    moves: int = 0
    problems: list[str] = field(default_factory=list)

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)
            self.keys += 1

    def tab_to(self, target: str) -> None:
        """The focus to ``target`` with Tab or Shift+Tab only."""
        for _ in range(3):
            distance: int | None = self.page.evaluate(TAB_DISTANCE, target)
            assert distance is not None, f"{target} is not in the tab order"
            self.press("Tab" if distance > 0 else "Shift+Tab", abs(distance))
            if self.page.evaluate(
                "t => document.activeElement === document.querySelector(t)", target
            ):
                return
        raise AssertionError(f"Tab does not reach {target}")

    def position(self, name: str) -> tuple[int, int]:
        """The hole's row and column on the board as the arrow keys walk it."""
        if self.geometry == "flix":
            layout = self.page.locator("#board").get_attribute("data-layout")
            assert layout is not None, "the board names its layout"
            panels, suits = layout.split("-")
            panel, floor, suit = name.split("-")
            row = ["IV", "III", "II", "I"].index(floor)
            return row, panels.index(panel) * len(suits) + suits.index(suit)
        return int(name[1:]) - 1, ord(name[0]) - ord("a")

    def on_board(self) -> str | None:
        """The hole or cell of the board that has the focus, if one has."""
        name: str | None = self.page.evaluate(
            "() => document.activeElement?.closest('#board') ? "
            "(document.activeElement.dataset.hole ?? document.activeElement.dataset.cell) : null"
        )
        return name

    def play_hole(self, name: str, key: str) -> None:
        """Arrow keys from the focused hole to ``name`` (Tab to the board first), then ``key``."""
        here = self.on_board()
        if here is None:
            self.tab_to(CURRENT_CELL)
            here = self.on_board()
            assert here is not None
        (row, column), (to_row, to_column) = self.position(here), self.position(name)
        self.press("ArrowDown" if to_row > row else "ArrowUp", abs(to_row - row))
        self.press("ArrowRight" if to_column > column else "ArrowLeft", abs(to_column - column))
        assert self.on_board() == name, f"the arrow keys reached {self.on_board()}, not {name}"
        self.press(key)

    def check_focus(self) -> None:
        problem = focus_problem(self.page)
        if problem:
            self.problems.append(f"move {self.moves}: {problem}")


def start_by_keyboard(keyboard: Keyboard, service: Service, game: str) -> None:
    """The New-game form by keyboard: the game, the second seat the computer, lines that score
    at once where the game calls them, Start new game."""
    page = keyboard.page
    keyboard.tab_to("#variant")
    values: list[str] = page.locator("#variant option").evaluate_all("os => os.map(o => o.value)")
    current = values.index(page.locator("#variant").input_value())
    steps = values.index(game) - current
    keyboard.press("ArrowDown" if steps > 0 else "ArrowUp", abs(steps))
    expect(page.locator("#variant")).to_have_value(game)
    who = '#setup .setup-seat[data-seat="1"] select'
    keyboard.tab_to(who)
    keyboard.press("ArrowDown")
    expect(page.locator(who).first).to_have_value("computer")
    if page.locator("#auto-call").is_visible() and not page.locator("#auto-call").is_checked():
        keyboard.tab_to("#auto-call")
        keyboard.press("Space")
    keyboard.tab_to("#new-game")
    keyboard.press("Space")
    expect(page.locator("#message")).to_contain_text("New game of")
    wait_until(lambda: service.state()["variant"] == game, "the new game")
    assert [seat["kind"] for seat in service.state()["seats"]] == ["human", "computer"]


def play_by_keyboard(keyboard: Keyboard, service: Service) -> dict[str, Any]:
    """Play the person's seat to the end of the game; the last state."""
    page = keyboard.page
    keys = ["Enter", " "]
    while (state := wait_state(service, persons_turn, "the turn"))["phase"] != "game_over":
        assert keyboard.moves < 200, "the game does not end"
        if state["phase"] == "await_fix":  # nothing the person does here asks for a fix
            wait_state(service, lambda s: s["phase"] != "await_fix", "the board matching the game")
            continue
        key = keys[keyboard.moves % 2]
        if state["phase"] == "await_roll":
            events = state["events"]
            expect(page.locator("#roll")).to_be_enabled()
            if page.evaluate("document.activeElement?.id") != "roll":
                keyboard.tab_to("#roll")
            keyboard.press(key)
            wait_until(lambda events=events: service.state()["events"] != events, "the roll")
            # The page has drawn the roll: Roll is disabled (the focus went on to the board),
            # or the same seat rolls again.
            wait_until(
                lambda: (
                    page.locator("#roll").is_disabled() or service.state()["phase"] == "await_roll"
                ),
                "the page drawing the roll",
            )
        else:
            before = (state["phase"], state["board"])
            names = taps_for(state)[1] if keyboard.geometry == "flip4" else [choose(state)]
            for name in names:
                held = name in (state["sensed"] or {})
                keyboard.play_hole(name, key)
                wait_until(
                    lambda name=name, held=held: felt(service, name) != held, f"the key on {name}"
                )
                page_agrees(page, service, name)
                state = service.state()
            wait_until(lambda before=before: moved_on(service.state(), before), "the move")
            keyboard.moves += 1
        keyboard.check_focus()
    return state
