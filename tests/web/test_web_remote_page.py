"""Remote play on the page, in Chromium: a board (the host, its computer at seat 1) plays a
whole Qubic game against a person who has only the page of a joined service."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from broker_support import Mosquitto
from playwright.sync_api import Page, expect
from remote_support import PLAY_LIMIT_S, Side, game_of, mirror

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.broker, pytest.mark.live]


def test_a_board_plays_a_browser_only_seat(
    tmp_path: Path, mosquitto: Mosquitto, open_page: Callable[..., Page]
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    try:
        host.post(
            "/api/new_game",
            {"variant": "qubic", "players": 2, "seats": [{"kind": "computer", "level": 1}]},
        )
        page = open_page(guest.up)
        expect(page.locator("#remote-off")).to_be_visible()
        page.fill("#remote-join-code", "OIL101")  # look-alikes are not in codes
        page.click("#remote-join button[type=submit]")
        expect(page.locator("#remote-error")).to_contain_text("not a join code")
        code = host.post("/api/remote/host", {})["code"]
        page.fill("#remote-join-code", code.lower())
        page.click("#remote-join button[type=submit]")
        expect(page.locator("#remote-role")).to_have_text("This board plays the host's game.")
        expect(page.locator("#remote-link")).to_contain_text("the other side is online")
        expect(page.locator("#remote-seats")).to_have_text("Seats — 1: other board, 2: here")

        deadline = time.monotonic() + PLAY_LIMIT_S
        while True:
            ours, theirs = host.state(), guest.state()
            if ours["phase"] == "game_over" and game_of(ours) == game_of(theirs):
                break
            assert time.monotonic() < deadline, f"the game stopped:\n{ours}\n{theirs}"
            mirror(host, ours)  # the person at the board puts the browser's Men there
            missing = theirs["mismatch"]["missing"]
            quiet = not theirs["mismatch"]["extra"] and not theirs["remote"]["waiting"]
            if missing:  # the board's move blinks on the page's board: put it there
                put = missing[0]
                page.click(f'[data-hole="{put}"]')
                wait_until(lambda h=put: h in guest.state()["sensed"], "the Man is put")
            elif quiet and theirs["to_move"] == 1 and theirs["phase"] == "await_place":
                chosen = theirs["allowed"][0]
                page.click(f'[data-hole="{chosen}"]')
                wait_until(lambda h=chosen: h in host.state()["board"], "the host takes the move")
            time.sleep(0.05)
        assert ours["winner"] is not None or ours["draw"]
        expect(page.locator("#remote-link")).to_contain_text("connected")
    finally:
        host.stop()
        guest.stop()
