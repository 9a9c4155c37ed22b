"""A page as the guest of a Tac-T-Flix game (docs/REMOTE.md, "A board and a browser"): the
host's take-back reaches the page, which says to lift the Man and whose person lifts it by a tap;
the page's Undo is disabled, its tooltip says why, and it is refused so if sent (the hosting
board takes moves back); the page's PENALTY on a line the host's person left uncalled takes its
Men off both boards."""

from __future__ import annotations

from pathlib import Path

import pytest
from broker_support import Mosquitto
from playwright.sync_api import Browser, expect
from remote_person import SEAT, PagePerson
from remote_support import Side, in_step, mirror, record_moves

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.broker, pytest.mark.live]

REFUSED_UNDO = "a remote game: the hosting board takes moves back"
CALLS = {"call_window": 0.5}
"""A short call window: the page's PENALTY waits for it to close on the host's clock."""


def settled(side: Side) -> bool:
    """The board matches the game (the host's keeper copies the other board's Men)."""
    state = side.state()
    fix = state["mismatch"]
    return not (fix["missing"] or fix["extra"] or fix["wrong_kind"])


def test_a_take_back_and_a_penalty_reach_the_page_and_its_undo_waits_for_the_host(
    tmp_path: Path, mosquitto: Mosquitto, browser: Browser
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("localStorage.setItem('flixboard.language', 'en')")
    person = PagePerson(guest, page=page)

    def copied() -> bool:
        """The page's person copies the host's moves; whether both boards match the game."""
        mirror(host, host.state())
        state = guest.state()
        return in_step(host, guest) and not person.fix(state) and settled(host) and settled(guest)

    def red(hole: str) -> None:
        """Red, the person at the host's board, places a Man; the page's person copies it."""
        wait_until(lambda: copied() and host.state()["to_move"] == 0, "Red's turn")
        host.post("/api/sim/place", {"hole": hole})
        wait_until(lambda: hole in guest.state()["board"], f"Red's Man on {hole} reaches the page")
        wait_until(copied, f"the page's person puts Red's Man on {hole}")

    def blue(hole: str) -> None:
        """Blue, the person at the page, taps a hole."""
        wait_until(lambda: copied() and guest.state()["to_move"] == SEAT, "Blue's turn")
        person.tap(hole)
        wait_until(lambda: hole in host.state()["board"], f"the host takes Blue's {hole}")

    try:
        host.post("/api/new_game", {"variant": "tactflix", "players": 2, "options": CALLS})
        person.join(host.post("/api/remote/host", {"seats": [SEAT]})["code"])
        red("R-I-S")
        host.post("/api/undo")  # the host's person takes the Man back
        expect(page.locator("#fix")).to_contain_text("R-I-S")  # the page says to lift it
        wait_until(lambda: not person.fix(guest.state()) and not guest.state()["sensed"], "lifted")
        wait_until(lambda: not guest.state()["board"] and copied(), "the take-back on both boards")
        expect(page.locator("#undo")).to_be_disabled()  # nothing of the page's to take back
        expect(page.locator("#undo")).to_have_attribute("title", REFUSED_UNDO)  # and says why
        refused = guest.up.post("/api/undo")
        assert refused.status_code == 409 and REFUSED_UNDO in refused.text
        for red_hole, blue_hole in [("R-I-S", "B-IV-S"), ("R-I-H", "B-IV-H"), ("R-I-D", "B-II-D")]:
            red(red_hole)
            blue(blue_hole)
        red("R-I-C")  # a line of four: Red does not call FLIX
        wait_until(lambda: guest.state()["call_window"] is None, "Red's call window closes")
        wait_until(lambda: host.state()["call_window"] is None, "on the host's clock too")
        person.seat_button("penalty")
        wait_until(lambda: "R-I-C" not in host.state()["board"], "the page's PENALTY")
        wait_until(copied, "the penalised Men lifted off both boards")
        ours = host.state()
        assert not any(hole.startswith("R-I-") for hole in ours["board"]), ours["board"]
        assert ours["board"] == guest.state()["board"]
        assert host.state()["scored_lines"] == []
        host.post("/api/resign", {"seat": 0})  # the record is kept when the game ends
        wait_until(lambda: guest.state()["phase"] == "game_over", "the game ends on both")
        moves = record_moves(host)
        assert record_moves(guest) == moves
        assert [m["action"]["kind"] for m in moves if m["seat"] == SEAT] == [
            "place",
            "place",
            "place",
            "penalty",
        ]
        assert "undo" not in person.did
    finally:
        context.close()
        host.stop()
        guest.stop()
