"""Home Assistant's buttons and state in process, on a simulated board and clock: a press is
the page's order with the page's refusals and rate, New game starts the game being played
again, and the snapshot says who won."""

from __future__ import annotations

import msgspec
import pytest

from controller.core.state import State
from controller.homeassistant.bridge import Refused
from controller.homeassistant.snapshot import snapshot
from controller.server.buttons import PageButtons
from controller.server.limits import BURST
from tests.api_harness import Harness
from tests.controller.test_controller_http_api import complete_red_line

SENDER = "mqtt:homeassistant"


@pytest.fixture
def api() -> Harness:
    return Harness()


async def test_a_press_is_refused_in_the_page_s_words(api: Harness) -> None:
    await api.post("/api/sim/place", {"hole": "G-I-S"})
    api.advance(0.2)
    page = await api.post("/api/roll", {})
    assert page.status_code == 409
    with pytest.raises(Refused) as refused:
        PageButtons(api.service, SENDER).roll()
    assert str(refused.value) == page.json()["error"]
    assert (await api.state())["throw"] is None


async def test_presses_past_the_rate_are_refused(api: Harness) -> None:
    """The simulated clock stands still: no token comes back between the presses."""
    # seed 7: the first throw lights holes (a free throw would leave the roll to the same seat)
    started = await api.post("/api/new_game", {"variant": "lucky", "players": 2, "seed": 7})
    assert started.status_code == 200
    buttons = PageButtons(api.service, SENDER)
    buttons.roll()
    for _ in range(BURST - 1):
        with pytest.raises(Refused, match="cannot roll now"):  # a Man is to be placed first
            buttons.roll()
    with pytest.raises(Refused, match="too many"):
        buttons.roll()


async def test_new_game_starts_the_game_being_played_again(api: Harness) -> None:
    body = {
        "variant": "qubic",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "computer", "level": 2}],
        "names": ["Ann", None],
        "hints": False,
    }
    assert (await api.post("/api/new_game", body)).status_code == 200
    session = api.service.controller.session
    before, record, seed = await api.state(), session.entry["record"], session.game.seed
    PageButtons(api.service, SENDER).new_game()
    after = await api.state()
    assert session.entry["record"] != record and session.game.seed != seed  # a new game, new dice
    for key in ("variant", "players", "seats", "hints", "seat_labels", "options"):
        assert after[key] == before[key], key
    assert [e["type"] for e in after["events"]][:1] == ["game_started"]


async def test_the_snapshot_of_a_won_game(api: Harness) -> None:
    await complete_red_line(api)
    state = (await api.post("/api/call", {})).json()
    shown = snapshot(msgspec.convert(state, State))
    assert (shown.game, shown.turn, shown.score, shown.last_move) == (
        "Lucky Flix",
        "Red won",
        "Red 1, Blue 0",
        "R-I-C",
    )
    assert shown.board == "ON"


async def test_new_game_never_ends_a_game_under_way(api: Harness) -> None:
    """Before the first Man a press starts the game again; from the first Man to the end it is
    refused and nothing changes; after the end it starts the next game."""
    buttons = PageButtons(api.service, SENDER)
    buttons.new_game()  # no Man placed yet
    session = api.service.controller.session
    await complete_red_line(api)
    before, record = await api.state(), session.entry["record"]
    with pytest.raises(Refused, match=r"a game is under way \(7 placed\)"):
        buttons.new_game()
    after = await api.state()
    assert session.entry["record"] == record
    assert (after["board"], after["actions"]) == (before["board"], before["actions"])
    assert (await api.post("/api/call", {})).json()["winner"] == 0
    buttons.new_game()  # the game is over
    assert session.entry["record"] != record and session.game.placements == 0
