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

from broker_support import Mosquitto
from page_guest import SEAT, PagePerson
from playwright.sync_api import Browser, BrowserContext, expect
from remote_support import (
    PLAY_LIMIT_S,
    Side,
    game_of,
    in_step,
    kept_games,
    mirror,
    record_moves,
    wait_for,
)

TOKENS = [977, 613, 541, 389, 263, 157, 97, 83, 71, 59, 43, 31]
"""Pay-Off's tokens: values no hole count, seat or time of the game shows."""
SHORT = {"call_window": 1.5}
"""A call window the page's FLIX reaches the host in, on a loaded machine."""
GAMES = {
    # Two Burocrats a team: the second scored line wins (RULES.md §6: a line per Burocrat).
    "tactflix": {**SHORT, "burocrats_per_team": 2},
    "payoff": {**SHORT, "token_mode": "physical", "tokens": TOKENS},
}


RED = ("R-IV-C", "G-II-H", "G-I-D", "R-III-S", "Y-II-C", "G-II-D")
BLUE = ("B-IV-S", "B-IV-H", "B-IV-D", "B-III-S", "B-III-H", "B-III-D")
"""The game is hosted at this position, Red (the computer's seat) to move: Blue (the page's)
has two lines of three open (B-IV-C and B-III-C), Red none, so the page's person scores (and
calls, and plays on) whichever Red leaves."""


def planted(host: Side, variant: str) -> None:
    """The game as two people at the host's board began it; then the computer takes Red."""
    host.post("/api/new_game", {"variant": variant, "players": 2, "options": GAMES[variant]})
    for red, blue in zip(RED, BLUE, strict=True):
        for hole in (red, blue):
            host.post("/api/sim/place", {"hole": hole})
            wait_for(lambda hole=hole: hole in host.state()["board"], f"the Man on {hole}")
    host.post("/api/seats", {"seat": 0, "kind": "computer", "level": 1})


def play_on_the_page(variant: str, tmp_path: Path, mosquitto: Mosquitto, browser: Browser) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    watcher = Side(tmp_path / "watcher", ["--remote", mosquitto.url]).start()
    errors: list[str] = []
    contexts: list[BrowserContext] = []
    try:
        planted(host, variant)
        codes = host.post("/api/remote/host", {"seats": [SEAT]})
        contexts += [browser.new_context() for _ in range(2)]
        pages = [context.new_page() for context in contexts]
        for page in pages:
            page.add_init_script("localStorage.setItem('flixboard.language', 'en')")
            page.on("pageerror", lambda error: errors.append(str(error)))
        person, spectator = PagePerson(guest, pages[0]), PagePerson(watcher, pages[1])
        person.join(codes["code"])
        spectator.join(codes["spectator_code"])
        wait_for(lambda: in_step(host, guest) and in_step(host, watcher), "both follow the host")
        expect(pages[1].locator("#remote-role")).to_contain_text("spectator")
        deadline = time.monotonic() + PLAY_LIMIT_S
        while True:
            mirror(host, host.state())  # the hosting board's keeper copies the page's Men
            state = guest.state()
            if state["phase"] == "game_over" and in_step(host, guest):
                break
            assert time.monotonic() < deadline, f"the game stopped moving: {state}"
            if state["remote"]["waiting"] or person.fix(state):
                continue
            mine = state["to_move"] == SEAT or state["phase"] == "await_tokens"
            settled = not any(state["mismatch"][k] for k in ("missing", "extra", "wrong_kind"))
            if mine and settled and state["allowed"] and state["phase"] != "await_fix":
                person.act(state)
            time.sleep(0.02)
        wait_for(lambda: in_step(host, watcher), "the spectator sees the game's end")
        ours = host.state()
        assert ours["variant"] == variant and ours["phase"] == "game_over", ours
        assert game_of(ours) == game_of(guest.state()) == game_of(watcher.state())
        said = (
            f"{ours['team_names'][ours['winner']]} wins!" if ours["winner"] is not None else "draw"
        )
        for page in pages:  # the person's page and the spectator's say the result
            expect(page.locator("#turn")).to_contain_text(said)
        wait_for(lambda: all(kept_games(side) for side in (host, guest, watcher)), "each keeps it")
        moves = record_moves(host)
        assert record_moves(guest) == moves == record_moves(watcher)
        hosted = moves[len(RED) + len(BLUE) :]  # what was played after the game was hosted
        done = [m["action"]["kind"] for m in hosted if m["seat"] == SEAT]
        assert done == person.did  # every action of the page's person, and only those
        assert "call" in done  # the planted position lets the person score a line
        assert {"substitute", "withdraw"} <= set(done) or variant != "tactflix", done
        assert "enter_token" in done or variant != "payoff", done
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
