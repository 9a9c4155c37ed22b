"""A remote link's history on its own: each drop of this board's broker connection or of the
other board, how long it lasted (so far, while it goes on), the longest, and the round trip now
and its p95 (nearest rank) over the latest ``RTT_WINDOW``."""

from __future__ import annotations

import time
from pathlib import Path

import msgspec

from controller.core.state import LinkDropView, LinkHistoryView
from controller.remote import saved
from controller.remote.link_history import DROPS_KEPT, KEPT_FILE, RTT_WINDOW, LinkHistory


def test_drops_are_counted_once_each_with_their_length() -> None:
    history = LinkHistory()
    assert history.shown().drop_count == 0 and history.shown().drops == []
    history.lost("broker")
    history.lost("broker")  # still the same drop
    history.lost("peer")
    time.sleep(0.05)
    going = history.shown()
    assert going.drop_count == 2
    assert [(d.side, d.ongoing) for d in going.drops] == [("broker", True), ("peer", True)]
    assert going.longest_s == max(d.lasted_s for d in going.drops)
    assert abs(going.drops[0].at - time.time()) < 60
    history.back("broker")
    history.back("broker")  # nothing open: nothing changes
    done = history.shown()
    assert [(d.side, d.ongoing) for d in done.drops] == [("broker", False), ("peer", True)]
    history.back("peer")
    assert not any(d.ongoing for d in history.shown().drops)


def test_only_the_latest_drops_are_kept_and_all_are_counted() -> None:
    history = LinkHistory()
    for _ in range(DROPS_KEPT + 5):
        history.lost("peer")
        history.back("peer")
    shown = history.shown()
    assert shown.drop_count == DROPS_KEPT + 5 and len(shown.drops) == DROPS_KEPT


def test_the_drops_of_a_game_outlive_a_restart_and_no_other_game_sees_them(
    tmp_path: Path,
) -> None:
    path = tmp_path / KEPT_FILE
    before = LinkHistory(path, "game-1")
    before.lost("peer")
    before.back("peer")
    before.lost("broker")  # going on when the service stops
    before.round_trip(0.01)
    shown = before.shown()
    again = LinkHistory(path, "game-1").shown()  # the service started again
    assert [(d.side, d.at) for d in again.drops] == [(d.side, d.at) for d in shown.drops]
    assert again.drops[0].lasted_s == shown.drops[0].lasted_s
    assert not any(d.ongoing for d in again.drops)  # ended at the start: begun again if gone
    assert (again.drop_count, again.rtt_samples) == (2, 0)  # the round trips start afresh
    assert LinkHistory(path, "game-2").shown().drops == []  # another game starts afresh
    saved.save(tmp_path, None)  # the remote game left: its drops go with it
    assert not path.exists() and LinkHistory(path, "game-1").shown().drops == []


def test_the_round_trip_now_and_its_p95_over_the_window() -> None:
    history = LinkHistory()
    assert (history.shown().rtt_ms, history.shown().rtt_p95_ms) == (None, None)
    for ms in range(1, 101):  # 1..100 ms
        history.round_trip(ms / 1000)
    shown = history.shown()
    assert (shown.rtt_ms, shown.rtt_p95_ms, shown.rtt_samples) == (100.0, 95.0, 100)
    for _ in range(RTT_WINDOW):  # the old ones leave the window
        history.round_trip(0.002)
    shown = history.shown()
    assert (shown.rtt_ms, shown.rtt_p95_ms, shown.rtt_samples) == (2.0, 2.0, 100 + RTT_WINDOW)
    assert (shown.move_rtt_ms, shown.move_rtt_p95_ms) == (None, None)  # no order yet
    for ms in (40, 20, 30):
        history.move_round_trip(ms / 1000)
    shown = history.shown()
    assert (shown.move_rtt_ms, shown.move_rtt_p95_ms) == (30.0, 40.0)


def test_the_protocol_page_names_every_field_and_bound() -> None:
    """docs/REMOTE.md's table of the link's history: a row for each field the state has, the
    bounds as the module has them."""
    text = (Path(__file__).parents[2] / "docs" / "REMOTE.md").read_text(encoding="utf-8")
    section = text.split("## The link's history", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip().strip("`") for line in section.splitlines() if "| `" in line}
    fields = {f.name for f in msgspec.structs.fields(LinkHistoryView)}
    fields |= {f.name for f in msgspec.structs.fields(LinkDropView)}
    assert fields <= rows, sorted(fields - rows)
    assert f"the latest {DROPS_KEPT} drops" in section
    assert f"the latest {RTT_WINDOW} round trips" in section
