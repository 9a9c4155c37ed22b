"""Remote play on the page, while the other board does not play: the host's Roll waits for a
seat played on the other board (and says why), and a join code nobody hosts says so instead of
showing a green "connected" for ever."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from broker_support import Mosquitto
from playwright.sync_api import Page, expect
from remote_support import Side
from web_support import throws

from controller.remote.codes import new_code
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.broker, pytest.mark.live]

RED_STEPS_AT_MOST = 40
"""Throws and placements until the dice pass (free throws come 1 in 36 and add two throws)."""
NOBODY_WAIT_MS = 90_000
"""Generous: the page says nobody answered once the broker has been connected for 15 s."""


def test_roll_waits_while_the_other_board_is_to_move(
    tmp_path: Path, mosquitto: Mosquitto, open_page: Callable[..., Page]
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    try:
        host.post("/api/new_game", {"variant": "lucky", "players": 2, "seed": 7})
        host.post("/api/remote/host", {})  # seat 2 is played on the other board
        page = open_page(host.up)
        play_reds_turn(host, page)
        expect(page.locator("#roll")).to_have_attribute(
            "title", "The other board rolls for this seat."
        )
        assert host.state()["seats"][1]["place"] == "remote"
        expect(page.locator("#roll")).to_be_disabled()
        expect(page.locator("#turn")).to_contain_text(
            "Blue (player 2) plays on the other board: wait for its move."
        )
    finally:
        host.stop()


def play_reds_turn(host: Side, page: Page) -> None:
    """Roll on the page and place Red's Men until the dice pass to Blue. No board joined: the host
    throws from its own share, not from the seed, so free throws may keep Red rolling, and FLIX
    FLIX FLIX gives Blue a Man to place at once."""
    for step in range(1, RED_STEPS_AT_MOST + 1):
        state = host.state()
        if state["to_move"] == 1:
            return
        if state["phase"] == "await_roll":
            done = throws(host.up)
            expect(page.locator("#roll")).to_be_enabled()
            page.click("#roll")
            wait_until(lambda n=done: throws(host.up) > n, f"throw after step {step}")
        else:
            chosen = next(hole for hole in state["allowed"] if hole not in state["sensed"])
            host.post("/api/sim/place", {"hole": chosen})
            wait_until(lambda h=chosen: placed(host.state(), h), f"the Man in hole {chosen} played")
    raise AssertionError(f"Red still to move after {RED_STEPS_AT_MOST} steps: {host.state()}")


def placed(state: dict[str, Any], hole: int) -> bool:
    """Whether the Man just put in ``hole`` was played: Red rolls again or the dice passed."""
    return hole in state["sensed"] and (state["phase"] != "await_place" or state["to_move"] == 1)


def test_a_code_nobody_hosts_is_not_shown_as_connected(
    tmp_path: Path, mosquitto: Mosquitto, open_page: Callable[..., Page]
) -> None:
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    try:
        page = open_page(guest.up)
        page.fill("#remote-join-code", new_code())
        page.click("#remote-join button[type=submit]")
        expect(page.locator("#remote-error")).to_be_hidden()
        expect(page.locator("#remote-role")).to_have_text("Joining the host's game…")
        link = page.locator("#remote-link")
        expect(link).to_have_text("waiting for the host…")
        expect(link).to_have_attribute("data-state", "waiting")
        expect(link).to_have_attribute("data-state", "nobody", timeout=NOBODY_WAIT_MS)
        expect(link).to_contain_text("Nobody answered for")
        assert guest.state()["remote"]["link"]["peer"] == "unknown"
    finally:
        guest.stop()
