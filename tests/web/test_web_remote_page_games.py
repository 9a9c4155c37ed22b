"""Pay-Off Flix and Tac-T-Flix from a board to a browser (docs/REMOTE.md): a person with no board
but a page plays a whole game against the computer seat of the hosting board, through a real
mosquitto, and a spectator watches on a page of its own. The person joins by typing the code
into the page, copies the computer's Men (and Burocrats) by tapping where they blink, and plays
every action of its seat with the page's holes and buttons: placements, FLIX calls, Burocrats
seated and Men withdrawn (Tac-T-Flix), the tokens of its scored line (Pay-Off, physical token
mode). The game is hosted from a position two people began at the host's board (the guest and
the spectator join it mid-game and copy its Men from the page). The three boards end in the
same game, and their records hold the same moves."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from broker_support import Mosquitto
from playwright.sync_api import Browser, BrowserContext, expect
from remote_person import SEAT, BoardPerson, PagePerson, Person
from remote_support import (
    PLAY_LIMIT_S,
    Side,
    game_of,
    in_step,
    kept_games,
    mirror,
    record_moves,
)

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.broker, pytest.mark.live]

TOKENS = [977, 613, 541, 389, 263, 157, 97, 83, 71, 59, 43, 31]
"""Pay-Off's tokens: values no hole count, seat or time of the game shows."""
PAGE_WINDOW, BOARD_WINDOW = 1.5, 0.5
"""Call windows a FLIX reaches the host in on a loaded machine: from the page (a click, an order
to the host), from the host's own board (the computer waits each window out: short is quick)."""
GAMES: dict[str, dict[str, object]] = {
    # Two Burocrats a team: the second scored line wins (RULES.md §6: a line per Burocrat).
    "tactflix": {"burocrats_per_team": 2},
    "payoff": {"token_mode": "physical", "tokens": TOKENS},
}


RED = ("R-IV-C", "G-II-H", "G-I-D", "R-III-S", "Y-II-C", "G-II-D")
BLUE = ("B-IV-S", "B-IV-H", "B-IV-D", "B-III-S", "B-III-H", "B-III-D")
"""The page's game is hosted at this position, Red (the computer's seat) to move: Blue (the
page's) has two lines of three open (B-IV-C and B-III-C), Red none, so the page's person scores
(and calls, and plays on) whichever Red leaves."""
RED_AHEAD = ("R-IV-S", "R-IV-H", "R-IV-D", "R-III-S", "R-III-H", "R-III-D", "G-IV-C")
BLUE_BEHIND = ("Y-III-S", "B-II-C", "Y-IV-D", "B-III-D", "B-II-S", "B-IV-H")
"""The board-to-board game is hosted at this one, Blue (the guest's computer) to move: Red (the
person at the host's board) has two lines of three open (R-IV-C and R-III-C), Blue none."""


def planted(
    host: Side, variant: str, red: tuple[str, ...], blue: tuple[str, ...], window: float
) -> None:
    """The game as two people at the host's board began it."""
    options = {**GAMES[variant], "call_window": window}
    host.post("/api/new_game", {"variant": variant, "players": 2, "options": options})
    for turn in range(len(red)):
        for hole in (red[turn], *blue[turn : turn + 1]):
            host.post("/api/sim/place", {"hole": hole})
            wait_until(lambda hole=hole: hole in host.state()["board"], f"the Man on {hole}")


def play_out(person: Person, keeper: Side, host: Side, guest: Side) -> None:
    """The person plays its seat to the game's end against the other board's computer; the
    keeper of the other board copies the person's Men there."""
    deadline = time.monotonic() + PLAY_LIMIT_S
    while True:
        mirror(keeper, keeper.state())
        state = person.side.state()
        if state["phase"] == "game_over" and in_step(host, guest):
            return
        assert time.monotonic() < deadline, f"the game stopped moving: {state}"
        if state["remote"].get("waiting") or person.fix(state):
            continue
        mine = state["to_move"] == person.seat or state["phase"] == "await_tokens"
        settled = not any(state["mismatch"][k] for k in ("missing", "extra", "wrong_kind"))
        if mine and settled and state["allowed"] and state["phase"] != "await_fix":
            person.act(state)
        time.sleep(0.02)


