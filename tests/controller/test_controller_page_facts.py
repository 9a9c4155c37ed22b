"""What the state tells the page instead of the rules (``controller.core.facts``), and the
defects the page showed that the controller now answers: each test failed before its fix."""

from __future__ import annotations

from typing import Any

import pytest

from controller import words
from controller.config import Config
from controller.core.combination import TOGETHER_S
from engine.game import Phase
from engine.variants import new_game
from tests.api_harness import Harness

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
DEAL = [[100, 50, 50, 25, 25, 20], [20, 10, 10, 5, 2, 1]]


@pytest.fixture
def api() -> Harness:
    return Harness()


async def place(api: Harness, hole: str) -> dict[str, Any]:
    await api.post("/api/sim/place", {"hole": hole})
    api.advance(0.2)
    return await api.state()


async def test_uses_labels_and_actions_of_each_variant(api: Harness) -> None:
    expected = {
        "lucky": (True, True, False, False),
        "qubic": (False, False, False, False),
        "payoff": (False, True, True, False),
        "tactflix": (False, True, False, True),
    }
    for variant, uses in expected.items():
        state = (await api.post("/api/new_game", {"variant": variant, "players": 4})).json()
        keys = ("uses_dice", "uses_calls", "uses_tokens", "uses_burocrats")
        assert tuple(state[key] for key in keys) == uses, variant
        assert state["seat_labels"] == [
            "Red (player 1)",
            "Blue (player 2)",
            "Red (player 3)",
            "Blue (player 4)",
        ]
        actions = state["actions"]
        assert actions["roll"] is uses[0]
        assert actions["flix"] is actions["penalty"] is False  # no Man placed: nothing to call
        assert actions["undo"] is False  # nothing placed yet
        assert actions["new_game"] is actions["resign"] is True
    await api.post("/api/new_game", {"variant": "lucky", "players": 2})
    await api.post("/api/roll", {"faces": "red/I/spades"})
    state = await place(api, "R-I-S")
    assert state["board"] and state["actions"]["flix"] is state["actions"]["penalty"] is True
    auto = {"variant": "lucky", "players": 2, "options": {"auto_call": True}}
    state = (await api.post("/api/new_game", auto)).json()
    assert state["uses_calls"] is False and state["actions"]["flix"] is False


async def test_roll_is_offered_only_when_a_person_may_roll(api: Harness) -> None:
    state = await api.state()
    assert state["actions"]["roll"] is True
    await api.post("/api/roll", {"faces": "yellow/II/hearts"})
    state = await api.state()
    assert state["actions"]["roll"] is False
    await api.post("/api/sim/place", {"hole": "G-I-S"})  # a wrong Man: the board disagrees
    api.advance(0.2)
    await api.post("/api/sim/lift", {"hole": "G-I-S"})
    api.advance(0.2)
    state = await place(api, "Y-II-H")
    assert state["actions"]["roll"] is True and state["actions"]["undo"] is True


