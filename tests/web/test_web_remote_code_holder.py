"""What a holder of the join code can make a side do, through a real mosquitto: many hellos
get at most one snapshot every 0.5 s, a log entry the host never wrote cannot start a storm of
orders, and entries far ahead of a gap cannot fill the guest's memory."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from broker_support import Mosquitto
from hostile_support import (
    Outsider,
    as_guest,
    as_host,
    joined_keys,
    link,
    rss_mb,
    seal_any,
    topic,
)
from remote_support import Side, in_step
from rogue_support import Rogue
from test_web_remote_integrity import place, settle

from controller.records.journal import Journal
from controller.remote import messages
from controller.remote.host import SNAPSHOT_GAP_S
from controller.remote.pake import Welcome
from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]

HELLOS = 200
MEMORY_GROWTH_MB = 20.0
OBSERVED_S = 2.0
"""How long the orders are counted after the refusals that used to start a storm."""


def game_number(side: Side) -> int:
    """The number of the host's game (its journal's ``new_game`` entry)."""
    journal = Journal(side.folder / "data")
    try:
        return journal.current_game()[0].seq
    finally:
        journal.close()


def sentinel(outsider: Outsider, side: Side, where: str) -> None:
    """An unsealed message after the others on the same topic: once the side has counted it,
    it has read every one before it (a topic's messages are read in order)."""
    before = link(side)["dropped"]["forged"]
    outsider.publish(where, b'{"msg": {}, "mac": "00"}')
    wait_until(lambda: link(side)["dropped"]["forged"] > before, "the side read every message")


def test_hellos_get_at_most_one_snapshot_per_gap(tmp_path: Path, mosquitto: Mosquitto) -> None:
    """The holder joins with the code in place of a board, then sends hellos sealed with the
    guest's key it was given."""
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    holder = Outsider(mosquitto.port)
    rogue = Rogue(mosquitto.port)
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        opened = host.post("/api/remote/host", {})
        game_id = opened["game_id"]
        wait_until(lambda: link(host)["state"] == "connected", "the host is connected")
        # The host connects again once a guest is in (its will then carries the guest's MAC),
        # and what reached the connection it leaves is lost: the hellos go to the new one.
        presence = f"{messages.PRESENCE}/host"
        holder.listen(topic(game_id, presence))
        wait_until(lambda: len(holder.recorded(presence)) == 1, "the host's presence")
        kind, keys = rogue.join(opened["code"])
        assert kind == "welcome" and isinstance(keys, Welcome) and keys.role == "guest"
        # said when the guest is proven, then by the new connection (which may first send again
        # what the old one had not seen taken): a third one comes from the new connection
        wait_until(lambda: len(holder.recorded(presence)) >= 3, "the host connected again")
        holder.listen(topic(game_id, messages.SNAPSHOT))
        wait_until(lambda: bool(holder.recorded(messages.SNAPSHOT)), "the retained snapshot")
        already = len(holder.recorded(messages.SNAPSHOT))
        began = time.monotonic()
        where, sealer = topic(game_id, messages.HELLO), as_guest(keys)
        hellos = [
            (where, sealer.seal(where, messages.Hello(0, have, f"n{have}")))
            for have in range(HELLOS)
        ]
        holder.publish_many(hellos)
        sentinel(holder, host, where)
        time.sleep(2 * SNAPSHOT_GAP_S)  # a hello held back is answered when its gap is over
        elapsed = time.monotonic() - began
        snapshots = len(holder.recorded(messages.SNAPSHOT)) - already
        assert snapshots >= 1, "hellos are answered"
        assert snapshots <= elapsed / SNAPSHOT_GAP_S + 1, f"{snapshots} in {elapsed:.1f} s"
    finally:
        rogue.close()
        holder.close()
        host.stop()


def test_an_entry_the_host_never_wrote_starts_no_storm(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    holder = Outsider(mosquitto.port)
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        opened = host.post("/api/remote/host", {})
        game_id = opened["game_id"]
        guest.post("/api/remote/join", {"code": opened["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        place(host, "R-I-S")
        settle(host, guest, "R-I-S")
        place(guest, "Y-II-H")
        settle(host, guest, "Y-II-H")
        holder.listen(topic(game_id, messages.ORDERS))
        undo = messages.Entry(game_number(host), host.state()["remote"]["log"] + 1, "undo")
        where = topic(game_id, messages.LOG)
        stale = link(host)["dropped"]["stale"]
        holder.publish(where, as_host(joined_keys(guest)).seal(where, undo))
        wait_until(lambda: link(host)["dropped"]["stale"] >= stale + 2, "the host refused twice")
        before = len(holder.recorded(messages.ORDERS))
        time.sleep(OBSERVED_S)
        orders = len(holder.recorded(messages.ORDERS)) - before
        assert orders <= 1, f"{orders} orders in {OBSERVED_S} s after two refusals"
        assert link(host)["state"] == link(guest)["state"] == "connected"
    finally:
        holder.close()
        host.stop()
        guest.stop()


def padded_entry(game: int, n: int, size: int) -> dict[str, object]:
    """A log entry carrying about ``size`` bytes of empty lists (each costs Python 64 bytes) in
    a field no action has: sealed with the host's keys, it is refused when it is read."""
    pad: list[list[object]] = [[] for _ in range(size // 3)]
    return {"type": "entry", "game": game, "n": n, "kind": "action", "data": {"pad": pad}}


def far_entry(game: int, n: int) -> messages.Entry:
    """A well-formed log entry ``n`` of ``game``: a resignation the host never logged."""
    return messages.Entry(game, n, "action", messages.ActionData("resign", seat=0))


def test_entries_far_ahead_cannot_fill_the_guests_memory(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    holder = Outsider(mosquitto.port)
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        opened = host.post("/api/remote/host", {})
        game_id = opened["game_id"]
        guest.post("/api/remote/join", {"code": opened["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        game, where = game_number(host), topic(game_id, messages.LOG)
        before = rss_mb(guest)
        sealer = as_host(joined_keys(guest))
        large = [seal_any(sealer, where, padded_entry(game, 2 + n, 200_000)) for n in range(40)]
        holder.publish_many([(where, payload) for payload in large])
        small = [seal_any(sealer, where, padded_entry(game, 42 + n, 7_000)) for n in range(400)]
        holder.publish_many([(where, payload) for payload in small])
        ahead = [sealer.seal(where, far_entry(game, 442 + n)) for n in range(400)]
        holder.publish_many([(where, payload) for payload in ahead])
        sentinel(holder, guest, where)
        growth = rss_mb(guest) - before
        assert growth <= MEMORY_GROWTH_MB, f"the guest grew by {growth:.0f} MB"
        counts = link(guest)["dropped"]
        assert counts["oversize"] == 40 and counts["malformed"] >= 400
        assert counts["overflow"] >= 400 - 64
        assert in_step(host, guest) and link(guest)["state"] == "connected"
    finally:
        holder.close()
        host.stop()
        guest.stop()
