"""A remote game through real outages, and the link's history that shows them: in one game of
Lucky Flix, each at a throw, the guest's service is killed (SIGKILL) and started again, then the
broker, then the host's service. The game goes on without a forfeit; the guest's journal holds
the host's log entry by entry (nothing lost, nothing that was not played); each side's history
counts its drops (the other board gone, this board's broker connection) with their lengths and
its round trips, and the guest's page says so in one line and lists each drop."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from broker_support import Mosquitto
from playwright.sync_api import Page, expect
from remote_support import Side, game_of, open_game, play
from test_web_remote_faults import logs

from controller.records.journal import Journal
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.broker, pytest.mark.live]

STEPS_AFTER = 4
"""Steps played after the last fault before the boards are compared."""


def mid_throw(state: dict[str, Any]) -> bool:
    """The dice were just thrown: the Man they call for is not placed yet (the throw's log
    entry, or the guest's order that asked for it, may be on its way)."""
    return state["phase"] == "await_place" and state.get("last_throw") is not None


def history(side: Side) -> dict[str, Any]:
    shown: dict[str, Any] = side.state()["remote"]["link"]["history"]
    return shown


def sides(shown: dict[str, Any]) -> list[str]:
    return sorted(drop["side"] for drop in shown["drops"])


def caught_up(host: Side, guest: Side) -> bool:
    """Whether the guest's journal holds the host's log entry by entry (the game may go on
    meanwhile: what the guest applied is always the start of the host's log, nothing else)."""
    hosted, applied = logs(host, guest)
    assert applied == hosted[: len(applied)], "the guest applied only the host's log, in order"
    return applied == hosted


def started(guest: Side) -> int | None:
    """The number of the guest's journal entry that started the host's game it follows
    (``None`` before it follows one): a guest that disagreed with the host would start the game
    again (``remote_resync``) under a new number."""
    journal = Journal(guest.folder / "data")
    try:
        first = journal.current_game()[0]
    finally:
        journal.close()
    return first.seq if "remote" in first.data else None


def following(guest: Side) -> int:
    """``started``, once the guest follows the host's game."""
    wait_until(lambda: started(guest) is not None, "the guest follows the host's game")
    seq = started(guest)
    assert seq is not None
    return seq


def test_a_game_outlives_its_link_and_the_page_shows_each_drop(
    tmp_path: Path, mosquitto: Mosquitto, open_page: Callable[..., Page]
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"]).start()
    faults: list[int] = []
    seen: dict[str, dict[str, Any]] = {}
    after: list[int] = []
    """The Men on the host's board after the last fault."""

    def fault(step: int) -> None:
        """One fault at a throw (from the third step on, two steps apart), in this order: the
        guest killed, the broker, the host killed (its history kept across the restart)."""
        if len(faults) == 3 or step < (faults[-1] + 2 if faults else 3):
            return
        if not mid_throw(host.state()):
            return
        if not faults:
            guest.kill()
            guest.start()
        elif len(faults) == 1:
            wait_until(lambda: history(host)["drop_count"] == 1, "the host saw the guest go")
            mosquitto.restart()
        else:
            wait_until(
                lambda: (
                    history(host)["drop_count"] == 2
                    and not any(drop["ongoing"] for drop in history(host)["drops"])
                ),
                "the host's broker connection is back",
            )
            seen["host"] = history(host)
            host.kill()
            host.start()
            after.append(len(host.state()["board"]))
            kept = [(d["side"], d["at"], d["lasted_s"]) for d in seen["host"]["drops"]]
            again = [(d["side"], d["at"], d["lasted_s"]) for d in history(host)["drops"]]
            assert again[: len(kept)] == kept, "the restarted host still lists the earlier drops"
        faults.append(step)

    def done(ours: dict[str, Any], theirs: dict[str, Any]) -> bool:
        """Some steps after the last fault (or the game's end), both boards in the same game."""
        if len(faults) < 3:
            return False
        moved = len(ours["board"]) >= after[0] + STEPS_AFTER or ours["phase"] == "game_over"
        return moved and game_of(ours) == game_of(theirs)

    try:
        open_game(host, guest, "lucky")
        first = following(guest)
        ours, theirs = play(host, guest, until=done, between=fault)
        assert len(faults) == 3, "every fault was made during the game"
        assert game_of(ours) == game_of(theirs)
        wait_until(lambda: caught_up(host, guest), "the guest applied the host's whole log")
        hosted, _ = logs(host, guest)
        assert started(guest) == first, "the guest never disagreed with the host"
        assert not [e for e in hosted if e.get("data", {}).get("kind") == "resign"], "no forfeit"

        assert sides(seen["host"]) == ["broker", "peer"]  # the guest gone, then the broker
        assert seen["host"]["rtt_samples"] > 0 and seen["host"]["rtt_ms"] is not None
        wait_until(
            lambda: (
                history(guest)["drop_count"] == 2
                and not any(drop["ongoing"] for drop in history(guest)["drops"])
            ),
            "the guest saw the broker and the host go and come back",
        )
        theirs_shown = history(guest)
        assert sides(theirs_shown) == ["broker", "peer"]
        assert theirs_shown["longest_s"] == max(d["lasted_s"] for d in theirs_shown["drops"])
        assert theirs_shown["rtt_p95_ms"] >= 0 and theirs_shown["rtt_samples"] > 0
        assert theirs_shown["move_rtt_p95_ms"] > 0  # the guest's orders, timed
        assert seen["host"]["move_rtt_ms"] is None  # the host sends no orders

        page = open_page(guest.up)
        expect(page.locator("#remote-history")).to_have_text(
            re.compile(
                r"^Link: \d+ ms \(p95 \d+ ms\) · a move \d+ ms \(p95 \d+ ms\) · "
                r"drops: 2, longest \d+ s · last: the other board, \d+ s$"
            )
        )
        page.click("#remote-drops summary")  # each drop, in the order they came
        expect(page.locator("#remote-drops-list li")).to_have_text(
            [
                re.compile(r"^.+: this board's broker connection, \d+ s$"),
                re.compile(r"^.+: the other board, \d+ s$"),
            ]
        )
        page.evaluate("localStorage.setItem('flixboard.language', 'de')")  # a German page
        page.reload()
        expect(page.locator("#remote-history")).to_have_text(
            re.compile(r"^Verbindung: \d+ ms \(p95 \d+ ms\) · ein Zug .* · Abbrüche: 2, längster ")
        )
    finally:
        host.stop()
        guest.stop()
