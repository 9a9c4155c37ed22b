"""Digital Pay-Off between two boards (and a spectator) through a real mosquitto (docs/REMOTE.md,
"Hidden tokens"): each token chosen for a Man stays on its owner's board; the other boards get
its commitment and, when the rules reveal it, its opening, which each checks.

A spy holds the guest's keys (it reads every message the host and the guest send on ``#``) and
the other board's view (its ``/api/state`` of every team, its journal, its records): no value of
a token travels or shows before its reveal. An opening that does not fit its commitment is
refused by the host (the guest's order) and by the guest (the host's log entry)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from broker_support import Mosquitto
from hostile_support import Outsider, as_guest, as_host, joined_keys, topic
from payoff_support import computers, people, remote_game, watched
from remote_support import Side, both_over, game_of, in_step, mirror, play, wait_for
from rogue_support import Rogue
from sniff_support import assert_read_nothing

from controller.records.journal import Journal
from controller.remote import messages
from controller.remote.messages import ActionData, LogEntry, OrderAction
from controller.remote.pake import Welcome
from controller.remote.sealing import Opener

pytestmark = [pytest.mark.broker, pytest.mark.live]

TOKENS = [977, 613, 541, 389, 263, 157, 97, 83, 71, 59, 43, 31]
"""Token values planted to be found: none is a hole count, a seat or a time of the game."""
SEALED_GAME = {"token_mode": "digital", "openings": True, "tokens": TOKENS}


def journal_tokens(side: Side) -> list[tuple[str, int]]:
    """``(kind, token)`` of every action with a token in ``side``'s journal of the running game."""
    journal = Journal(side.folder / "data")
    try:
        entries = journal.current_game()
    finally:
        journal.close()
    return [
        (e.data["kind"], token)
        for e in entries
        if e.kind == "action" and (token := e.data.get("token")) is not None
    ]


def record_tokens(side: Side) -> list[tuple[str, int]]:
    """``(kind, token)`` of every action with a token in ``side``'s records."""
    found: list[tuple[str, int]] = []
    for kept in side.up.client.get("/api/games").json()["games"]:
        record = side.up.client.get(f"/api/games/{kept['id']}.json").json()
        actions = [move["action"] for move in record["moves"]]
        found += [(a["kind"], a["token"]) for a in actions if a.get("token") is not None]
    return found


def view(side: Side, team: int | None) -> dict[str, Any]:
    """``side``'s state, public (``None``) or as team ``team``'s page reads it."""
    params = {} if team is None else {"team": team}
    response = side.up.client.get("/api/state", params=params)
    response.raise_for_status()
    state: dict[str, Any] = response.json()
    return state


def values_held(side: Side) -> set[int]:
    """Every token value ``side`` shows at a Man (in every view) or keeps in its journal."""
    shown = {
        value
        for team in (None, 0, 1)
        for value in view(side, team)["token_holes"].values()
        if value is not None
    }
    kept = {token for _, token in journal_tokens(side)}
    return shown | (kept - {0})


def opened(seen: list[Any], keys: Welcome) -> list[messages.Message]:
    """Every message of the host or the guest a holder of the guest's keys reads."""
    found: list[messages.Message] = []
    for message in seen:
        for key in (keys.log_key, keys.guest_key):
            got = Opener(key).open(message.topic, message.payload)
            if message.payload and got.verdict == "ok":
                found.append(messages.decode(got.text))
    return found


def values_carried(message: messages.Message) -> list[int]:
    """The token values ``message`` carries other than in an opening."""
    if isinstance(message, messages.Order):
        action = message.action
        return [] if action.kind == "open_token" or action.token is None else [action.token]
    entries: list[LogEntry] = []
    if isinstance(message, messages.Entry):
        entries = [message.entry]
    elif isinstance(message, messages.Snapshot):
        entries = list(message.log)
    data = [entry.data for entry in entries if entry.data is not None]
    return [d.token for d in data if d.kind != "open_token" and d.token not in (None, 0)]


def openings(message: messages.Message) -> int:
    """How many openings (with their nonce) ``message`` carries."""
    if isinstance(message, messages.Order):
        return int(message.action.kind == "open_token" and message.action.nonce is not None)
    if isinstance(message, messages.Entry):
        return int(message.data is not None and message.data.kind == "open_token")
    return 0


