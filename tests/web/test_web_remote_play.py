"""Remote play end to end: two services on simulated boards play whole games against each
other through a real mosquitto (docs/REMOTE.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from broker_support import Mosquitto
from remote_support import (
    FAST,
    Side,
    both_over,
    game_of,
    in_step,
    mirror,
    open_game,
    play,
)

from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]


def not_dropped_but_copies(remote: dict[str, Any]) -> bool:
    """Nothing of a clean game was dropped but copies and late comers: QoS 1 delivers a message
    at least once, and a copy is dropped as ``duplicate``; on a loaded machine a message may come
    after the position it was made at has moved on, which the protocol drops as ``stale`` by
    design (docs/REMOTE.md). Nothing forged, malformed, refused or overflowing."""
    dropped: dict[str, int] = remote["link"]["dropped"]
    return all(count == 0 for kind, count in dropped.items() if kind not in ("duplicate", "stale"))


@pytest.mark.parametrize("variant", ["lucky", "qubic"])
def test_two_boards_play_a_whole_game(tmp_path: Path, mosquitto: Mosquitto, variant: str) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"]).start()
    try:
        open_game(host, guest, variant)
        ours, theirs = play(host, guest, until=both_over)
        assert ours["variant"] == variant
        assert game_of(ours) == game_of(theirs)
        assert theirs["phase"] == "game_over"
        assert ours["winner"] is not None or ours["draw"]
        for state in (ours, theirs):
            assert not_dropped_but_copies(state["remote"]), state["remote"]["link"]["dropped"]
            assert [seat["place"] for seat in state["seats"]] == (
                ["local", "remote"] if state is ours else ["remote", "local"]
            )
    finally:
        host.stop()
        guest.stop()


@pytest.mark.parametrize("geometry", ["flip4", "olix"])
def test_two_flat_boards_play_a_whole_game(
    tmp_path: Path, mosquitto: Mosquitto, geometry: str
) -> None:
    """Flip 4 (the host throws the dice; steps, flips and corner jumps travel as moves) and Olix,
    each between two boards of its own; the people at both boards mirror the other's moves."""
    host = Side(tmp_path / "host", ["--remote", mosquitto.url], geometry=geometry).start()
    guest = Side(
        tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"], geometry=geometry
    ).start()
    try:
        open_game(host, guest, geometry)
        ours, theirs = play(host, guest, until=both_over)
        assert ours["variant"] == theirs["variant"] == geometry
        assert game_of(ours) == game_of(theirs)
        assert ours["winner"] is not None or ours["draw"]
        kept = host.up.client.get("/api/games").json()["games"][0]
        record = host.up.client.get(f"/api/games/{kept['id']}.json").json()
        done = {(move["seat"], move["action"]["kind"]) for move in record["moves"]}
        assert (1, "place") in done  # seat 1 is the guest's: its placements came as orders
        if geometry == "flip4":
            assert (1, "roll") in done
        for state in (ours, theirs):
            assert not_dropped_but_copies(state["remote"])
    finally:
        host.stop()
        guest.stop()


