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
from remote_support import FAST, Side, both_over, game_of, in_step, mirror, play
from rogue_support import Rogue
from sniff_support import assert_read_nothing

from controller.records.journal import Journal
from controller.remote import messages
from controller.remote.fair_deal import commitment, hands
from controller.remote.messages import ActionData, DealProof, LogEntry, OrderAction
from controller.remote.pake import Welcome
from controller.remote.sealing import Opener
from tests.waiting import wait_until

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


def values_held(side: Side, teams: int = 2) -> set[int]:
    """Every token value ``side`` shows at a Man (in every view) or keeps in its journal."""
    shown = {
        value
        for team in (None, *range(teams))
        for value in view(side, team)["token_holes"].values()
        if value is not None
    }
    kept = {token for _, token in journal_tokens(side)}
    return shown | (kept - {0})


def sealed_holdings(sides: tuple[Side, ...], teams: int) -> list[tuple[Side, set[int]]] | None:
    """The token values each board holds, or ``None`` when a line was scored (its tokens open)
    by the time all were read: every board's state is read after every board's holdings, and
    the host's (first) leads the others, so a value no scoring had opened is still seen."""
    held = [(side, values_held(side, teams)) for side in sides]
    for side in sides:
        state = side.state()
        if state["scored_lines"] or state["phase"] in ("await_tokens", "game_over"):
            return None
    return held


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


def nothing_carried(
    rogue: Rogue, host: Side, guest: Side, codes: dict[str, Any]
) -> list[messages.Message]:
    """The spy on ``#`` reads nothing; of every host and guest message, opened with the guest's
    keys (more than 20), none carries a token value outside an opening. Those messages."""
    assert_read_nothing(rogue, host, codes)
    with rogue.lock:
        seen = list(rogue.seen)
    read = opened(seen, joined_keys(guest))
    assert len(read) > 20
    assert [value for message in read for value in values_carried(message)] == []
    return read


