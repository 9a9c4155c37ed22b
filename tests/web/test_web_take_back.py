"""Undo against the computer on the page, in Chromium, in each game with computer seats: the
page's Undo takes back the person's own move, the simulated board's hands take back the
computer's reply they made, the person's holes to fix blink, and the page says the computer
waits until the person has moved (docs/computer-players.md "Undo against the computer").

The person's moves are made by the simulated board's hands through the API; the Undo presses and
the lifts are the page's (a tap on a blinking hole lifts its piece). Every wait is for what the
page or the state shows, never for a time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from web_support import Service

from tests.take_back_play import VARIANT_SEEDS, game_part, is_corner
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

QUICK = "[board]\nfix_after_s = 0.0\n[game]\ncomputer_movetime_ms = 50\n"
"""Computers that think briefly, on a board that tells at once what to fix."""
WAITS = "Taken back: the computer waits until you have moved."
GEOMETRY = {"flip4": "flip4", "olix": "olix"}
"""The board of each game not played on the spaceboard."""
BOARD_MOVES = ("place", "move", "substitute", "withdraw")
FIX = re.compile(r"\bfix\b")
"""The class of a hole the page shows blinking: to fix now."""


def spot(page: Page, variant: str, name: str) -> Locator:
    """A hole, square or cell of the page's board."""
    attribute = "data-cell" if variant == "olix" else "data-hole"
    return page.locator(f'#board [{attribute}="{name}"]')


def at_rest(state: dict[str, Any]) -> bool:
    """The person is to move, the board matches the game and the computer has nothing under
    way."""
    return (
        state["to_move"] == 0
        and state["phase"] != "await_fix"
        and set(state["board"]) == set(state["sensed"] or {})
        and not any(seat["thinking"] for seat in state["seats"])
        and state["computer_move"] is None
    )


def hand(service: Service, doing: str, cell: str) -> None:
    response = service.post(f"/api/sim/{doing}", {"hole": cell})
    assert response.status_code == 200, response.text
    wait_until(lambda: (cell in (service.state()["sensed"] or {})) is (doing == "place"), doing)


def person_moves(service: Service) -> tuple[dict[str, Any], frozenset[str]]:
    """The person throws (if the game has dice) and moves; the computer answers. The state
    before the pieces moved, and the holes the person's hands changed."""
    state = service.state()
    if state["phase"] == "await_roll":
        assert service.post("/api/roll", {}).status_code == 200
        wait_until(lambda: service.state()["phase"] != "await_roll", "the throw")
        state = service.state()
    before = state
    since = before["events"][-1]["at"]
    if state["phase"] == "await_place":
        hands = [("place", state["allowed"][0])]
    else:
        assert state["phase"] == "await_move", state["phase"]
        steps = sorted(
            (not is_corner(target), source, target)
            for source, targets in state["moves"].items()
            for target in targets
            if target not in state["board"]  # a plain step: two hands
        )
        _, source, target = steps[-1]
        hands = [("lift", source), ("place", target)]
    for doing, cell in hands:
        hand(service, doing, cell)
    wait_until(lambda: answered(service.state(), since), "the computer's answer")
    return before, frozenset(cell for _, cell in hands)


def answered(state: dict[str, Any], since: float) -> bool:
    """The computer has made a move since ``since`` and the board is at rest."""
    return at_rest(state) and any(
        event["type"] == "computer" and event["action"] in BOARD_MOVES and event["at"] > since
        for event in state["events"]
    )


def hands_took_back(service: Service, holes: frozenset[str]) -> None:
    """The simulated board's hands have taken back the computer's moves in ``holes``: nothing of
    them is left for the person to fix."""

    def done() -> bool:
        mismatch = service.state()["mismatch"]
        return not holes & {*mismatch["missing"], *mismatch["extra"], *mismatch["wrong_kind"]}

    wait_until(done, "the hands taking back the computer's reply")


def fix_on_page(page: Page, service: Service, variant: str) -> list[frozenset[str]]:
    """Tap the holes the page marks to fix (or, on the Olix board, that its words name first),
    one move at a time; the holes of each round."""
    rounds: list[frozenset[str]] = []
    while (order := service.state()["fix_order"]) is not None:
        now = frozenset(order["now"])
        first = sorted(now)[0]
        expect(page.locator("#fix p").first).to_contain_text(first)
        if variant != "olix":
            expect(page.locator("#board .fix")).to_have_count(len(now))
            for name in now:
                expect(spot(page, variant, name)).to_have_class(FIX)
            for name in order["later"]:
                expect(spot(page, variant, name)).not_to_have_class(FIX)
        rounds.append(now)
        for name in sorted(now):
            spot(page, variant, name).click()
        wait_until(lambda: service.state()["fix_order"] != order, "the taps taken")
    return rounds


@pytest.mark.parametrize("variant", sorted(VARIANT_SEEDS))
def test_undo_on_the_page_takes_back_my_move(
    launch_service: Callable[..., Service], open_page: Callable[..., Page], variant: str
) -> None:
    service = launch_service(config=QUICK, geometry=GEOMETRY.get(variant, "flix"))
    seats = [{"kind": "human"}, {"kind": "computer", "level": 1}]
    body = {"variant": variant, "players": 2, "seed": VARIANT_SEEDS[variant], "seats": seats}
    assert service.post("/api/new_game", body).status_code == 200
    page = open_page(service)
    expect(page.locator("#undo")).to_have_attribute(
        "title", "Take back my move (and the computer's reply after it)"
    )
    first, first_holes = person_moves(service)
    after_first = service.state()
    second, second_holes = person_moves(service)
    after_second = service.state()
    reply = frozenset(set(after_second["board"]) ^ set(second["board"])) - second_holes

    # Undo x1: the hands take back the reply they made; the person's own piece blinks; the
    # computer waits.
    expect(page.locator("#undo")).to_be_enabled()
    page.click("#undo")
    expect(page.locator("#message")).to_contain_text("Took back your move.")
    hands_took_back(service, reply)
    assert service.state()["phase"] == "await_fix"
    assert fix_on_page(page, service, variant) == [second_holes]
    expect(page.locator("#turn")).to_contain_text(WAITS)
    state = service.state()
    assert state["computer_waits"] is True and game_part(state) == game_part(second)

    # Undo x2: two person-moves back, the computer still waiting. The message is already on
    # the page, so the wait is for the board to ask for its fix.
    page.click("#undo")
    wait_until(lambda: service.state()["phase"] == "await_fix", "the second Undo taken")
    first_reply = frozenset(set(after_first["board"]) ^ set(first["board"])) - first_holes
    hands_took_back(service, first_reply)
    assert fix_on_page(page, service, variant) == [first_holes]
    expect(page.locator("#turn")).to_contain_text(WAITS)
    state = service.state()
    assert state["computer_waits"] is True and game_part(state) == game_part(first)
    assert not any(seat["thinking"] for seat in state["seats"])
    expect(page.locator("#undo")).to_be_disabled()

    # The person moves: the computer answers again and the words go.
    person_moves(service)
    expect(page.locator("#turn")).not_to_contain_text(WAITS)
    assert service.state()["computer_waits"] is False
