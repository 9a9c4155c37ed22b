"""Tac-T-Flix between two boards (and a spectator) through a real mosquitto (docs/REMOTE.md):
a whole game of a computer seat on each board, whose placements, calls, free plays, Burocrat
substitutions and withdrawals travel as orders (the guest's seat) and log entries (the host's),
the three boards ending in the same game, an outsider subscribed to ``#`` reading nothing of it;
and two people, one at each board, whose take-back, calls, penalty, free play, Burocrat,
withdrawal and resignation reach the other board."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from broker_support import Mosquitto
from remote_support import (
    Side,
    both_over,
    game_of,
    in_step,
    kept_games,
    mirror,
    open_game,
    play,
    record_moves,
)
from rogue_support import Rogue
from sniff_support import assert_read_nothing

from controller.records.journal import Journal
from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]


def kinds_by_seat(host: Side) -> set[tuple[int, str]]:
    """The (seat, action) pairs of the host's record of its last game."""
    kept = host.up.client.get("/api/games").json()["games"][0]
    record = host.up.client.get(f"/api/games/{kept['id']}.json").json()
    return {(move["seat"], move["action"]["kind"]) for move in record["moves"]}


def test_a_whole_tactflix_game_of_a_computer_seat_on_each_board(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    rogue = Rogue(mosquitto.port, subscribe=("#",))
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"]).start()
    watcher = Side(tmp_path / "watcher", ["--remote", mosquitto.url]).start()
    try:
        open_game(host, guest, "tactflix")
        codes = host.state()["remote"]
        watcher.post("/api/remote/join", {"code": codes["spectator_code"]})
        wait_until(lambda: in_step(host, watcher), "the spectator follows the host's game")
        ours, theirs = play(host, guest, until=both_over)
        wait_until(lambda: in_step(host, watcher), "the spectator sees the game's end")
        assert ours["variant"] == "tactflix" and ours["phase"] == "game_over"
        assert ours["winner"] is not None or ours["draw"]  # a full board ends it drawn
        assert game_of(ours) == game_of(theirs) == game_of(watcher.state())
        sides = (host, guest, watcher)
        wait_until(lambda: all(kept_games(side) for side in sides), "each board keeps the game")
        assert record_moves(guest) == record_moves(host) == record_moves(watcher)
        done = kinds_by_seat(host)  # seat 1 is the guest's: its actions came as orders
        assert {(0, "place"), (1, "place")} <= done, done
        for seat in (0, 1):  # a seat that scored called, seated Burocrats and withdrew
            if any(team == seat for team, _ in ours["scored_lines"]):
                assert {(seat, "call"), (seat, "substitute"), (seat, "withdraw")} <= done, done
        assert_read_nothing(rogue, host, codes)
    finally:
        rogue.close()
        for side in (host, guest, watcher):
            side.stop()


def test_calls_a_take_back_and_a_resignation_travel_between_two_people(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """Red plays at the host's board, Blue at the guest's: Red's Man taken back on the host is
    taken back on the guest; Blue's FLIX and PENALTY (nothing to score or penalise: the host
    refuses them, and the guest hears why) and its resignation are orders to the host."""
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    try:
        host.post("/api/new_game", {"variant": "tactflix", "players": 2})
        guest.post("/api/remote/join", {"code": host.post("/api/remote/host", {})["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        host.post("/api/sim/place", {"hole": "R-I-S"})
        wait_until(lambda: "R-I-S" in guest.state()["board"], "the guest sees Red's Man")
        host.post("/api/undo")
        wait_until(lambda: not guest.state()["board"], "the take-back reaches the guest")
        assert guest.state()["remote"]["log"] == 2 and guest.state()["to_move"] == 0
        host.post("/api/sim/lift", {"hole": "R-I-S"})
        host.post("/api/sim/place", {"hole": "R-II-H"})
        wait_until(lambda: guest.state()["to_move"] == 1, "Blue's turn on the guest")
        for count, order in enumerate(("call", "penalty"), start=1):
            guest.post(f"/api/{order}", {"seat": 1})  # the host answers: nothing to do
            wait_until(lambda count=count: len(refusals(guest)) == count, f"Blue's {order}")
        assert guest.state()["board"] == host.state()["board"]
        guest.post("/api/resign", {"seat": 1})
        wait_until(lambda: guest.state()["phase"] == "game_over", "the resignation reaches both")
        ours = host.state()
        assert ours["phase"] == "game_over" and ours["winner"] == 0
        assert game_of(ours) == game_of(guest.state())
        assert (1, "resign") in kinds_by_seat(host)
    finally:
        host.stop()
        guest.stop()


def refusals(side: Side) -> list[str]:
    """The reasons of the host's refusals of this board's orders, as its page heard them."""
    return [e["reason"] for e in side.state()["events"] if e["type"] == "remote_refused"]


def test_a_penalty_a_call_a_free_play_and_burocrats_of_the_guest_s_person(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """Red plays at the host's board, Blue at the guest's. Red completes a line and does not
    call: Blue's PENALTY takes it off both boards. Blue completes a line, calls FLIX, takes its
    free play, seats its won-back Burocrat and withdraws its Men: each an order the host carries
    out, and both boards end in the same game."""
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()

    def matched(side: Side, phases: tuple[str, ...]) -> Callable[[], bool]:
        def check() -> bool:
            state = side.state()
            mirror(side, state)
            fix = state["mismatch"]
            return state["phase"] in phases and not (
                fix["missing"] or fix["extra"] or fix["wrong_kind"]
            )

        return check

    def holds(hole: str) -> Callable[[dict[str, Any]], bool]:
        return lambda state: hole in state["board"]

    def hand(side: Side, hole: str, done: Callable[[dict[str, Any]], bool]) -> None:
        """The person at ``side`` places a Man once both boards match the game."""
        for each in (host, guest):
            wait_until(matched(each, ("await_place",)), "the boards match the game")
        side.post("/api/sim/place", {"hole": hole})
        wait_until(lambda: done(host.state()) and in_step(host, guest), f"the Man on {hole}")

    try:
        host.post("/api/new_game", {"variant": "tactflix", "players": 2})
        guest.post("/api/remote/join", {"code": host.post("/api/remote/host", {})["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        for red, blue in [("R-I-S", "B-IV-S"), ("R-I-H", "B-IV-H"), ("R-I-D", "B-IV-D")]:
            hand(host, red, holds(red))
            hand(guest, blue, holds(blue))
        hand(host, "R-I-C", lambda state: state["to_move"] == 1)  # Red does not call
        wait_until(lambda: host.state()["call_window"] is None, "Red's call window closes")
        guest.post("/api/penalty", {"seat": 1})
        wait_until(lambda: "R-I-C" not in host.state()["board"], "Blue's penalty")
        hand(guest, "B-IV-C", lambda state: "B-IV-C" in state["board"])
        guest.post("/api/call", {"seat": 1})
        wait_until(lambda: len(host.state()["scored_lines"]) == 1, "Blue's FLIX")
        hand(guest, "B-II-S", lambda state: "B-II-S" in state["board"])  # the free play
        for each in (host, guest):
            wait_until(matched(each, ("substitute",)), "Blue seats its Burocrat next")
        guest.post("/api/sim/lift", {"hole": "B-IV-S"})
        guest.post("/api/sim/place", {"hole": "B-IV-S", "piece": "burocrat"})
        for each in (host, guest):
            wait_until(matched(each, ("withdraw",)), "Blue's Burocrat, seen on both boards")
        for hole in ("B-IV-H", "B-IV-D", "B-IV-C"):
            guest.post("/api/sim/lift", {"hole": hole})
        wait_until(lambda: host.state()["to_move"] == 0, "Blue's withdrawal")
        for each in (host, guest):
            wait_until(matched(each, ("await_place",)), "the boards match the game")
        ours = host.state()
        assert ours["board"]["B-IV-S"]["piece"] == "burocrat"
        assert set(ours["board"]) == {"B-IV-S", "B-II-S"}
        assert game_of(ours) == game_of(guest.state())
        done = journalled(host)  # only Blue substituted and withdrew in this game
        assert {(1, "penalty"), (1, "call")} <= set(done)
        assert {"substitute", "withdraw"} <= {kind for _, kind in done}
    finally:
        host.stop()
        guest.stop()


def journalled(host: Side) -> list[tuple[int, str]]:
    """The (seat, action) pairs of the host's running game, from its journal (seat -1: the
    mover's, an action that names no seat)."""
    journal = Journal(host.folder / "data")
    try:
        entries = [entry.data for entry in journal.current_game() if entry.kind == "action"]
    finally:
        journal.close()
    return [(int(str(data.get("seat", -1))), str(data["kind"])) for data in entries]