async def test_hint_needs_hints_on_and_a_person_to_move(api: Harness) -> None:
    body = {"variant": "qubic", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    state = (await api.post("/api/new_game", {**body, "hints": False})).json()
    assert state["actions"]["hint"] is False
    state = (await api.post("/api/new_game", {**body, "hints": True})).json()
    assert state["actions"]["hint"] is True


async def test_block_button_only_for_three_players_of_qubic(api: Harness) -> None:
    three = (await api.post("/api/new_game", {"variant": "qubic", "players": 3})).json()
    two = (await api.post("/api/new_game", {"variant": "qubic", "players": 2})).json()
    assert three["actions"]["block"] is True and two["actions"]["block"] is False


async def test_last_move_and_the_call_window_after_a_placement(api: Harness) -> None:
    state = await api.state()
    assert state["last_move"] is None and state["call_window"] is None
    await api.post("/api/roll", {"faces": "yellow/II/hearts"})
    state = await place(api, "Y-II-H")
    assert state["last_move"] == "Y-II-H"
    window = state["call_window"]
    assert window["seconds"] == 3.0 and 0 < window["left"] <= 3.0
    api.advance(3.5)
    assert (await api.state())["call_window"] is None


def test_lit_words_say_any_empty_hole_only_when_every_empty_hole_is_lit() -> None:
    """Defect: with more than four lit holes the board said "any empty hole"."""
    game = new_game("lucky", players=2)
    game.roll("red/win/win")
    game.place("R-I-S")
    game.roll("red/win/win")  # the 16 holes of the red panel, one of them taken
    said = words.message(
        game,
        Config(),
        phase=Phase(game.phase),
        connected=True,
        clearing=False,
        fix=[],
        variant_words=None,
    )
    assert said == "Blue (player 2): place a Man in one of the 15 lit holes."
    qubic = new_game("qubic", players=2)
    qubic.place("R-I-S")
    assert words.where_to_place(qubic) == "any empty hole"


async def test_errors_name_seats_as_players_counted_from_one(api: Harness) -> None:
    """Defect: the API's errors counted seats from 0 while the page counts players from 1."""
    refused = await api.post("/api/call", {"seat": 5})
    assert refused.status_code == 409  # a seat the document allows, not in this game
    assert refused.json()["error"] == "no seat 5: seats are 0..1 (players 1..2)"
    await api.post("/api/roll", {"faces": "yellow/II/hearts"})
    again = await api.post("/api/roll", {})
    assert "player 1 cannot roll now" in again.json()["error"]
    body = {"variant": "payoff", "players": 2, "options": {"deal": DEAL}}
    await api.post("/api/new_game", body)
    other = await api.post("/api/token", {"seat": 1, "token": 20})
    assert other.json()["error"] == "player 2 is not to move: player 1 is"


async def test_undo_is_refused_and_not_offered_after_the_game(api: Harness) -> None:
    """Defect: Undo stayed enabled after the game had ended."""
    await api.post("/api/new_game", {"variant": "qubic", "players": 2})
    for red, blue in zip("SHD", "SHD", strict=True):
        await place(api, f"R-I-{red}")
        await place(api, f"Y-I-{blue}")
    state = await place(api, "R-I-C")
    assert state["phase"] == "game_over"
    assert state["actions"]["undo"] is False
    refused = await api.post("/api/undo", {})
    assert refused.status_code == 409 and "the game is over" in refused.json()["error"]
    assert (await api.state())["phase"] == "game_over"


async def test_dice_of_a_passed_turn_are_not_shown(api: Harness) -> None:
    """Defect: the previous player's dice stayed shown after the turn passed."""
    state = (await api.post("/api/roll", {"faces": "yellow/II/hearts"})).json()
    assert state["throw"] == "yellow/II/hearts"
    state = await place(api, "Y-II-H")
    assert state["last_throw"] == "yellow/II/hearts" and state["throw"] is None
    state = (await api.post("/api/roll", {"faces": "green/I/spades"})).json()
    assert state["throw"] == "green/I/spades"


async def test_a_lost_turn_stays_as_the_banner_until_the_next_action(api: Harness) -> None:
    """Defect: a lost turn showed for 2 s as two red status pixels only."""
    await api.post("/api/roll", {"faces": "yellow/II/hearts"})
    await place(api, "Y-II-H")
    state = (await api.post("/api/roll", {"faces": "yellow/II/hearts"})).json()
    banner = state["banner"]
    assert banner["type"] == "turn_lost" and banner["seat"] == 1
    assert banner["throw"] == "yellow/II/hearts"
    api.advance(10.0)  # the status pixels' notice is long over
    state = await api.state()
    assert state["notice"] is None and state["banner"] == banner
    state = (await api.post("/api/roll", {"faces": "green/I/spades"})).json()
    assert state["banner"] is None


async def win_and_clear(api: Harness) -> dict[str, Any]:
    """Red wins a game of Qubic, the animation ends and every Man is lifted: the state then."""
    await api.post("/api/new_game", {"variant": "qubic", "players": 2})
    for red, blue in zip("SHD", "SHD", strict=True):
        await place(api, f"R-I-{red}")
        await place(api, f"Y-I-{blue}")
    state = await place(api, "R-I-C")
    assert state["clearing"] is False and state["ready"] is False  # the winning line flashes
    api.advance(10.0)  # the win animation ends
    state = await api.state()
    assert state["clearing"] is True and state["ready"] is False
    assert state["message"] == (
        "Red wins! Lift every Man off the board, then press MENU or Next game."
    )
    cleared = await api.post("/api/sim/clear", {})
    assert cleared.status_code == 200
    api.advance(60.0)
    return await api.state()


async def test_an_emptied_board_shows_the_result_until_the_next_game_is_asked_for(
    api: Harness,
) -> None:
    """Defects: an emptied board started the next game at once (nobody asked for it); the
    finished game's result stayed as the banner into the next game."""
    state = await win_and_clear(api)
    assert state["phase"] == "game_over" and state["ready"] is True and state["board"] != {}
    assert state["banner"]["type"] == "game_over" and state["banner"]["winner"] == 0
    assert state["message"] == "Red wins! Press MENU or Next game to play the next game."
    api.board.press("menu")  # the board's way to ask
    api.advance(TOGETHER_S + 0.1)  # MENU alone acts once ROLL can no longer follow it
    state = await api.state()
    assert state["phase"] == "await_place" and state["board"] == {}
    assert state["banner"] is None and state["last_move"] is None
    assert state["message"].startswith("Red (player 1): place a Man")


async def test_next_game_is_asked_for_over_http_after_a_game_only(api: Harness) -> None:
    refused = await api.post("/api/next_game", {})
    assert refused.status_code == 409 and "still under way" in refused.json()["error"]
    state = await win_and_clear(api)
    seats = state["seats"]
    answer = await api.post("/api/next_game", {})
    assert answer.status_code == 200
    state = answer.json()
    assert state["phase"] == "await_place" and state["board"] == {} and state["banner"] is None
    assert state["variant"] == "qubic" and state["seats"] == seats


async def test_clear_board_lifts_every_piece_in_one_order(api: Harness) -> None:
    """Defect: clearing the simulated board took a tap per piece."""
    await api.post("/api/new_game", {"variant": "qubic", "players": 2})
    for hole in ("R-I-S", "Y-I-S", "G-II-H", "B-IV-C"):
        await place(api, hole)
    assert len((await api.state())["sensed"]) == 4
    await api.post("/api/sim/clear", {})
    api.advance(0.2)
    assert (await api.state())["sensed"] == {}


async def test_a_man_in_a_wrong_hole_is_described_at_once(api: Harness) -> None:
    """Defect: the words for a wrong hole came only after ``fix_after_s`` (5 s)."""
    await api.post("/api/roll", {"faces": "yellow/II/hearts"})
    state = await place(api, "G-I-S")
    assert state["phase"] == "await_fix"
    assert state["fix"] == ["Lift the Man from G-I-S"]


async def test_roll_event_counts_only_the_empty_lit_holes(api: Harness) -> None:
    """Defect: the roll's words counted occupied holes (16 where 15 were lit)."""
    await api.post("/api/roll", {"faces": "red/win/win"})
    await place(api, "R-I-S")
    state = (await api.post("/api/roll", {"faces": "red/win/win"})).json()
    roll = [event for event in state["events"] if event["type"] == "roll"][-1]
    assert len(roll["holes"]) == 16 and roll["lit"] == 15


async def test_a_token_on_a_completing_man_is_not_refused_in_public(api: Harness) -> None:
    """Defect: the refusal of a token on the Man that completes a line told the table which
    hole completes it (and once the token's value); the Man now goes in bare."""
    body = {"variant": "payoff", "players": 2, "options": {"deal": DEAL}}
    await api.post("/api/new_game", body)
    for red, blue in zip("SHD", "SHD", strict=True):
        await place(api, f"R-I-{red}")
        await place(api, f"Y-IV-{blue}")
    chosen = await api.post("/api/token", {"token": 20})
    assert chosen.status_code == 200
    state = await place(api, "R-I-C")
    assert state["board"]["R-I-C"] == {"team": 0, "piece": "man"}
    assert "R-I-C" not in state["token_holes"]
    events = state["events"]
    assert [event for event in events if event["type"] == "placement_refused"] == []
    assert all(event.get("token") is None for event in events)
    assert all("completes" not in str(event.get("reason", "")) for event in events)
