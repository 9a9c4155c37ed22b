"""A whole game against the computer played by keyboard alone on each board (the spaceboard's
3-D Tic Tac Toe and Lucky Flix, Flip 4, Olix), in Chromium against a real ``flixboard run
--board sim``: the board is one Tab stop whose holes the arrow keys walk (a WAI-ARIA grid),
Enter or Space plays the focused hole, Roll and the New-game form are reached with Tab and
Shift+Tab; the focus stays where the person sees it, and the keys are counted (the figures in
docs/web-page.md, Keyboard: ``-s`` prints them)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from keyboard_play import GAMES, Keyboard, play_by_keyboard, start_by_keyboard
from playwright.sync_api import Page, expect
from web_support import Service

pytestmark = [pytest.mark.browser, pytest.mark.live]

QUICK = "[board]\nfix_after_s = 0.0\nsettle_ms = 20\n[game]\ncomputer_movetime_ms = 50\n"
ARROWS_ACROSS = {"flix": 4 + 16, "flip4": 5 + 5, "olix": 11 + 11}
"""The most arrow keys from one hole to another: the board's rows plus its columns."""

GRID_KEYS = """(board) => {
  const cells = [...board.querySelectorAll("[data-hole], [data-cell]")];
  const first = cells.find((c) => c.tabIndex === 0);
  return { stops: cells.filter((c) => c.tabIndex === 0).length,
           grids: board.querySelectorAll("[role=grid]").length,
           first: first.dataset.hole ?? first.dataset.cell };
}"""


@pytest.mark.parametrize("game", ["qubic", "flip4", "olix"])
def test_a_whole_game_by_keyboard_alone(
    game: str, launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    geometry = GAMES[game]
    service = launch_service(config=QUICK, geometry=geometry)
    page = open_page(service, viewport={"width": 1280, "height": 800})
    expect(page.locator("body")).to_have_attribute("data-drawn", "")  # a flat board's own view
    board = page.locator("#board")
    grid = board.evaluate(GRID_KEYS)
    assert grid["stops"] == 1, "the board is one Tab stop"
    assert grid["grids"] == (4 if geometry == "flix" else 1)
    keyboard = Keyboard(page, geometry)
    start_by_keyboard(keyboard, service, game)
    started = keyboard.keys
    state = play_by_keyboard(keyboard, service)
    assert keyboard.problems == []
    assert keyboard.moves >= 4
    per_move = (keyboard.keys - started) / keyboard.moves
    print(
        f"\n{game}: {keyboard.keys} keys ({started} for the New-game form), "
        f"{keyboard.moves} moves, {per_move:.1f} keys a move"
    )
    # A move is at most a roll reached from the board, a walk across the board and Enter.
    assert per_move <= 4 + ARROWS_ACROSS[geometry] + 1
    record = service.client.get("/api/games").json()["games"][0]
    assert record["variant"] == game and len(record["players"]) == 2
    ending = "wins!" if state["winner"] is not None else "draw"
    expect(page.locator("#turn")).to_contain_text(ending)


def test_the_arrow_keys_walk_the_panels_and_roll_hands_the_focus_to_the_board(
    launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    """Defects: every hole was a Tab stop (106 Tabs from the top to Roll); after Enter on Roll
    the focus fell to the page body."""
    service = launch_service(config='[game]\nvariant = "lucky"\n')
    page = open_page(service, viewport={"width": 390, "height": 844})
    keyboard = Keyboard(page, "flix")
    keyboard.tab_to("#roll")
    assert keyboard.keys <= 4, f"{keyboard.keys} Tabs from the top to Roll"
    keyboard.press("Enter")
    expect(page.locator("#roll")).to_be_disabled()
    lit = page.locator("#board .hole.allowed").first.get_attribute("data-hole")
    page.wait_for_function("() => document.activeElement?.dataset.hole !== undefined")
    assert keyboard.on_board() == lit, "after Roll the focus is on the first lit hole"
    walk = [("ArrowRight", 0, 1), ("ArrowDown", 1, 0), ("ArrowLeft", 0, -1), ("ArrowUp", -1, 0)]
    for key, rows, columns in walk:
        here = keyboard.position(keyboard.on_board() or "")
        keyboard.press(key)
        there = keyboard.position(keyboard.on_board() or "")
        assert there in ((here[0] + rows, here[1] + columns), here), (key, here, there)
    page.focus('#board [data-hole="R-IV-C"]')
    keyboard.press("ArrowRight")  # from the Red panel's last section to the Yellow panel's first
    assert keyboard.on_board() == "Y-IV-S"
    keyboard.press("PageDown")
    assert keyboard.on_board() == "G-IV-S"
    keyboard.press("End")
    assert keyboard.on_board() == "B-IV-C"
    keyboard.press("Home")
    assert keyboard.on_board() == "R-IV-S"
    keyboard.press("Control+End")
    assert keyboard.on_board() == "B-I-C"
    stops = page.locator("#board [data-hole]").evaluate_all(
        "hs => hs.filter(h => h.tabIndex === 0).length"
    )
    assert stops == 1
    keyboard.press("Shift+Tab")  # from the board to the last usable control before it
    assert page.evaluate("document.activeElement.closest('#action-bar, .top') !== null")
    # The 3-D view is one Tab stop too: its current hole, not the picture around it as well.
    page.focus('#cube [data-cube-hole][tabindex="0"]')
    keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.closest('#cube') === null")
