"""Who can do what in a remote game (docs/REMOTE.md "Threat model"), through a real mosquitto:
a guesser pays one live exchange per wrong code and the code moves after three; a code is used
up by the board that joined; a code holder acting as the guest, or as a spectator, cannot make
the host apply anything the rules would not, nor forge the host's log to anyone; replayed
snapshots and wills change nothing; retained messages leave the broker at a game's end and when
a side leaves."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgspec
import pytest
from broker_support import Mosquitto
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from remote_support import Side, both_over, game_of, in_step, open_game, play
from rogue_support import Rogue, game_topic

from controller.remote import messages
from controller.remote.codes import ALPHABET
from controller.remote.pake import MAX_FAILURES, Welcome
from controller.remote.sealing import MAC, Opener, Sealer
from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]


def remote(side: Side) -> dict[str, Any]:
    state: dict[str, Any] = side.state()["remote"]
    return state


def dropped(side: Side) -> dict[str, int]:
    counts: dict[str, int] = remote(side)["link"]["dropped"]
    return counts


def wrong_codes(code: str, count: int) -> list[str]:
    """Codes with the same gate (the first four letters: a guesser who found the door) and
    another secret."""
    tails = (letter * 4 for letter in ALPHABET if letter * 4 != code[4:])
    return [code[:4] + next(tails) for _ in range(count)]


def hosted(host: Side, variant: str = "qubic") -> dict[str, Any]:
    host.post("/api/new_game", {"variant": variant, "players": 2})
    codes = host.post("/api/remote/host", {})
    wait_until(lambda: remote(host)["link"]["state"] == "connected", "the host is on the broker")
    return codes


def test_each_wrong_code_costs_a_live_exchange_and_the_third_moves_the_door(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    rogue = Rogue(mosquitto.port)
    try:
        code = hosted(host)["code"]
        for tried, guess in enumerate(wrong_codes(code, MAX_FAILURES), start=1):
            assert rogue.join(guess) == ("refused", "wrong code")
            if tried < MAX_FAILURES:
                assert remote(host)["code"] == code and remote(host)["join"]["failed"] == tried
        now = remote(host)
        assert now["code"][:2] not in (code[:2], now["spectator_code"][:2])  # another place
        assert now["join"] == {
            "failed": 0,
            "missed": 0,
            "codes": 2,
            "guessed": 3,
            "spectator_failed": 0,
        }
        assert "someone is guessing this game's codes (3 wrong tries)" in now["problem"]
        guest.post("/api/remote/join", {"code": code})  # the old code finds nobody now
        wait_until(lambda: "no board hosts" in str(remote(guest)["problem"]), "the old code")
        assert remote(guest)["role"] == "joining"
        guest.post("/api/remote/leave")
        guest.post("/api/remote/join", {"code": now["code"]})
        wait_until(lambda: in_step(host, guest), "the new code lets the board in")
        assert remote(guest)["role"] == "guest" and remote(host)["joined"] is True
    finally:
        rogue.close()
        host.stop()
        guest.stop()


def test_a_code_is_used_up_by_the_board_that_joined(tmp_path: Path, mosquitto: Mosquitto) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    third = Side(tmp_path / "third", ["--remote", mosquitto.url]).start()
    rogue = Rogue(mosquitto.port)
    try:
        codes = hosted(host)
        guest.post("/api/remote/join", {"code": codes["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        third.post("/api/remote/join", {"code": codes["code"]})
        wait_until(lambda: "has been used" in str(remote(third)["problem"]), "the third refused")
        assert rogue.join(codes["code"])[0] == "refused"
        kind, welcome = rogue.join(codes["spectator_code"])  # any number may watch
        assert kind == "welcome" and isinstance(welcome, Welcome)
        assert welcome.role == "spectator"
        assert remote(host)["join"]["failed"] == 0  # a used code is no wrong guess
    finally:
        rogue.close()
        for side in (host, guest, third):
            side.stop()


def snapshot_of(welcome: Welcome, rogue: Rogue) -> messages.Snapshot:
    """The host's latest snapshot as a board that joined reads it."""
    opener = Opener(welcome.log_key, mac_key=welcome.to_guest)
    topic = game_topic(welcome, messages.SNAPSHOT)
    opened = [opener.open(topic, seen.payload) for seen in rogue.on(topic)]
    texts = [o.text for o in opened if o.verdict == "ok"]
    return messages.expect(messages.decode(texts[-1]), messages.Snapshot)