def test_a_whole_digital_payoff_game_keeps_each_token_with_its_owner_until_it_is_opened(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    rogue = Rogue(mosquitto.port, subscribe=("#",))
    host, guest, watcher = computers(tmp_path, mosquitto)
    own: dict[str, set[int]] = {}
    spied: list[int] = []

    def spy(step: int) -> None:
        """Before a token is revealed, each board holds only its own team's values."""
        for side in (host, guest, watcher):
            held = values_held(side)
            state = side.state()  # read after them: if no line scored yet, none was revealed
            if state["scored_lines"] or state["phase"] in ("await_tokens", "game_over"):
                return
            assert held <= own[side.folder.name], (side.folder, held)
        spied.append(step)

    try:
        codes = watched((host, guest, watcher), SEALED_GAME)
        own["host"] = set(view(host, 0)["dealt"])
        own["guest"] = set(view(guest, 1)["dealt"])
        own["watcher"] = set()
        assert own["host"] | own["guest"] == set(TOKENS)  # the public split of the set
        ours, theirs = play(host, guest, until=both_over, between=spy)
        wait_for(lambda: in_step(host, watcher), "the spectator sees the game's end")
        assert len(spied) >= 3, spied
        assert ours["variant"] == "payoff" and ours["winner"] is not None, ours
        assert game_of(ours) == game_of(theirs) == game_of(watcher.state())
        paid = ours["game_value"]
        assert paid == theirs["game_value"] == watcher.state()["game_value"]
        # Every token was opened at the end, alike on the three boards; each board's records
        # hold a placement's value only for its own team's Men.
        opens = {}
        for side in (host, guest, watcher):
            kept = record_tokens(side)
            opens[side.folder.name] = sorted(t for kind, t in kept if kind == "open_token")
            placed = {t for kind, t in kept if kind == "place"} - {0}
            assert placed <= own[side.folder.name], (side.folder, placed)
        assert opens["host"] == opens["guest"] == opens["watcher"], opens
        assert opens["host"] and set(opens["host"]) <= set(TOKENS)
        assert_read_nothing(rogue, host, codes)
        with rogue.lock:
            seen = list(rogue.seen)
        read = opened(seen, joined_keys(guest))
        assert len(read) > 20
        assert [value for message in read for value in values_carried(message)] == []
        assert sum(openings(message) for message in read) >= len(opens["host"])
    finally:
        rogue.close()
        for side in (host, guest, watcher):
            side.stop()


RED, BLUE = "R-I-S", "B-IV-S"


def settled(side: Side) -> bool:
    """The person at ``side`` mirrors the other board's Men; whether it matches the game."""
    state = side.state()
    mirror(side, state)
    fix = state["mismatch"]
    return not (fix["missing"] or fix["extra"] or fix["wrong_kind"])


def place_with_token(side: Side, team: int, hole: str, other: Side, *, bare: bool = False) -> int:
    """The person at ``side`` chooses the first token of its team's hand (``bare``: none) and
    places a Man on ``hole`` (once both boards match the game): that token."""
    for each in (side, other):
        wait_for(lambda each=each: settled(each), "the boards match")
    token = int(view(side, team)["hand"][0])
    if not bare:
        side.post("/api/token", {"token": token})
    side.post("/api/sim/place", {"hole": hole})
    wait_for(lambda: hole in other.state()["board"], f"the Man on {hole} on the other board")
    return token


def test_each_board_opens_its_own_tokens_when_the_line_scores_and_when_the_game_ends(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """Red (host) and Blue (guest) each attach a token, and both services are killed and
    started again; Red's line scores: the host opens Red's token of the line, the line is paid,
    then the guest opens Blue's token (an order the host checks against its commitment) and the
    game ends alike on both boards."""
    host, guest = people(tmp_path, mosquitto, {**SEALED_GAME, "auto_call": True})
    try:
        red = place_with_token(host, 0, "R-I-S", guest)
        blue = place_with_token(guest, 1, "B-IV-S", host)
        for side in (host, guest):  # killed and started again: each token book keeps its own
            side.kill()
            side.start()
        wait_for(lambda: in_step(host, guest), "both boards are back in the game")
        for hole, aside in (("R-I-H", "B-IV-H"), ("R-I-D", "G-III-S")):
            place_with_token(host, 0, hole, guest, bare=True)
            place_with_token(guest, 1, aside, host, bare=True)
        assert view(host, 1)["token_holes"]["B-IV-S"] is None
        place_with_token(host, 0, "R-I-C", guest, bare=True)  # Red's line scores
        wait_for(lambda: both_over(host.state(), guest.state()), "the game ends on both boards")
        ours, theirs = host.state(), guest.state()
        assert ours["game_value"] == theirs["game_value"]
        assert ours["game_value"]["value"] == red + 15 and ours["winner"] == 0
        assert ours["ledger"] == theirs["ledger"] == [red + 15, -red - 15]
        opened_both = [("open_token", red), ("open_token", blue)]  # the line's, then the rest
        assert journal_tokens(host) == [("place", red), ("place", 0), *opened_both]
        assert journal_tokens(guest) == [("place", 0), ("place", blue), *opened_both]
    finally:
        host.stop()
        guest.stop()


def test_an_opening_that_does_not_fit_its_commitment_is_refused_by_either_board(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """Red at the host and Blue at the guest each place a Man with a token. A holder of the
    guest's keys then opens Blue's token with its value but another nonce (as the guest): the
    host refuses the order for its commitment; and opens Red's token with another value (as the
    host): the guest refuses the game, its journal unchanged."""
    host, guest = people(tmp_path, mosquitto, SEALED_GAME)
    holder = Outsider(mosquitto.port)
    try:
        red = place_with_token(host, 0, RED, guest)
        blue = place_with_token(guest, 1, BLUE, host)
        wait_for(lambda: in_step(host, guest), "both boards show both Men")
        assert view(guest, 1)["token_holes"][BLUE] == blue and view(host, 0)["token_holes"][RED]
        assert all(view(host, t)["token_holes"][BLUE] is None for t in (None, 0, 1))
        assert all(view(guest, t)["token_holes"][RED] is None for t in (None, 0, 1))
        keys = joined_keys(guest)
        game = remote_game(guest)
        refused_at = topic(keys.game_id, messages.REFUSED)
        holder.listen(refused_at)
        # as the guest: Blue's token with its own value, under a nonce it was not sealed with
        forged = OrderAction("open_token", hole=BLUE, token=blue, nonce="5a" * 16)
        base = host.state()["remote"]["log"]
        order = messages.Order(game, base, "f0f0f0f0f0f0f0f0", forged)
        where = topic(keys.game_id, messages.ORDERS)
        holder.publish(where, as_guest(keys).seal(where, order))
        wait_for(lambda: holder.recorded(messages.REFUSED) != [], "the host refuses the order")
        reasons = [
            messages.decode(Opener(keys.log_key).open(t, p).text)
            for t, p, _ in holder.recorded(messages.REFUSED)
        ]
        assert any(
            isinstance(r, messages.Refused)
            and r.nonce == order.nonce
            and "does not fit its commitment" in r.reason
            for r in reasons
        ), reasons
        assert [k for k, _ in journal_tokens(host)] == ["place", "place"]
        # as the host: Red's token opened with another value
        before, journalled = game_of(guest.state()), journal_tokens(guest)
        n = guest.state()["remote"]["log"] + 1
        wrong = ActionData("open_token", hole=RED, token=next(t for t in TOKENS if t != red))
        entry = messages.Entry(game, n, "action", wrong, nonce="a5" * 16)
        where = topic(keys.game_id, messages.LOG)
        holder.publish(where, as_host(keys).seal(where, entry))
        wait_for(lambda: guest.state()["remote"]["problem"] is not None, "the guest refuses")
        problem = guest.state()["remote"]["problem"]
        assert "does not fit its commitment" in problem and RED in problem, problem
        assert journal_tokens(guest) == journalled and game_of(guest.state()) == before
    finally:
        holder.close()
        host.stop()
        guest.stop()
