"""A whole Flip 4 game of 4 players played through the page in Chromium against a real
``flixboard run --board sim --geometry flip4``, from the new-game form on an empty board to a
four in a row.

Every throw is the page's Roll button (the game's seed makes the throws the same each run);
every piece is moved by tapping squares of the page's Flip 4 view, as hands move pieces on the
simulated board: a placement is one tap, a step a lift and a place, a flip two lifts and two
places, a corner jump a lift, a place on the corner, then a lift from the corner and a place on
the landing square (landing on an opponent: lift it too, put it where the jump began, then put
the jumping piece down). Each turn the first move the API allows is played. Seed 34 is chosen
because that game is short (47 throws, Green wins, about 35 s here) and still has every kind of
move in part 2: steps, flips, and a jump through a corner landing on an opponent.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, expect
from web_support import Service

SEED = 34
CORNERS = {"a1", "e1", "a5", "e5"}


def square(page: Page, name: str) -> Locator:
    return page.locator(f'#board [data-hole="{name}"]')


FELT_ON_PAGE = """([name, felt]) => {
  const square = document.querySelector(`#board [data-hole="${name}"]`);
  const known = square.dataset.team !== undefined && !square.classList.contains("missing");
  return (known || square.getAttribute("aria-label").includes("does not know")) === felt;
}"""
"""Whether the page shows the simulated board holding a piece on a square (or not)."""


def holds(state: dict[str, Any], name: str) -> bool:
    """Whether the simulated board holds a piece on the square."""
    return name in (state["sensed"] or {})


def settled(state: dict[str, Any], before: tuple[str, dict[str, Any]]) -> bool:
    """The taps made a move the game took: the game moved on and the board matches it."""
    return (
        (state["phase"], state["board"]) != before
        and state["phase"] != "await_fix"
        and set(state["board"]) == set(state["sensed"] or {})
    )


def taps_for(state: dict[str, Any]) -> tuple[str, list[str]]:
    """What the hands do for the first move the game allows now: its kind and the squares to
    tap in order."""
    board = state["board"]
    if state["phase"] == "await_place":
        target = state["allowed"][0]
        return "place", [target]
    if state["phase"] == "await_jump":
        target = state["allowed"][0]
        corner = next(name for name in CORNERS if name in board)  # the jumping piece rests there
        if target in board:  # an opponent there flips back to where the jump started
            return "jump-flip", [corner, target, state["jump_from"], target]
        return "jump", [corner, target]
    source, targets = next(iter(state["moves"].items()))
    target = targets[0]
    if target in CORNERS:
        return "corner", [source, target]
    if target in board:
        return "flip", [source, target, source, target]
    return "step", [source, target]


def test_a_whole_four_player_game_through_the_page(
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
    wait_until: Callable[..., None],
) -> None:
    service = launch_service(geometry="flip4")
    page = open_page(service)
    page.select_option("#variant", "flip4")
    page.select_option("#players", "4")
    page.fill("#seed", str(SEED))
    page.click("#new-game")
    expect(page.locator("#turn")).to_contain_text("Flip 4: Red (player 1): roll the dice")
    assert service.state()["board"] == {}

    kinds: set[str] = set()
    throws = 0
    state = service.state()
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
