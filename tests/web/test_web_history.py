"""The history view in Chromium against a real ``flixboard run``: a kept game replayed step by
step, each step checked against the engine's own replay of the same moves."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route, ViewportSize, expect
from web_support import Service

from bench.random_games import random_game
from controller.cli import main as cli
from engine.game import Game
from engine.notation import SeatInfo, write_record
from engine.variants import new_game
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

SEED = 5
MOVES: list[tuple[str, Any]] = [
    ("roll", "red/I/spades"),
    ("place", "R-I-S"),
    ("roll", "yellow/I/spades"),
    ("place", "Y-I-S"),
    ("roll", "red/I/win"),  # four holes lit
    ("place", "R-I-H"),
    ("roll", "yellow/I/hearts"),
    ("place", "Y-I-H"),
    ("roll", "red/I/diamonds"),
    ("place", "R-I-D"),
    ("roll", "blue/IV/clubs"),
    ("place", "B-IV-C"),
    ("roll", "red/I/clubs"),
    ("place", "R-I-C"),
    ("call", 0),
]


def play(service: Service) -> Game:
    """Play MOVES on the service (the simulator's hands seat the Men) and in an engine game."""
    answer = service.post(
        "/api/new_game",
        {
            "variant": "lucky",
            "players": 2,
            "seed": SEED,
            "names": ["Ann", "Ben"],
            "options": {"call_window": 600},
        },
    )
    assert answer.status_code == 200, answer.text
    game = new_game("lucky", 2, seed=SEED, options={"call_window": 600})
    for kind, what in MOVES:
        if kind == "roll":
            assert service.post("/api/roll", {"faces": what}).status_code == 200
            game.roll(what)
        elif kind == "place":
            assert service.post("/api/sim/place", {"hole": what}).status_code == 200
            wait_until(lambda hole=what: hole in service.state()["board"])
            game.place(what)
        else:
            assert service.post("/api/call", {"seat": what}).status_code == 200
            game.call(what)
    assert service.state()["phase"] == "game_over" and game.winner == 0
    return game


def engine_steps(game: Game) -> list[dict[str, Any]]:
    """The engine's state before the first action and after each one."""
    replayed = new_game("lucky", 2, seed=SEED, options={"call_window": 600})
    states = [replayed.to_json()]
    for action in game.actions:
        replayed.apply(action)
        states.append(replayed.to_json())
    return states


BOARD_JS = """(root) => Object.fromEntries([...root.querySelectorAll('.hole')]
    .map((hole) => [hole.dataset.hole, {
        team: hole.dataset.team === undefined ? null : Number(hole.dataset.team),
        piece: hole.dataset.piece ?? null,
        scored: hole.dataset.scored === undefined ? null : Number(hole.dataset.scored),
        allowed: hole.classList.contains('allowed'),
    }]))"""


def expected_board(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    scored = {hole: team for team, line in state["scored_lines"] for hole in line}
    allowed = set(state["allowed"]) if state["phase"] == "await_place" else set()
    holes: dict[str, dict[str, Any]] = {}
    for panel in "RYGB":
        for floor in ("I", "II", "III", "IV"):
            for suit in "SHDC":
                name = f"{panel}-{floor}-{suit}"
                piece = state["board"].get(name)
                holes[name] = {
                    "team": None if piece is None else piece["team"],
                    "piece": None if piece is None else piece["piece"],
                    "scored": scored.get(name),
                    "allowed": name in allowed,
                }
    return holes


def test_a_kept_game_replays_step_by_step_as_the_engine_plays_it(
    service: Service, open_page: Callable[..., Page]
) -> None:
    game = play(service)
    states = engine_steps(game)
    page = open_page(service, viewport={"width": 1280, "height": 900})
    page.locator("#history-title").scroll_into_view_if_needed()
    games = page.locator("#history-list li")
    expect(games).to_have_count(1)
    expect(games.first).to_contain_text("Lucky Flix: Ann, Ben")
    expect(games.first).to_contain_text("Ann won (line)")
    games.first.get_by_role("button").click()
    replay = page.locator("#history-replay")
    expect(replay).to_be_visible()
    expect(page.locator("#replay-title")).to_contain_text("Game #1: Lucky Flix")
    slider = page.locator("#replay-step")
    expect(slider).to_have_attribute("max", str(len(MOVES)))
    board = page.locator("#replay-board")
    move = page.locator("#replay-move")
    for step, state in enumerate(states):
        expect(slider).to_have_value(str(step))
        if step:
            kind, what = MOVES[step - 1]
            shown = {"roll": f"roll {what}", "place": f"place {what}", "call": "flix"}[kind]
            expect(move).to_contain_text(f"Step {step} of {len(MOVES)}: ")
            expect(move).to_contain_text(shown)
        assert board.evaluate(BOARD_JS) == expected_board(state), f"step {step}"
        # The page's own board views follow the replay: the flat panels and the 3-D view.
        expect(page.locator("#cube [data-cube-hole][data-team]")).to_have_count(len(state["board"]))
        assert page.locator("#board").evaluate(BOARD_JS) == expected_board(state), f"step {step}"
        if step < len(MOVES):
            page.locator("#replay-forward").click()
    expect(page.locator("#replay-forward")).to_be_disabled()
    slider.focus()
    page.keyboard.press("Home")  # the slider itself steps too
    expect(slider).to_have_value("0")
    assert board.evaluate(BOARD_JS) == expected_board(states[0])
    page.keyboard.press("End")
    assert board.evaluate(BOARD_JS) == expected_board(states[-1])
    stats = page.locator('#history-stats tr[data-player="Ann"] td')
    expect(stats).to_have_text(["1", "1", "0", "7.0", "1"])
    notation = page.locator("#replay-notation")
    expect(notation).to_have_attribute("href", "/api/games/1/notation")
    assert page.locator('[data-hole="R-I-S"]').count() == 2  # the live board and the replay
    page.keyboard.press("Home")
    expect(page.locator("#cube [data-cube-hole][data-team]")).to_have_count(0)
    page.locator("#replay-close").click()  # the board's views show the live game again
    men = page.locator("#cube [data-cube-hole][data-team]")
    expect(men).to_have_count(len(states[-1]["board"]))


@pytest.mark.parametrize(
    "viewport",
    [{"width": 1280, "height": 900}, {"width": 390, "height": 844}],
    ids=["desktop", "phone"],
)
def test_a_replay_that_loads_late_takes_its_place_at_once(
    service: Service, open_page: Callable[..., Page], viewport: ViewportSize
) -> None:
    """Defect: the replay's card appeared only once the game had loaded and pushed the players'
    table down; on a loaded board that came late enough to count as a layout shift. On a phone
    the loaded title, longer than "Game #1", took a second line and moved the card's content."""
    play(service)
    page = open_page(service, viewport=viewport)
    held: list[Route] = []
    page.route("**/api/games/*/replay", lambda route: held.append(route))
    page.locator("#history-title").scroll_into_view_if_needed()
    games = page.locator("#history-list li")
    expect(games).to_have_count(1)
    games.first.get_by_role("button").click()
    expect(page.locator("#history-replay")).to_be_visible()
    expect(page.locator("#replay-title")).to_have_text("Game #1")
    expect(page.locator("#replay-move")).to_have_text("Loading game #1…")
    expect(page.locator("#replay-forward")).to_be_disabled()
    wait_until(lambda: held, "the page asked for the replay")
    table, line = page.locator(".history-table"), page.locator("#replay-move")
    before = (table.bounding_box(), line.bounding_box())
    held[0].continue_()
    expect(page.locator("#replay-title")).to_contain_text("Game #1: Lucky Flix")
    expect(page.locator("#replay-step")).to_have_attribute("max", str(len(MOVES)))
    assert (table.bounding_box(), line.bounding_box()) == before


def test_names_typed_in_the_new_game_form_are_kept_with_the_game(
    service: Service, open_page: Callable[..., Page]
) -> None:
    """Issue: "every finished game stored ... with players' names": typed on the page."""
    page = open_page(service, viewport={"width": 1280, "height": 900})
    page.select_option("#variant", "qubic")
    page.select_option("#players", "2")
    names = page.locator("#setup .setup-seat-player")
    expect(names).to_have_count(2)
    expect(names.nth(1)).to_have_attribute("placeholder", "Seat 2")
    names.nth(0).fill("Ann")
    page.click("#new-game")
    wait_until(lambda: [seat["name"] for seat in service.state()["seats"]] == ["Ann", None])
    for red, blue in zip("SHD", "SHD", strict=True):
        for hole in (f"R-I-{red}", f"Y-I-{blue}"):
            assert service.post("/api/sim/place", {"hole": hole}).status_code == 200
            wait_until(lambda hole=hole: hole in service.state()["board"])
    assert service.post("/api/sim/place", {"hole": "R-I-C"}).status_code == 200
    wait_until(lambda: service.state()["phase"] == "game_over")
    kept = service.client.get("/api/games").json()["games"]
    assert [player["name"] for player in kept[0]["players"]] == ["Ann", "Seat 2"]
    expect(names.nth(0)).to_have_value("Ann")  # the form follows the game being played


def test_the_history_names_the_players_as_the_board_does(
    service: Service, open_page: Callable[..., Page], tmp_path: Path
) -> None:
    """Issue: "Seat 1, Computer, level 1 — Seat 1 won" while the board says "Red (player 1)"."""
    game = random_game("lucky", 5, players=2)  # Blue wins
    seats = [SeatInfo("Seat 1"), SeatInfo("Computer, level 1", "computer", 1)]
    record = tmp_path / "game.flix"
    record.write_text(write_record(game, seats))
    assert cli(["import", str(record), "--data-dir", str(service.log.parent / "data")]) == 0
    page = open_page(service, viewport={"width": 1280, "height": 900})
    page.locator("#history-title").scroll_into_view_if_needed()
    games = page.locator("#history-list li")
    expect(games.first).to_contain_text("Lucky Flix: Red (player 1), Blue (Computer, level 1)")
    expect(games.first).to_contain_text("Blue (Computer, level 1) won")
    expect(games.first).not_to_contain_text("Seat 1")
    games.first.get_by_role("button").click()
    page.locator("#replay-forward").click()
    expect(page.locator("#replay-move")).to_contain_text("Step 1 of ")
    expect(page.locator("#replay-move")).to_contain_text(": Red (player 1) roll ")