def order_of(game: int, base: int, nonce: str, action: dict[str, Any]) -> messages.Order:
    return messages.Order(game, base, nonce, msgspec.convert(action, messages.OrderAction))


def test_a_code_holder_as_guest_or_spectator_gets_nothing_past_the_rules(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """The rogue joins with the join code in place of a board (it holds the guest's keys), then
    with the spectator's code; a real spectator watches."""
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    watcher = Side(tmp_path / "watcher", ["--remote", mosquitto.url]).start()
    rogue = Rogue(mosquitto.port)
    try:
        codes = hosted(host)
        kind, guest = rogue.join(codes["code"])
        assert kind == "welcome" and isinstance(guest, Welcome) and guest.role == "guest"
        kind, spectator = rogue.join(codes["spectator_code"])
        assert kind == "welcome" and isinstance(spectator, Welcome)
        assert spectator.game_id == guest.game_id and spectator.log_key == guest.log_key
        watcher.post("/api/remote/join", {"code": codes["spectator_code"]})
        wait_until(lambda: in_step(host, watcher), "the spectator follows the host's game")
        rogue.listen(game_topic(guest, "#"))
        rogue.wait(game_topic(guest, messages.SNAPSHOT))
        game = snapshot_of(guest, rogue).game
        orders = Sealer(guest.guest_key)
        topic = game_topic(guest, messages.ORDERS)

        def order(action: dict[str, Any], base: int) -> str:
            nonce = os.urandom(8).hex()
            body = order_of(game, base, nonce, action)
            rogue.publish(topic, orders.seal(topic, body))
            return nonce

        def refused(nonce: str) -> str:
            opener = Opener(guest.log_key, mac_key=guest.to_guest)
            where = game_topic(guest, messages.REFUSED)
            for seen in rogue.wait(where):
                opened = opener.open(where, seen.payload)
                if opened.verdict != "ok":
                    continue
                body = messages.expect(messages.decode(opened.text), messages.Refused)
                if body.nonce == nonce:
                    return body.reason
            return ""

        # seat 1 (the host's) is to move: its placement and its resignation are refused
        for action in ({"kind": "place", "hole": "R-I-S"}, {"kind": "resign", "seat": 0}):
            nonce = order(action, 0)
            wait_until(lambda n=nonce: "hosting board" in refused(n), f"{action} refused")
        host.up.post("/api/sim/place", {"hole": "G-II-D"})
        wait_until(lambda: remote(host)["log"] == 1, "the host's own move")
        nonce = order({"kind": "place", "hole": "G-II-D"}, 1)  # the guest's turn: taken hole
        wait_until(lambda: refused(nonce) != "", "an illegal placement refused")
        # a spectator's only key seals the host's messages: the host takes no order sealed with it
        forged_before = dropped(host)["forged"]
        as_spectator = Sealer(spectator.log_key)
        rogue.publish(
            topic,
            as_spectator.seal(topic, order_of(game, 1, "s", {"kind": "resign"})),
        )
        wait_until(lambda: dropped(host)["forged"] == forged_before + 1, "the order dropped")
        # the host's log forged to the spectator (with the guest's MAC key and a signature of its
        # own): a last game, an entry of the same game
        impostor = Sealer(
            guest.log_key, mac_key=guest.to_guest, signer=Ed25519PrivateKey.generate()
        )
        where = game_topic(guest, messages.SNAPSHOT)
        last = messages.Snapshot(2**53 - 1, messages.NewGame("qubic", 2), (), (0,))
        rogue.publish(where, impostor.seal(where, last), retain=True)
        where = game_topic(guest, messages.LOG)
        resign = messages.LogEntry("action", messages.ActionData("resign"))
        entry = messages.Entry.of(game, 2, resign)
        rogue.publish(where, impostor.seal(where, entry))
        wait_until(lambda: dropped(watcher)["forged"] >= 2, "the spectator drops both")
        state = host.state()
        assert list(state["board"]) == ["G-II-D"] and state["to_move"] == 1
        assert state["phase"] != "game_over" and remote(host)["log"] == 1
        assert game_of(watcher.state()) == game_of(state)
        nonce = order({"kind": "place", "hole": "Y-III-H"}, 1)  # a legal move of its own seat
        wait_until(lambda: remote(host)["log"] == 2, "the guest's legal move is taken")
        wait_until(lambda: in_step(host, watcher), "the spectator still follows")
        assert "Y-III-H" in watcher.state()["board"]
    finally:
        rogue.close()
        host.stop()
        watcher.stop()


def test_replayed_snapshots_and_wills_change_nothing(tmp_path: Path, mosquitto: Mosquitto) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    rogue = Rogue(mosquitto.port)
    try:
        game_id = hosted(host)["game_id"]
        rogue.listen(messages.topic(game_id, "#"))
        guest.post("/api/remote/join", {"code": remote(host)["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        snapshots = messages.topic(game_id, messages.SNAPSHOT)

        def with_mac() -> list[bytes]:  # the host's snapshots since the guest joined
            return [seen.payload for seen in rogue.on(snapshots) if seen.payload[0] & MAC]

        wait_until(lambda: bool(with_mac()), "a snapshot the guest reads")
        first = with_mac()[-1]
        guest.kill()  # the broker sends the guest's will
        will = messages.topic(game_id, f"{messages.PRESENCE}/guest")
        wait_until(lambda: remote(host)["link"]["peer"] == "gone", "the host sees the guest gone")
        gone = rogue.on(will)[-1]
        guest.start()
        wait_until(lambda: remote(host)["link"]["peer"] == "online", "the guest is back")
        host.up.post("/api/sim/place", {"hole": "R-I-S"})
        wait_until(lambda: "R-I-S" in guest.state()["board"], "the guest sees the move")
        rogue.publish(will, gone.payload, retain=True)  # an old will: the guest is gone?
        guest.up.post("/api/sim/place", {"hole": "R-I-S"})  # the person puts the Man there
        guest.up.post("/api/sim/place", {"hole": "Y-II-H"})  # and plays, after the old will
        wait_until(lambda: "Y-II-H" in host.state()["board"], "the guest's move reaches the host")
        assert remote(host)["link"]["peer"] == "online"
        drops = remote(host)["link"]["history"]["drops"]  # the kill, not the replayed will
        assert [(drop["side"], drop["ongoing"]) for drop in drops] == [("peer", False)]
        rogue.publish(snapshots, first, retain=True)  # the game as it began
        guest.kill()  # the broker keeps the replayed snapshot: a restarted guest reads it first
        guest.start()
        wait_until(lambda: in_step(host, guest), "the guest is back in the game")
        # the old snapshot is dropped (stale, or a copy of one seen before): the game stays
        assert "Y-II-H" in guest.state()["board"] and remote(guest)["log"] == 2
        host.up.post("/api/sim/place", {"hole": "Y-II-H"})  # the host's person mirrors it
        host.up.post("/api/sim/place", {"hole": "G-III-D"})  # and plays on
        wait_until(lambda: "G-III-D" in guest.state()["board"], "the game goes on")
    finally:
        rogue.close()
        host.stop()
        guest.stop()


def test_retained_messages_leave_the_broker_at_the_end_and_on_leaving(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"]).start()
    rogue = Rogue(mosquitto.port)
    try:
        open_game(host, guest, "qubic")
        game_id = remote(host)["game_id"]
        tree = messages.topic(game_id, "").rstrip("/")
        kept = {seen.topic.rsplit("/", 1)[-1] for seen in rogue.retained(tree)}
        assert kept >= {messages.SNAPSHOT, "host", "guest"}  # the game runs: it is kept
        play(host, guest, until=both_over)
        wait_until(
            lambda: (
                messages.SNAPSHOT
                not in {seen.topic.rsplit("/", 1)[-1] for seen in rogue.retained(tree)}
            ),
            "the finished game's snapshot leaves the broker",
        )
        guest.post("/api/remote/leave")
        wait_until(lambda: remote(host)["link"]["peer"] == "left", "the host hears the guest left")
        host.post("/api/remote/leave")
        assert rogue.retained(tree) == []
        assert host.state()["remote"] is None
    finally:
        rogue.close()
        host.stop()
        guest.stop()


def test_a_code_nobody_hosts_says_so(tmp_path: Path, mosquitto: Mosquitto) -> None:
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    try:
        guest.post("/api/remote/join", {"code": "KTXHRBMN"})
        wait_until(
            lambda: "no board hosts this code" in str(remote(guest)["problem"]),
            "the page says that nobody answers",
        )
        assert remote(guest)["role"] == "joining" and remote(guest)["game_id"] is None
        refused = guest.up.post("/api/roll")
        assert refused.status_code == 409 and "joining" in refused.json()["error"]
    finally:
        guest.stop()
