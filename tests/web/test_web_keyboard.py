"""A whole game against the computer played by keyboard alone on each board (the spaceboard's
3-D Tic Tac Toe, Flip 4, Olix), in Chromium against a real ``flixboard run --board sim``: the
person reaches every control and hole with Tab and Shift+Tab only and presses Enter or Space on
it (Roll, each hole of a move, the New-game form); the game's moves happen and the game ends."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flip4_hands import taps_for
from person_play import choose, felt, moved_on, page_agrees, persons_turn, wait, wait_state
from playwright.sync_api import Page, expect
from web_support import Service

QUICK = "[board]\nfix_after_s = 0.0\nsettle_ms = 20\n[game]\ncomputer_movetime_ms = 50\n"
GAMES = {"flix": "qubic", "flip4": "flip4", "olix": "olix"}

TAB_DISTANCE = """target => {
  const stops = [...document.querySelectorAll(
    "a[href], button, input, select, textarea, [tabindex]")].filter(e =>
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


def tab_to(page: Page, target: str) -> None:
    """Move the focus to ``target`` with Tab or Shift+Tab only."""
    for _ in range(3):
        distance: int | None = page.evaluate(TAB_DISTANCE, target)
        assert distance is not None, f"{target} is not in the tab order"
        key = "Tab" if distance > 0 else "Shift+Tab"
        for _ in range(abs(distance)):
            page.keyboard.press(key)
        if page.evaluate("t => document.activeElement === document.querySelector(t)", target):
            return
    raise AssertionError(f"Tab does not reach {target}")


def spot(name: str) -> str:
    return f'#board [data-hole="{name}"], #board [data-cell="{name}"]'


def press_on(page: Page, target: str, key: str = "Enter") -> None:
    tab_to(page, target)
    page.keyboard.press(key)


@pytest.mark.parametrize("geometry", GAMES)
def test_a_whole_game_by_keyboard_alone(
    geometry: str, launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    service = launch_service(config=QUICK, geometry=geometry)
    page = open_page(service, viewport={"width": 1280, "height": 800})
    game = GAMES[geometry]
    # The New-game form by keyboard: the game, the second seat the computer, Start new game.
    tab_to(page, "#variant")
    values: list[str] = page.locator("#variant option").evaluate_all("os => os.map(o => o.value)")
    for _ in range(values.index(game)):
        page.keyboard.press("ArrowDown")
    expect(page.locator("#variant")).to_have_value(game)
    who = '#setup .setup-seat[data-seat="1"] select'
    tab_to(page, who)
    page.keyboard.press("ArrowDown")
    expect(page.locator(who).first).to_have_value("computer")
    press_on(page, "#new-game", "Space")
    expect(page.locator("#message")).to_contain_text("New game of")
    wait(lambda: service.state()["variant"] == game, "the new game")
    assert [seat["kind"] for seat in service.state()["seats"]] == ["human", "computer"]

    moves = 0
    keys = ["Enter", " "]
    while (state := wait_state(service, persons_turn, "the turn"))["phase"] != "game_over":
        assert moves < 200, "the game does not end"
        if state["phase"] == "await_fix":  # nothing the person does here asks for a fix
            wait_state(service, lambda s: s["phase"] != "await_fix", "the board matching the game")
            continue
        if state["phase"] == "await_roll":
            events = state["events"]
            expect(page.locator("#roll")).to_be_enabled()
            press_on(page, "#roll", keys[moves % 2])
            wait(lambda events=events: service.state()["events"] != events, "the roll")
        else:
            before = (state["phase"], state["board"])
            names = taps_for(state)[1] if geometry == "flip4" else [choose(state)]
            for name in names:
                held = name in (state["sensed"] or {})
                press_on(page, spot(name), keys[moves % 2])
                wait(lambda name=name, held=held: felt(service, name) != held, f"the key on {name}")
                page_agrees(page, service, name)
                state = service.state()
            wait(lambda before=before: moved_on(service.state(), before), "the move")
            moves += 1
    assert moves >= 4
    record = service.client.get("/api/games").json()["games"][0]
    assert record["variant"] == game
    assert len(record["players"]) == 2
    ending = "wins!" if state["winner"] is not None else "draw"
    expect(page.locator("#turn")).to_contain_text(ending)
