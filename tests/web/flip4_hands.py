"""The hands on a simulated Flip 4 board, as the page tests move pieces: which squares to tap,
in order, for the first move the game allows now. A placement is one tap, a step a lift and a
place, a flip two lifts and two places, a corner jump a lift, a place on the corner, then a lift
from the corner and a place on the landing square (landing on an opponent: lift it too, put it
where the jump began, then put the jumping piece down)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page

CORNERS = {"a1", "e1", "a5", "e5"}

FELT_ON_PAGE = """([name, felt]) => {
  const square = document.querySelector(`#board [data-hole="${name}"]`);
  const known = square.dataset.team !== undefined && !square.classList.contains("missing");
  return (known || square.getAttribute("aria-label").includes("does not know")) === felt;
}"""
"""Whether the page shows the simulated board holding a piece on a square (or not)."""


def square(page: Page, name: str) -> Locator:
    return page.locator(f'#board [data-hole="{name}"]')


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
        team = state["team_of_seat"][state["to_move"]]
        corner = next(  # the jumping piece rests there, the mover's own (another may sit in one)
            name for name in sorted(CORNERS) if board.get(name, {}).get("team") == team
        )
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
