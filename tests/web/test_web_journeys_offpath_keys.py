"""Journey off the beaten path: a whole game of Lucky Flix against the computer by keyboard
alone on a 390x844 phone, the same phone turned (844x390) and a 1280x800 screen, in Chromium
against a real ``flixboard run --board sim``. At each step the focus is where the person sees
it: on a control (never the page body), drawn with its focus ring, inside the viewport and clear
of the fixed action bar."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from keyboard_play import Keyboard, focus_problem, play_by_keyboard, start_by_keyboard
from playwright.sync_api import Page, expect
from web_support import Service

pytestmark = [pytest.mark.browser, pytest.mark.live]

QUICK = (
    "[board]\nfix_after_s = 0.0\nsettle_ms = 20\n"
    "[game]\ncomputer_movetime_ms = 50\ncall_window = 0.2\n"
)
SIZES = {"phone": (390, 844), "landscape": (844, 390), "desktop": (1280, 800)}


@pytest.mark.parametrize("size", SIZES)
def test_a_whole_lucky_flix_game_by_keyboard_with_the_focus_in_sight(
    size: str, launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    width, height = SIZES[size]
    service = launch_service(config=QUICK)
    page = open_page(service, viewport={"width": width, "height": height})
    keyboard = Keyboard(page, "flix")
    start_by_keyboard(keyboard, service, "lucky")
    assert focus_problem(page) is None, "after Start new game"
    state = play_by_keyboard(keyboard, service)
    assert keyboard.problems == [], keyboard.problems
    assert keyboard.moves >= 3
    print(f"\nlucky at {width}x{height}: {keyboard.keys} keys, {keyboard.moves} moves")
    expect(page.locator("#turn")).to_contain_text(
        "wins!" if state["winner"] is not None else "draw"
    )
    # The game is over: Next game is the way on, and the keyboard reaches it.
    expect(page.locator("#after-next")).to_be_visible()
    keyboard.tab_to("#after-next")
    assert focus_problem(page) is None, "on Next game"
