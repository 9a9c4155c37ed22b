"""Pay-Off Flix between two boards (and a spectator) through a real mosquitto (docs/REMOTE.md,
"Hidden tokens"): a whole game of a computer seat on each board in physical token mode ends
alike on the three boards, and a spy that reads every message on ``#`` and holds the other
board's view (its ``/api/state``, its journal, its records) finds no token of a Man before its
line scores; after it scored, the tokens entered by the scoring seat's board are the same on
every board and come from that team's hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from broker_support import Mosquitto
from remote_support import Side, both_over, game_of, in_step, open_game, play, wait_for
from rogue_support import Rogue
from sniff_support import assert_read_nothing

from controller.records.journal import Journal

TOKENS = [977, 613, 541, 389, 263, 157, 97, 83, 71, 59, 43, 31]
"""Token values planted to be found: none is a hole count, a seat or a time of the game."""
OPTIONS = {"token_mode": "physical", "tokens": TOKENS}


def journal_tokens(side: Side) -> list[object]:
    """Every token value ``side``'s journal holds for a Man of the running game."""
    journal = Journal(side.folder / "data")
    try:
        entries = journal.current_game()
    finally:
        journal.close()
    return [e.data["token"] for e in entries if e.kind == "action" and "token" in e.data]


def record_tokens(side: Side) -> list[object]:
    """Every token value in ``side``'s records of finished games."""
    found: list[object] = []
    for kept in side.up.client.get("/api/games").json()["games"]:
        record = side.up.client.get(f"/api/games/{kept['id']}.json").json()
        found += [m["action"]["token"] for m in record["moves"] if "token" in m["action"]]
    return found


def team_view(side: Side, team: int) -> dict[str, Any]:
    """``side``'s state as team ``team``'s page reads it (its own tokens shown)."""
    response = side.up.client.get("/api/state", params={"team": team})
    response.raise_for_status()
    state: dict[str, Any] = response.json()
    return state


def shown_tokens(side: Side) -> dict[str, object]:
    """The token values ``side`` shows at its Men, in the public view and each team's."""
    views = [side.state(), team_view(side, 0), team_view(side, 1)]
    return {
        hole: value
        for state in views
        for hole, value in state["token_holes"].items()
        if value is not None
    }


def test_a_whole_payoff_game_keeps_each_board_s_tokens_until_its_line_scores(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    rogue = Rogue(mosquitto.port, subscribe=("#",))
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"]).start()
    watcher = Side(tmp_path / "watcher", ["--remote", mosquitto.url]).start()
    spied: list[int] = []

    def spy(step: int) -> None:
        """Before a line scored, neither board nor the spectator holds a token of a Man."""
        for side in (host, guest, watcher):
            state = side.state()
            if state["phase"] in ("await_tokens", "game_over"):
                return
            assert shown_tokens(side) == {}, side.folder
            assert journal_tokens(side) == [], side.folder
        spied.append(step)

    try:
        open_game(host, guest, "payoff", options=OPTIONS)
        codes = host.state()["remote"]
        watcher.post("/api/remote/join", {"code": codes["spectator_code"]})
        wait_for(lambda: in_step(host, watcher), "the spectator follows the host's game")
        dealt = {0: team_view(host, 0)["dealt"], 1: team_view(guest, 1)["dealt"]}
        assert sorted(dealt[0] + dealt[1]) == sorted(TOKENS)  # the public split of the set
        ours, theirs = play(host, guest, until=both_over, between=spy)
        wait_for(lambda: in_step(host, watcher), "the spectator sees the game's end")
        assert len(spied) > 8  # the spy looked at every board after each of many moves
        assert ours["variant"] == "payoff" and ours["winner"] is not None, ours
        assert game_of(ours) == game_of(theirs) == game_of(watcher.state())
        paid = ours["game_value"]
        assert paid == theirs["game_value"] == watcher.state()["game_value"]
        entered = [v for v in paid["men"].values() if v != 5]
        assert all(value in dealt[paid["team"]] for value in entered), (entered, dealt)
        for side in (host, guest, watcher):  # the tokens entered, and only those, are kept
            assert sorted(map(str, record_tokens(side))) == sorted(map(str, entered)), side
        assert_read_nothing(rogue, host, codes)
        for message in rogue.seen:  # nothing a token's value would be written as
            assert not any(f'"token":{value}'.encode() in message.payload for value in TOKENS)
    finally:
        rogue.close()
        for side in (host, guest, watcher):
            side.stop()
