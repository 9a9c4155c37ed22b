"""Pay-Off Flix between two boards (and a spectator) through a real mosquitto (docs/REMOTE.md,
"Hidden tokens"): a whole game of a computer seat on each board in physical token mode ends
alike on the three boards, and a spy that reads every message on ``#`` and holds the other
board's view (its ``/api/state``, its journal, its records) finds no token of a Man before its
line scores; after it scored, the tokens entered by the scoring seat's board are the same on
every board and come from that team's hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from broker_support import Mosquitto
from hostile_support import Outsider, as_host, joined_keys, link, topic
from payoff_support import people, remote_game
from remote_support import Side, both_over, game_of, in_step, mirror, open_game, play
from rogue_support import Rogue
from sniff_support import assert_read_nothing

from controller.records.journal import Journal
from controller.remote import messages
from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]

TOKENS = [977, 613, 541, 389, 263, 157, 97, 83, 71, 59, 43, 31]
"""Token values planted to be found: none is a hole count, a seat or a time of the game."""
OPTIONS = {"token_mode": "physical", "tokens": TOKENS}


def journal_tokens(side: Side) -> list[int]:
    """Every token value ``side``'s journal holds for a Man of the running game."""
    journal = Journal(side.folder / "data")
    try:
        entries = journal.current_game()
    finally:
        journal.close()
    tokens: list[int] = []
    for e in entries:
        if e.kind == "action" and "token" in e.data:
            token = e.data["token"]
            assert token is not None, e  # the journal writes no token it has not
            tokens.append(token)
    return tokens


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
            shown, kept = shown_tokens(side), journal_tokens(side)
            state = side.state()  # read after them: if no line scored yet, none was revealed
            if state["scored_lines"] or state["winner"] is not None:
                return
            assert (shown, kept) == ({}, []), side.folder
        spied.append(step)

    try:
        open_game(host, guest, "payoff", options=OPTIONS)
        codes = host.state()["remote"]
        watcher.post("/api/remote/join", {"code": codes["spectator_code"]})
        wait_until(lambda: in_step(host, watcher), "the spectator follows the host's game")
        dealt = {0: team_view(host, 0)["dealt"], 1: team_view(guest, 1)["dealt"]}
        assert sorted(dealt[0] + dealt[1]) == sorted(TOKENS)  # the public split of the set
        ours, theirs = play(host, guest, until=both_over, between=spy)
        wait_until(lambda: in_step(host, watcher), "the spectator sees the game's end")
        # The spy looked at every board after several moves before the first line scored (how
        # many depends on how fast the computers play against the polls: 6 to 20 were seen).
        assert len(spied) >= 3
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


PEOPLE = {**OPTIONS, "auto_call": True}
"""Two people's game: a completed line scores at once (no call window to race)."""
RED = ("R-I-S", "R-I-H", "R-I-D", "R-I-C")
BLUE = ("B-IV-S", "B-IV-H", "B-IV-D", "B-IV-C")
ASIDE = ("G-III-S", "Y-II-D")
"""Men of the team whose line does not score: never four in a line."""
WRONG = 999
"""A token nobody was dealt (not in ``TOKENS``)."""


def settled(side: Side, phase: str) -> bool:
    """The person at ``side`` mirrors the other board's Men; whether it matches the game and
    the game is in ``phase``."""
    state = side.state()
    mirror(side, state)
    fix = state["mismatch"]
    return state["phase"] == phase and not (fix["missing"] or fix["extra"] or fix["wrong_kind"])


def placed(host: Side, guest: Side, moves: list[tuple[Side, str]]) -> None:
    """Each person places a Man where ``moves`` say, once both boards match the game."""
    for side, hole in moves:
        for each in (host, guest):
            wait_until(lambda each=each: settled(each, "await_place"), "the boards match")
        side.post("/api/sim/place", {"hole": hole})
        wait_until(lambda hole=hole: hole in host.state()["board"], f"the Man on {hole}")
        wait_until(lambda: in_step(host, guest), "both boards show it")