def ended_alike(variant: str, person: Person, host: Side, sides: tuple[Side, ...]) -> None:
    """The boards end in the same game; their records hold the same moves, and those of the
    person's seat after the game was hosted are what the person did."""
    for side in sides:
        wait_until(lambda side=side: in_step(host, side), "every board sees the game's end")
    ours = host.state()
    assert ours["variant"] == variant and ours["phase"] == "game_over", ours
    assert all(game_of(side.state()) == game_of(ours) for side in sides)
    wait_until(lambda: all(kept_games(side) for side in (host, *sides)), "each keeps the game")
    moves = record_moves(host)
    assert all(record_moves(side) == moves for side in sides)
    hosted = moves[len(person.placed_before) :]  # what was played after the game was hosted
    done = [m["action"]["kind"] for m in hosted if m["seat"] == person.seat]
    assert done == person.did  # every action of the person, and only those
    assert "call" in done  # the planted position lets the person score a line
    # Tac-T-Flix: Burocrats are seated and Men withdrawn when the scoring turn ends, unless its
    # free play scored the winning second line first (the computer left both lines open).
    won = ours["winner"] == person.seat
    assert {"substitute", "withdraw"} <= set(done) or won or variant != "tactflix", done
    assert "enter_token" in done or variant != "payoff", done


def play_on_the_page(variant: str, tmp_path: Path, mosquitto: Mosquitto, browser: Browser) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    watcher = Side(tmp_path / "watcher", ["--remote", mosquitto.url]).start()
    errors: list[str] = []
    contexts: list[BrowserContext] = []
    try:
        planted(host, variant, RED, BLUE, PAGE_WINDOW)
        host.post("/api/seats", {"seat": 0, "kind": "computer", "level": 1})
        codes = host.post("/api/remote/host", {"seats": [SEAT]})
        contexts += [browser.new_context() for _ in range(2)]
        pages = [context.new_page() for context in contexts]
        for page in pages:
            page.add_init_script("localStorage.setItem('flixboard.language', 'en')")
            page.on("pageerror", lambda error: errors.append(str(error)))
        person, spectator = PagePerson(guest, page=pages[0]), PagePerson(watcher, page=pages[1])
        person.placed_before = RED + BLUE
        person.join(codes["code"])
        spectator.join(codes["spectator_code"])
        wait_until(lambda: in_step(host, guest) and in_step(host, watcher), "both follow the host")
        expect(pages[1].locator("#remote-role")).to_contain_text("spectator")
        play_out(person, host, host, guest)
        ended_alike(variant, person, host, (guest, watcher))
        ours = host.state()
        said = (
            f"{ours['team_names'][ours['winner']]} wins!" if ours["winner"] is not None else "draw"
        )
        for page in pages:  # the person's page and the spectator's say the result
            expect(page.locator("#turn")).to_contain_text(said)
    finally:
        for context in contexts:
            context.close()
        for side in (host, guest, watcher):
            side.stop()
    assert errors == [], errors


def test_a_person_on_a_page_plays_tactflix_against_the_host_s_computer(
    tmp_path: Path, mosquitto: Mosquitto, browser: Browser
) -> None:
    play_on_the_page("tactflix", tmp_path, mosquitto, browser)


def test_a_person_on_a_page_plays_payoff_against_the_host_s_computer(
    tmp_path: Path, mosquitto: Mosquitto, browser: Browser
) -> None:
    play_on_the_page("payoff", tmp_path, mosquitto, browser)


@pytest.mark.parametrize("variant", ["tactflix", "payoff"])
def test_a_person_at_the_host_s_board_plays_against_the_guest_s_computer(
    variant: str, tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """Board to board the other way: the person at the hosting board, the computer at the
    joined one (its seat's actions orders to the host), a spectator watching."""
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"]).start()
    watcher = Side(tmp_path / "watcher", ["--remote", mosquitto.url]).start()
    try:
        planted(host, variant, RED_AHEAD, BLUE_BEHIND, BOARD_WINDOW)
        codes = host.post("/api/remote/host", {"seats": [SEAT]})
        guest.post("/api/remote/join", {"code": codes["code"]})
        watcher.post("/api/remote/join", {"code": codes["spectator_code"]})
        wait_until(lambda: in_step(host, guest) and in_step(host, watcher), "both follow the host")
        person = BoardPerson(host, seat=0)
        person.placed_before = RED_AHEAD + BLUE_BEHIND
        play_out(person, guest, host, guest)
        ended_alike(variant, person, host, (guest, watcher))
    finally:
        for side in (host, guest, watcher):
            side.stop()
