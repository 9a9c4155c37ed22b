"""A person's play against the computer on the page: whose turn it is, what the person
chooses, and waiting for the game to move on (read from the service's API, which the page
shows)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page
from web_support import Service

from tests.waiting import wait_until

PERSON, COMPUTER = 0, 1
"""The person plays the first seat, the computer the second."""
TURN_TIMEOUT_S = 60.0
PLAY_PHASES = {"await_roll", "await_place", "await_move", "await_jump", "substitute", "withdraw"}
"""The phases in which the seat to move acts on the board or with the dice."""


def seen(state: dict[str, Any]) -> str:
    """What a failed wait shows of the state it last read: the game, the board and its words."""
    events = [event["type"] for event in state["events"][-6:]]
    return (
        f"phase {state['phase']}, to move {state['to_move']}, board {sorted(state['board'])}, "
        f"sensed {sorted(state['sensed'] or {})}, fix {state['fix']}, message "
        f"{state['message']!r}, thinking {[s.get('thinking') for s in state.get('seats', [])]}, "
        f"latest events {events}"
    )


def wait_state(
    service: Service,
    predicate: Callable[[dict[str, Any]], object],
    what: str,
    timeout: float = TURN_TIMEOUT_S,
) -> dict[str, Any]:
    """The first state read that satisfies ``predicate``: the one to act on (a state read after
    it may already be another, the computer's turn or the game's end)."""
    read: list[dict[str, Any]] = []

    def holds() -> object:
        read.append(service.state())
        return predicate(read[-1])

    wait_until(holds, lambda: f"{what}; last read: {seen(read[-1])}", timeout)
    return read[-1]


def lifted_for_a_burocrat(state: dict[str, Any]) -> set[str]:
    """The holes whose Man is lifted for a Burocrat (Tac-T-Flix's substitution under way)."""
    if state["phase"] != "substitute":
        return set()
    return set(state["board"]) - set(state["sensed"] or {})


def persons_turn(state: dict[str, Any]) -> bool:
    """The game waits for the person (or is over, or the board needs fixing), and the board
    holds what the game has (the computer's hands are done), but for a Man the person lifted
    to seat a Burocrat in its hole."""
    if state["phase"] in ("game_over", "await_fix"):
        return True
    thinking = any(seat.get("thinking") for seat in state["seats"])
    lifted = lifted_for_a_burocrat(state)
    settled = set(state["board"]) - lifted == set(state["sensed"] or {})
    return (
        state["to_move"] == PERSON
        and state["phase"] in PLAY_PHASES
        and not thinking
        and settled
        and lifted <= set(state["allowed"])
    )


def choose(state: dict[str, Any]) -> str:
    """The person's simple policy: complete a line of theirs, else block one of the
    computer's, else the first hole the page lights."""
    allowed = state["allowed"]
    threats = state.get("threats") or []
    mine = [h for t in threats if t["team"] == PERSON for h in t["holes"] if h in allowed]
    theirs = [h for t in threats if t["team"] != PERSON for h in t["holes"] if h in allowed]
    hole: str = (mine or theirs or allowed)[0]
    return hole


def moved_on(state: dict[str, Any], before: tuple[str, dict[str, Any]]) -> bool:
    """The taps made a move the game took, or the board needs fixing."""
    return state["phase"] == "await_fix" or (state["phase"], state["board"]) != before


SHOWS_PIECE = """name => {
  const spot = document.querySelector(
    `#board [data-hole="${name}"], #board [data-cell="${name}"]`);
  const known = spot.dataset.team !== undefined && !spot.classList.contains("missing");
  return known || spot.getAttribute("aria-label").includes("does not know");
}"""


def felt(service: Service, name: str) -> bool:
    """Whether the simulated board holds a piece in the hole."""
    return name in (service.state()["sensed"] or {})


def page_agrees(page: Page, service: Service, name: str) -> None:
    """Wait until the page shows the hole as the simulated board holds it: the page decides from
    what it shows whether a tap places or lifts, so the next tap waits for it."""
    wait_until(
        lambda: page.evaluate(SHOWS_PIECE, name) == felt(service, name),
        f"the page showing {name} as the board holds it",
    )