def test_the_host_refuses_a_token_the_guest_s_team_was_not_dealt(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """Blue's line scores on the guest's board: its entry of a token nobody was dealt is refused
    by the host (the guest hears why, nothing is entered on either board); Blue's real tokens
    are then entered and both boards pay the same line."""
    host, guest = people(tmp_path, mosquitto, PEOPLE)
    try:
        red = [(host, hole) for hole in (*RED[:3], ASIDE[0])]
        blue = [(guest, hole) for hole in BLUE]
        placed(host, guest, [move for pair in zip(red, blue, strict=True) for move in pair])
        for side in (host, guest):
            wait_until(lambda side=side: settled(side, "await_tokens"), "Blue's line scored")
        guest.post("/api/token", {"hole": BLUE[0], "token": WRONG})
        wait_until(lambda: any(f"token {WRONG}" in r for r in refusals(guest)), "the refusal")
        for side in (host, guest):
            assert journal_tokens(side) == [] and settled(side, "await_tokens")
        hand = team_view(guest, 1)["dealt"]
        for hole, token in zip(BLUE, (hand[0], hand[1], None, None), strict=True):
            guest.post("/api/token", {"hole": hole, "token": token})
            wait_until(lambda hole=hole: entered(host, hole), f"the token of {hole}")
        ours, theirs = host.state(), guest.state()
        assert ours["phase"] == theirs["phase"] == "game_over"
        assert ours["game_value"] == theirs["game_value"]
        assert ours["game_value"]["value"] == hand[0] + hand[1] + 10
        assert sorted(journal_tokens(host)) == sorted(journal_tokens(guest)) == sorted(hand[:2])
    finally:
        host.stop()
        guest.stop()


def refusals(side: Side) -> list[str]:
    return [e["reason"] for e in side.state()["events"] if e["type"] == "remote_refused"]


def entered(side: Side, hole: str) -> bool:
    """Whether the token of the Man on ``hole`` is entered on ``side``."""
    return hole not in side.state()["allowed"] or side.state()["phase"] == "game_over"


def test_the_guest_refuses_a_game_whose_host_enters_a_token_it_was_not_dealt(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """Red's line scores on the host's board; an entry sealed as the host's (by a holder of the
    guest's keys: a host that changed its program does the same) enters a token nobody was dealt
    for one of Red's Men. The guest refuses the game: its page shows the problem, its journal
    holds no token, and it follows the game no further (the host's real entries are dropped)."""
    host, guest = people(tmp_path, mosquitto, PEOPLE)
    holder = Outsider(mosquitto.port)
    try:
        red = [(host, hole) for hole in RED]
        blue = [(guest, hole) for hole in (BLUE[0], *ASIDE)]
        moves = [move for pair in zip(red, blue, strict=False) for move in pair]
        placed(host, guest, [*moves, red[-1]])
        for side in (host, guest):
            wait_until(lambda side=side: settled(side, "await_tokens"), "Red's line scored")
        keys = joined_keys(guest)
        where = topic(keys.game_id, messages.LOG)
        game, n = remote_game(guest), guest.state()["remote"]["log"] + 1
        before = game_of(guest.state())
        wrong = messages.ActionData("enter_token", hole=RED[0], token=WRONG)
        forged = messages.Entry(game, n, "action", wrong)
        holder.publish(where, as_host(keys).seal(where, forged))
        wait_until(lambda: guest.state()["remote"]["problem"] is not None, "the guest refuses")
        problem = guest.state()["remote"]["problem"]
        assert "the host entered a token its Man cannot carry" in problem, problem
        assert f"token {WRONG}" in problem, problem
        lost = link(guest)["dropped"]["refused"]
        host.post("/api/token", {"hole": RED[0], "token": team_view(host, 0)["dealt"][0]})
        wait_until(lambda: link(guest)["dropped"]["refused"] > lost, "the host's entry is dropped")
        assert journal_tokens(guest) == [] and guest.state()["phase"] == "await_tokens"
        assert game_of(guest.state()) == before and journal_tokens(host) != []
    finally:
        holder.close()
        host.stop()
        guest.stop()