def test_a_flip4_step_on_each_board_reaches_the_other(tmp_path: Path, mosquitto: Mosquitto) -> None:
    """Part 2 of Flip 4 between two boards, a person at each with real dice (the faces entered):
    the host's step is mirrored on the guest's board, the guest's step is an order the host
    carries out, and both boards end in the same game."""
    config = FAST.replace("[game]\n", '[game]\ndice = "physical"\n')
    host = Side(tmp_path / "host", ["--remote", mosquitto.url], config, "flip4").start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url], config, "flip4").start()
    position = "c3 b1 c1 d1 / a3 a4 b5 c5"
    try:
        body = {"variant": "flip4", "players": 2, "options": {"position": position}}
        host.post("/api/new_game", body)
        guest.post("/api/remote/join", {"code": host.post("/api/remote/host", {})["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")

        def set_out(side: Side) -> bool:
            state = side.state()
            mirror(side, state)
            return state["phase"] not in ("await_fix", "await_place") and not any(
                state["mismatch"].values()
            )

        for side in (host, guest):  # each person sets the pieces out as the position says
            wait_until(lambda side=side: set_out(side), "the pieces set out")
        host.post("/api/roll", {"faces": "2/1"})  # 1 on c3: Red's piece there may step
        wait_until(lambda: host.state()["phase"] == "await_move", "Red's step")
        host.up.post("/api/sim/lift", {"hole": "c3"})
        host.up.post("/api/sim/place", {"hole": "d2"})
        wait_until(
            lambda: "d2" in guest.state()["board"] and in_step(host, guest),
            "the guest hears of Red's step",
        )
        assert guest.state()["board"]["d2"]["team"] == 0
        wait_until(lambda: set_out(guest), "Blue's person moves Red's piece on the guest's board")
        guest.post("/api/roll", {"faces": "5/3"})  # 15 on a3: Blue's piece there may step
        wait_until(
            lambda: host.state()["phase"] == guest.state()["phase"] == "await_move",
            "Blue's throw carried out by the host",
        )
        assert guest.state()["allowed"] == ["a3"]
        guest.up.post("/api/sim/lift", {"hole": "a3"})
        guest.up.post("/api/sim/place", {"hole": "b3"})
        wait_until(lambda: "b3" in host.state()["board"], "the host carries out Blue's step")
        wait_until(lambda: in_step(host, guest), "both boards in the same game")
        ours = host.state()
        assert ours["board"]["b3"]["team"] == 1 and "a3" not in ours["board"]
        assert ours["to_move"] == 0 and ours["remote"]["link"]["dropped"]["refused"] == 0
    finally:
        host.stop()
        guest.stop()


def test_a_board_of_another_shape_cannot_follow_the_game(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url], geometry="olix").start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    try:
        host.post("/api/new_game", {"variant": "olix", "players": 2})
        guest.post("/api/remote/join", {"code": host.post("/api/remote/host", {})["code"]})
        wait_until(lambda: bool(guest.state()["remote"]["problem"]), "the guest names its problem")
        problem = guest.state()["remote"]["problem"]
        assert "olix (11x11, 121 cells)" in problem and "--geometry olix" in problem
        assert guest.state()["variant"] != "olix"  # its own game stays as it was
    finally:
        host.stop()
        guest.stop()


def test_a_spectator_follows_live_and_cannot_play(tmp_path: Path, mosquitto: Mosquitto) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"]).start()
    watcher = Side(tmp_path / "watcher", ["--remote", mosquitto.url]).start()
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        codes = host.post("/api/remote/host", {})
        assert codes["spectator_code"] != codes["code"]
        guest.post("/api/remote/join", {"code": codes["code"]})
        watcher.post("/api/remote/join", {"code": codes["spectator_code"]})
        wait_until(lambda: in_step(host, watcher), "the spectator follows the host's game")
        seen = watcher.state()
        assert seen["remote"]["role"] == "spectator" and seen["remote"]["code"] is None
        assert [seat["place"] for seat in seen["seats"]] == ["remote", "remote"]
        refused = watcher.up.post("/api/penalty", {"seat": 1})
        assert refused.status_code == 409 and "spectator" in refused.json()["error"]

        def moves_made(count: int) -> Callable[[dict[str, Any], dict[str, Any]], bool]:
            return lambda ours, theirs: len(ours["board"]) >= count and in_step(host, guest)

        def host_matches() -> bool:
            state = host.state()
            mirror(host, state)
            return state["phase"] != "await_fix" and in_step(host, guest)

        for count in (1, 2, 3, 4):
            wait_until(host_matches, "the host's board matches the game")
            if host.state()["to_move"] == 0:
                free = host.state()["allowed"][0]
                host.up.post("/api/sim/place", {"hole": free})
            play(host, guest, until=moves_made(count))
        wait_until(lambda: in_step(host, watcher), "the spectator sees every move")
        assert len(watcher.state()["board"]) >= 4
        assert not_dropped_but_copies(host.state()["remote"])
    finally:
        for side in (host, guest, watcher):
            side.stop()


def test_a_take_back_on_the_host_is_taken_back_on_the_guest(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        guest.post("/api/remote/join", {"code": host.post("/api/remote/host", {})["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        host.up.post("/api/sim/place", {"hole": "G-II-D"})
        wait_until(lambda: "G-II-D" in guest.state()["board"], "the guest sees the move")
        guest.up.post("/api/sim/place", {"hole": "G-II-D"})  # its person puts the Man there
        refused = guest.up.post("/api/undo")
        assert refused.status_code == 409 and "hosting board" in refused.json()["error"]
        host.post("/api/undo")
        wait_until(lambda: not guest.state()["board"], "the take-back reaches the guest")
        wait_until(  # the Man to lift blinks, once the guest's board has sensed it settle
            lambda: guest.state()["mismatch"]["extra"] == ["G-II-D"], "the Man to lift blinks"
        )
        theirs = guest.state()
        assert game_of(theirs) == game_of(host.state()) and theirs["remote"]["log"] == 2
    finally:
        host.stop()
        guest.stop()


def test_the_other_boards_move_is_a_piece_to_put_not_one_to_put_back(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """Issue: the joining board read the host's move as "Put the Red Man back on R-I-S", a Man
    that was never there. Once it was there, lifting it is a Man to put back."""
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})  # two people
        guest.post("/api/remote/join", {"code": host.post("/api/remote/host")["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        host.post("/api/sim/place", {"hole": "R-I-S"})  # Red plays at the host's board
        copy = "Put a Red Man on R-I-S: the other board's move"
        wait_until(lambda: copy in guest.state()["fix"], "the guest is asked for the host's Man")
        german = guest.state()["languages"]["de"]["fix"]
        assert german == ["Auf R-I-S setzen: Männchen von Rot (der Zug des anderen Bretts)"]
        guest.post("/api/sim/place", {"hole": "R-I-S"})
        wait_until(lambda: guest.state()["mismatch"]["missing"] == [], "the copy is seen")
        guest.post("/api/sim/lift", {"hole": "R-I-S"})
        back = "Put the Red Man back on R-I-S"
        wait_until(lambda: guest.state()["fix"] == [back], "a Man lifted is one to put back")
    finally:
        host.stop()
        guest.stop()
