"""A whole Flip 4 game of 4 players played through the page in Chromium against a real
``flixboard run --board sim --geometry flip4``, from the new-game form on an empty board to a
four in a row.

Every throw is the page's Roll button (the game's seed makes the throws the same each run);
every piece is moved by tapping squares of the page's Flip 4 view, as hands move pieces on the
simulated board (flip4_hands.py). Each turn the first move the API allows is played. Seed 34
is chosen because that game is short (47 throws, Green wins, about 35 s here) and still has
every kind of move in part 2: steps, flips, and a jump through a corner landing on an opponent.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flip4_hands import CORNERS, FELT_ON_PAGE, holds, settled, square, taps_for
from playwright.sync_api import Page, expect
from web_support import Service

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

SEED = 34


def test_a_whole_four_player_game_through_the_page(
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
) -> None:
    service = launch_service(geometry="flip4")
    page = open_page(service)
    page.select_option("#variant", "flip4")
    page.select_option("#players", "4")
    page.fill("#seed", str(SEED))
    page.click("#new-game")
    # The board's first game shows the same turn line: the new game is the one answered.
    expect(page.locator("#message")).to_contain_text("New game of Flip 4 for 4 players")
    expect(page.locator("#turn")).to_contain_text("Flip 4: Red (player 1): roll the dice")
    state = service.state()
    assert state["board"] == {} and state["players"] == 4

    kinds: set[str] = set()
    throws = 0
    while state["phase"] != "game_over":
        assert throws < 200, "the seeded game does not end"
        if state["phase"] == "await_roll":
            expect(page.locator("#roll")).to_be_enabled()
            events = state["events"]
            page.click("#roll")
            wait_until(lambda events=events: service.state()["events"] != events)
            throws += 1
            state = service.state()
            continue
        kind, taps = taps_for(state)
        kinds.add(kind)
        for name in set(taps) & set(state["allowed"]):  # the page lights what the dice allow
            expect(square(page, name)).to_have_class(re.compile(r"\ballowed\b"))
        before = (state["phase"], state["board"])
        for name in taps:
            felt = holds(state, name)
            square(page, name).click()
            wait_until(lambda name=name, felt=felt: holds(service.state(), name) != felt)
            page.wait_for_function(FELT_ON_PAGE, arg=[name, not felt])
            state = service.state()
        wait_until(lambda before=before: settled(service.state(), before))
        state = service.state()

    assert kinds == {"place", "step", "flip", "corner", "jump-flip"}
    winner = state["winner"]
    assert winner is not None and state["draw"] is False
    expect(page.locator("#turn")).to_contain_text(f"{state['team_names'][winner]} wins!")
    [[team, line]] = state["scored_lines"]
    assert team == winner and len(line) == 4 and not CORNERS & set(line)
    for name in line:
        expect(square(page, name)).to_have_attribute("data-scored", str(winner))
        assert state["board"][name]["team"] == winner
    kept = service.client.get("/api/games").json()["games"]
    assert kept[0]["variant"] == "flip4" and len(kept[0]["players"]) == 4
    assert kept[0]["result"] == {"outcome": "win", "team": winner, "reason": "line"}