def test_a_whole_digital_payoff_game_keeps_each_token_with_its_owner_until_it_is_opened(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    rogue = Rogue(mosquitto.port, subscribe=("#",))
    host, guest, watcher = computers(tmp_path, mosquitto)
    own: dict[str, set[int]] = {}
    spied: list[int] = []

    def spy(step: int) -> None:
        """Before a token is revealed, each board holds only its own team's values."""
        held = sealed_holdings((host, guest, watcher), 2)
        if held is None:
            return
        for side, values in held:
            assert values <= own[side.folder.name], (side.folder, values)
        spied.append(step)

    try:
        codes = watched((host, guest, watcher), SEALED_GAME)
        own["host"] = set(view(host, 0)["dealt"])
        own["guest"] = set(view(guest, 1)["dealt"])
        own["watcher"] = set()
        assert own["host"] | own["guest"] == set(TOKENS)  # the public split of the set
        ours, theirs = play(host, guest, until=both_over, between=spy)
        wait_until(lambda: in_step(host, watcher), "the spectator sees the game's end")
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
        read = nothing_carried(rogue, host, guest, codes)
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
        wait_until(lambda each=each: settled(each), "the boards match")
    token = int(view(side, team)["hand"][0])
    if not bare:
        side.post("/api/token", {"token": token})
    side.post("/api/sim/place", {"hole": hole})
    wait_until(lambda: hole in other.state()["board"], f"the Man on {hole} on the other board")
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
        wait_until(lambda: in_step(host, guest), "both boards are back in the game")
        for hole, aside in (("R-I-H", "B-IV-H"), ("R-I-D", "G-III-S")):
            place_with_token(host, 0, hole, guest, bare=True)
            place_with_token(guest, 1, aside, host, bare=True)
        assert view(host, 1)["token_holes"]["B-IV-S"] is None
        place_with_token(host, 0, "R-I-C", guest, bare=True)  # Red's line scores
        wait_until(lambda: both_over(host.state(), guest.state()), "the game ends on both boards")
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
        wait_until(lambda: in_step(host, guest), "both boards show both Men")
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
        wait_until(lambda: holder.recorded(messages.REFUSED) != [], "the host refuses the order")
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
        wait_until(lambda: guest.state()["remote"]["problem"] is not None, "the guest refuses")
        problem = guest.state()["remote"]["problem"]
        assert "does not fit its commitment" in problem and RED in problem, problem
        assert journal_tokens(guest) == journalled and game_of(guest.state()) == before
    finally:
        holder.close()
        host.stop()
        guest.stop()


def new_game_entry(side: Side) -> dict[str, Any]:
    """The ``new_game`` entry of the game ``side``'s journal runs."""
    journal = Journal(side.folder / "data")
    try:
        data: dict[str, Any] = dict(journal.current_game()[0].data)
    finally:
        journal.close()
    return data


def test_a_three_team_digital_game_dealt_by_neither_board_ends_alike_on_three_boards(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """Three teams, two boards: the host seats Red (a computer), the guest Blue and Yellow (two
    computers), a spectator watches. The next game is dealt from both boards' shares (the host's
    committed in its snapshot): all three boards hold the hands that follow from the shares
    in the host's journal, and the host's share fits its commitment. The game is then played
    to its end with the spy of the two-team game: before a reveal each board holds only its own
    teams' token values (the spectator none), on ``#`` no value travels outside an opening."""
    url = mosquitto.url
    rogue = Rogue(mosquitto.port, subscribe=("#",))
    host = Side(tmp_path / "host", ["--remote", url]).start()
    guest = Side(tmp_path / "guest", ["--remote", url, "--computer", "2:1", "--computer", "3:1"])
    guest.config = FAST.replace("[game]\n", "[game]\nplayers = 3\n")  # seats 2 and 3 there
    watcher = Side(tmp_path / "watcher", ["--remote", url]).start()
    guest.start()
    game = {
        "variant": "payoff",
        "players": 3,
        "seats": [{"kind": "computer", "level": 1}],
        "options": SEALED_GAME,
    }
    own: dict[str, set[int]] = {}
    spied: list[int] = []

    def spy(step: int) -> None:
        held = sealed_holdings((host, guest, watcher), 3)
        if held is None:
            return
        for side, values in held:
            assert values <= own[side.folder.name], (side.folder, values)
        spied.append(step)

    def dealt_anew() -> bool:
        """The host starts the next game once the guest's share of its deal is in (409 while
        the host waits for it)."""
        return host.up.post("/api/new_game", game).status_code == 200

    try:
        host.post("/api/new_game", game)
        codes = host.post("/api/remote/host", {"seats": [1, 2]})
        guest.post("/api/remote/join", {"code": codes["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        watcher.post("/api/remote/join", {"code": codes["spectator_code"]})
        wait_until(lambda: in_step(host, watcher), "the spectator follows the host's game")
        first = remote_game(guest)
        wait_until(dealt_anew, "the host deals the next game from both shares")
        for side in (guest, watcher):
            wait_until(lambda side=side: remote_game(side) > first, "the next game is followed")
            wait_until(lambda side=side: in_step(host, side), "all three boards in the game")
        started = new_game_entry(host)
        origin = started["dealt"]
        assert origin["after"] == first and "guest" in origin, origin
        shares = bytes.fromhex(origin["host"]), bytes.fromhex(origin["guest"])
        fair = hands(TOKENS, 3, codes["game_id"], first, *shares)
        for side in (host, guest, watcher):
            assert new_game_entry(side)["options"]["deal"] == fair, side.folder
            assert [view(side, team)["dealt"] for team in range(3)] == fair, side.folder
        own["host"], own["watcher"] = set(fair[0]), set()
        own["guest"] = set(fair[1]) | set(fair[2])
        commitments = [
            message.deal_next
            for message in opened(list(rogue.seen), joined_keys(guest))
            if isinstance(message, messages.Snapshot) and message.game == first
        ]
        assert commitments and set(commitments) == {commitment(shares[0])}
        ours, theirs = play(host, guest, until=both_over, between=spy)
        wait_until(lambda: in_step(host, watcher), "the spectator sees the game's end")
        assert len(spied) >= 3, spied
        assert ours["phase"] == "game_over" and ours["ledger"] == theirs["ledger"], ours
        assert (ours["winner"] is not None) != bool(ours["draw"]), ours  # won or drawn
        assert game_of(ours) == game_of(theirs) == game_of(watcher.state())
        opens = []
        for side in (host, guest, watcher):
            kept = record_tokens(side)
            opens.append(sorted(t for kind, t in kept if kind == "open_token"))
            placed = {t for kind, t in kept if kind == "place"} - {0}
            assert placed <= own[side.folder.name], (side.folder, placed)
        assert opens[0] and opens[0] == opens[1] == opens[2], opens  # alike on the three
        nothing_carried(rogue, host, guest, codes)
    finally:
        rogue.close()
        for side in (host, guest, watcher):
            side.stop()


def test_the_guest_refuses_a_deal_the_shares_or_the_host_s_commitment_do_not_allow(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """The guest gave its share of the next game's deal (on the host's snapshot that brought
    it the game). A holder of the guest's keys then
    starts games as the host: one whose host share does not fit the commitment the guest saw,
    one whose hands do not follow from its shares. The guest refuses each (its
    ``remote.problem``), its journal and game unchanged."""
    host, guest = people(tmp_path, mosquitto, SEALED_GAME)
    holder = Outsider(mosquitto.port)
    try:
        keys = joined_keys(guest)
        first = remote_game(guest)
        before, started = game_of(guest.state()), new_game_entry(guest)
        forged_share = "5a" * 32
        deal = hands(TOKENS, 2, keys.game_id, first, bytes.fromhex(forged_share), b"\x01" * 32)
        plants = [
            (DealProof(first, forged_share, "01" * 32), deal, "does not fit its commitment"),
            (DealProof(first + 50, forged_share), [deal[1], deal[0]], "do not follow from"),
        ]
        where = topic(keys.game_id, messages.SNAPSHOT)
        for n, (proof, hands_dealt, said) in enumerate(plants, 1):
            options = {**SEALED_GAME, "deal": hands_dealt}
            new = messages.NewGame("payoff", 2, options, proof)
            snapshot = messages.Snapshot(first + 100 * n, new, (), (1,))
            holder.publish(where, as_host(keys).seal(where, snapshot))
            wait_until(
                lambda said=said: said in (guest.state()["remote"]["problem"] or ""),
                f"the guest refuses the deal ({said})",
            )
            assert game_of(guest.state()) == before and new_game_entry(guest) == started
            assert remote_game(guest) == first
    finally:
        holder.close()
        host.stop()
        guest.stop()


def test_a_game_started_before_a_board_joined_is_dealt_from_the_host_s_share_alone(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """The host hosts, then starts a Pay-Off game before any board joined: it deals from its
    own share and says so (no guest's share in the game's start); a board that joins then
    takes that deal."""
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    game = {"variant": "payoff", "players": 2, "options": SEALED_GAME}
    try:
        host.post("/api/new_game", game)
        codes = host.post("/api/remote/host", {})
        host.post("/api/new_game", game)  # nobody joined: the host's share alone
        origin = new_game_entry(host)["dealt"]
        assert "guest" not in origin, origin
        alone = hands(
            TOKENS, 2, codes["game_id"], origin["after"], bytes.fromhex(origin["host"]), b""
        )
        guest.post("/api/remote/join", {"code": codes["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        assert guest.state()["remote"]["problem"] is None
        for side in (host, guest):
            assert new_game_entry(side)["options"]["deal"] == alone, side.folder
    finally:
        host.stop()
        guest.stop()
