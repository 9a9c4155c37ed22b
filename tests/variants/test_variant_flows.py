"""The Pay-Off and Tac-T-Flix board flows on the simulated board: sensing paths, LEDs, privacy,
token orders, the HTTP API, journal resume and undo."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from controller.config import Config
from controller.core import scene
from controller.core.session import game_entry
from controller.errors import BadOrder, NotNow
from controller.records.journal import Journal
from controller.server.app import create_app
from controller.server.service import Service
from controller.tools.sim_run import SimRun
from engine.holes import parse
from engine.tactflix import TacTFlix
from hal.base import HOLE_COUNT
from sim.board import SimBoard
from sim.clock import SimClock
from tests.api_schema import ASYNC_HOOKS
from tests.sim_hands import HAND_S, put, take

ROW = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
BLUE = ["B-IV-S", "B-IV-H", "B-IV-D", "B-III-C"]
DEAL = [[100, 50, 50, 25, 25, 20], [20, 10, 10, 5, 2, 1]]


def sim(
    variant: str, sensing: str = "analog", journal: Journal | None = None, **options: Any
) -> SimRun:
    config = Config.of(variant=variant)
    entry = game_entry(config, variant, 2, 1, options)
    return SimRun(config, first_game=entry, sensing=sensing, journal=journal)


def to_substitution(run: SimRun) -> None:
    """Red completes ROW (auto call), takes its free play: the substitution phase."""
    for mine, theirs in zip(ROW[:3], BLUE, strict=False):
        put(run, mine)
        put(run, theirs)
    put(run, "R-I-C")
    put(run, "G-IV-D")
    assert run.controller.game.phase == "substitute"


def types(run: SimRun) -> list[str]:
    return [e["type"] for e in run.controller.session.events]


# ---------------------------------------------------------------- substitution and withdrawal


def test_presence_only_sensing_infers_the_substitution() -> None:
    run = sim("tactflix", "presence", auto_call=True)
    to_substitution(run)
    ctl = run.controller
    take(run, "R-I-H")
    assert ctl.phase == "substitute" and ctl.mismatch.clean  # a lift here is no error
    put(run, "R-I-H", "burocrat")  # presence-only: the sensor just sees a piece again
    assert ctl.game.piece_at(parse("R-I-H")) == (0, "burocrat")
    assert ctl.game.phase == "withdraw"


def test_analog_sensing_sees_the_burocrat_and_a_man_put_back_is_no_substitution() -> None:
    run = sim("tactflix", auto_call=True)
    to_substitution(run)
    ctl = run.controller
    take(run, "R-I-D")
    put(run, "R-I-D")  # the same Man back: nothing happens
    assert ctl.game.phase == "substitute" and "substitute" not in types(run)
    run.board.lift(parse("R-I-D"))
    run.board.place(parse("R-I-D"), "burocrat")  # one movement: lifted and seated
    run.advance(1.2)  # a fourth change of the hole within a second: it settles after 1 s
    assert ctl.game.piece_at(parse("R-I-D")) == (0, "burocrat")


def test_a_burocrat_in_an_empty_hole_is_refused_with_words() -> None:
    run = sim("tactflix", auto_call=True)
    to_substitution(run)
    put(run, "Y-III-H", "burocrat")
    refused = [e for e in run.controller.session.events if e["type"] == "placement_refused"][-1]
    assert refused["hole"] == "Y-III-H" and "in place of a blinking Man" in refused["reason"]
    assert run.controller.phase == "await_fix"


def test_withdrawal_blinks_until_lifted_and_only_this_turns_lines_stay_lit() -> None:
    run = sim("tactflix", auto_call=True)
    to_substitution(run)
    ctl = run.controller
    red = ctl.config.leds.team_colours[0]
    now = run.clock.now()
    lit = scene.frame(ctl, now)
    assert all(lit[parse(hole)] != (0, 0, 0) for hole in ROW)
    assert scene.next_change(ctl, now) is not None  # the substitution blinks
    assert "lift one of your blinking Men" in ctl.message()
    take(run, "R-I-C")
    put(run, "R-I-C", "burocrat")
    assert ctl.game.phase == "withdraw" and "lift your blinking Men" in ctl.message()
    step = scene.next_change(ctl, run.clock.now())
    assert step is not None
    first, second = scene.frame(ctl, step - 0.01), scene.frame(ctl, step + 0.01)
    blinking = [h for h in range(HOLE_COUNT) if first[h] != second[h]]
    assert sorted(blinking) == sorted(parse(h) for h in ROW[:3])
    for hole in ROW[:3]:
        run.board.lift(parse(hole))
    run.advance(HAND_S)
    assert ctl.game.phase == "await_place" and ctl.game.to_move == 1 and ctl.mismatch.clean
    after = scene.frame(ctl, run.clock.now())
    assert after[parse("R-I-C")] != red  # the scored line is no longer lit
    assert scene.next_change(ctl, run.clock.now()) is None


def test_free_plays_are_shown_as_such() -> None:
    run = sim("tactflix", auto_call=True)
    for mine, theirs in zip(ROW[:3], BLUE, strict=False):
        put(run, mine)
        put(run, theirs)
    put(run, "R-I-C")
    ctl = run.controller
    state = ctl.state()
    assert state["free_plays"] == 1 and state["to_move"] == 0
    assert ctl.message().startswith("Red (player 1): free play!")
    frame = scene.frame(ctl, run.clock.now())
    assert frame[HOLE_COUNT + 6] == (255, 255, 255)


def test_undo_in_the_substitution_and_resume_from_the_journal(tmp_path: Path) -> None:
    run = sim("tactflix", journal=Journal(tmp_path), auto_call=True)
    to_substitution(run)
    take(run, "R-I-S")
    put(run, "R-I-S", "burocrat")
    take(run, "R-I-H")
    before = json.dumps(run.controller.game.to_json(reveal_pending=True), sort_keys=True)
    resumed = SimRun(Config.of(variant="tactflix"), journal=Journal(tmp_path))
    assert (
        json.dumps(resumed.controller.game.to_json(reveal_pending=True), sort_keys=True) == before
    )
    ctl = run.controller
    ctl.undo(run.clock.now())  # takes back the free play and the actions after it
    assert isinstance(ctl.game, TacTFlix)
    assert ctl.game.phase == "await_place" and ctl.game.free_plays == 1
    assert ctl.game.piece_at(parse("R-I-S")) == (0, "man")


# ---------------------------------------------------------------- Pay-Off tokens


def test_token_orders_are_checked() -> None:
    run = sim("payoff", deal=DEAL)
    ctl, now = run.controller, run.clock.now()
    with pytest.raises(NotNow, match="player 2 is not to move"):
        ctl.set_token(1, 1, None, now)
    with pytest.raises(BadOrder, match="team 0 holds no such unused token") as refused:
        ctl.set_token(0, 1, None, now)
    assert "100" not in str(refused.value)  # the answer names no token of the hand
    with pytest.raises(BadOrder, match="whole number or null"):
        ctl.set_token(0, "50", None, now)  # type: ignore[arg-type]  # the refusal is the test
    with pytest.raises(BadOrder, match="only when entering"):
        ctl.set_token(0, 50, "R-I-S", now)
    ctl.set_token(None, 50, None, now)
    assert ctl.state()["token_chosen"] and "token" not in ctl.state()
    assert ctl.state(view_team=0)["token"] == 50 and "token" not in ctl.state(view_team=1)
    ctl.set_token(0, None, None, now)
    assert not ctl.state()["token_chosen"]
    physical = sim("payoff", token_mode="physical")
    with pytest.raises(NotNow, match="physical token mode"):
        physical.controller.set_token(0, 50, None, now)
    with pytest.raises(BadOrder, match="lucky uses no tokens"):
        sim("lucky").controller.set_token(0, 50, None, now)


def test_public_state_never_shows_token_values_before_scoring() -> None:
    run = sim("payoff", deal=DEAL)
    ctl = run.controller
    ctl.set_token(0, 100, None, run.clock.now())
    put(run, "R-I-S")
    ctl.set_token(1, 20, None, run.clock.now())
    put(run, "B-IV-S")
    public = ctl.state(test_view=True)
    assert public["token_holes"] == {"R-I-S": None, "B-IV-S": None}
    assert "deal" not in public["options"]  # the token set itself is public, the deal is not
    text = json.dumps({k: v for k, v in public.items() if k != "options"})
    assert "100" not in text and '"hand"' not in text
    assert ctl.state(view_team=0)["token_holes"] == {"R-I-S": 100, "B-IV-S": None}
    assert ctl.state(view_team=1)["hand"] == [10, 10, 5, 2, 1]


# ---------------------------------------------------------------- HTTP API


@pytest.fixture
def service() -> Service:
    clock = SimClock()
    board = SimBoard(clock=clock)
    service = Service(board, Config(), Journal(None), host="127.0.0.1", port=8640, token="t")
    board.when_changed = service.step
    return service


async def test_http_token_and_team_view(service: Service) -> None:
    app = create_app(service)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app),
        base_url="http://127.0.0.1:8640",
        event_hooks=ASYNC_HOOKS,
    ) as client:
        game = {"variant": "payoff", "players": 2, "seed": 1, "options": {"deal": DEAL}}
        assert (await client.post("/api/new_game", json=game)).status_code == 200
        response = await client.post("/api/token", json={"seat": 0, "token": 100})
        assert response.status_code == 200 and response.json()["token_chosen"] is True
        assert "100" not in json.dumps(response.json()["events"])
        mine = (await client.get("/api/state", params={"team": "0"})).json()
        assert mine["token"] == 100 and mine["hand"] == [100, 50, 50, 25, 25, 20]
        assert (await client.post("/api/token", json={"seat": 1, "token": 5})).status_code == 409
        assert (await client.post("/api/token", json={"token": 7})).status_code == 409
        assert (await client.post("/api/token", json={"seat": 0})).status_code == 400
        assert (await client.get("/api/state", params={"team": "2"})).status_code == 409
        await client.post("/api/sim/place", json={"hole": "R-I-S"})
        board = service.driver.backend
        assert isinstance(board, SimBoard) and isinstance(board.clock, SimClock)
        board.clock.advance(0.3)
        service.step()
        state = (await client.get("/api/state")).json()
        assert state["token_holes"] == {"R-I-S": None} and state["tokens_left"] == [5, 6]
