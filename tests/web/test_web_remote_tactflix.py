"""Tac-T-Flix between two boards and a spectator through a real mosquitto (docs/REMOTE.md): a
whole game of a computer seat on each board, whose placements, calls, free plays, Burocrat
substitutions and withdrawals travel as orders (the guest's seat) and log entries (the host's),
the three boards ending in the same game; an outsider subscribed to ``#`` reads nothing of it."""

from __future__ import annotations

from pathlib import Path

from broker_support import Mosquitto
from remote_support import Side, both_over, game_of, in_step, open_game, play, wait_for
from rogue_support import Rogue
from sniff_support import assert_read_nothing


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
        wait_for(lambda: in_step(host, watcher), "the spectator follows the host's game")
        ours, theirs = play(host, guest, until=both_over)
        wait_for(lambda: in_step(host, watcher), "the spectator sees the game's end")
        assert ours["variant"] == "tactflix" and ours["winner"] is not None
        assert game_of(ours) == game_of(theirs) == game_of(watcher.state())
        done = kinds_by_seat(host)  # seat 1 is the guest's: its actions came as orders
        assert {(1, "place"), (1, "call"), (1, "substitute"), (1, "withdraw")} <= done, done
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
        wait_for(lambda: in_step(host, guest), "the guest follows the host's game")
        host.post("/api/sim/place", {"hole": "R-I-S"})
        wait_for(lambda: "R-I-S" in guest.state()["board"], "the guest sees Red's Man")
        host.post("/api/undo")
        wait_for(lambda: not guest.state()["board"], "the take-back reaches the guest")
        assert guest.state()["remote"]["log"] == 2 and guest.state()["to_move"] == 0
        host.post("/api/sim/lift", {"hole": "R-I-S"})
        host.post("/api/sim/place", {"hole": "R-II-H"})
        wait_for(lambda: guest.state()["to_move"] == 1, "Blue's turn on the guest")
        for count, order in enumerate(("call", "penalty"), start=1):
            guest.post(f"/api/{order}", {"seat": 1})  # the host answers: nothing to do
            wait_for(lambda count=count: len(refusals(guest)) == count, f"Blue's {order}")
        assert guest.state()["board"] == host.state()["board"]
        guest.post("/api/resign", {"seat": 1})
        wait_for(lambda: guest.state()["phase"] == "game_over", "the resignation reaches both")
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
