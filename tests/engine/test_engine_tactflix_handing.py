"""The game option ``burocrat_handing`` (RULES.md §6 assumption): with 3 teams a team's
Burocrats go to the team on its left (default) or on its right."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.errors import SettingError
from engine.tactflix import TacTFlix, TacTFlixOptions
from engine.variants import new_game, replay
from tests.engine.engine_helpers import types

ROW = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
FILLERS = [["B-IV-S", "B-IV-H", "B-IV-D"], ["B-III-C", "B-II-S", "G-IV-H"]]
"""Holes for the other two teams that hold no line among themselves."""


def tactflix(players: int, handing: str | None) -> TacTFlix:
    options: dict[str, Any] = {"auto_call": True}
    if handing is not None:
        options["burocrat_handing"] = handing
    game = new_game("tactflix", players=players, seed=5, options=options)
    assert isinstance(game, TacTFlix)
    return game


def score_a_line(game: TacTFlix) -> dict[str, Any]:
    """Team 0 completes ``ROW`` (the others answer with fillers), plays its free play, seats its
    Burocrat and withdraws; the ``burocrats_won`` event data."""
    others = FILLERS[: game.teams - 1]
    for turn, hole in enumerate(ROW[:3]):
        game.place(hole)
        for filler in others:
            game.place(filler[turn])
    events = game.place(ROW[3])
    assert types(events) == ["place", "scored", "burocrats_won", "turn"]
    game.place("G-II-C")
    game.substitute("R-I-S")
    while game.phase == "withdraw":
        game.withdraw(game.to_json()["allowed"][0])
    (won,) = [e for e in game.events if e.type == "burocrats_won"]
    return won.data


@pytest.mark.parametrize(
    ("players", "handing", "holders"),
    [
        (3, None, [1, 2, 0]),
        (3, "left", [1, 2, 0]),
        (3, "right", [2, 0, 1]),
        (6, "left", [1, 2, 0]),
        (6, "right", [2, 0, 1]),
        (2, "left", [1, 0]),
        (2, "right", [1, 0]),
        (4, "right", [1, 0]),
    ],
)
def test_who_holds_whose_burocrats(players: int, handing: str | None, holders: list[int]) -> None:
    game = tactflix(players, handing)
    assert [game.holder(team) for team in range(game.teams)] == holders
    assert game.to_json()["burocrat_holder"] == holders


@pytest.mark.parametrize(("handing", "holder"), [("left", 1), ("right", 2)])
def test_a_won_back_burocrat_comes_from_the_holder(handing: str, holder: int) -> None:
    game = tactflix(3, handing)
    won = score_a_line(game)
    assert won == {"team": 0, "count": 1, "held": 7, "holder": holder}
    state = game.to_json()
    assert state["burocrats_held"] == [7, 8, 8] and state["burocrats_in_hand"] == [0, 0, 0]
    assert state["board"]["R-I-S"] == {"team": 0, "piece": "burocrat"}
    assert game.to_move == 1 and game.phase == "await_place"


def test_the_handing_changes_nothing_but_the_holder() -> None:
    left, right = tactflix(3, "left"), tactflix(3, "right")
    score_a_line(left)
    score_a_line(right)

    def without_holder(game: TacTFlix) -> list[dict[str, Any]]:
        return [{k: v for k, v in e.to_json().items() if k != "holder"} for e in game.events]

    assert without_holder(left) == without_holder(right)
    left_state, right_state = left.to_json(), right.to_json()
    assert left_state.pop("burocrat_holder") != right_state.pop("burocrat_holder")
    assert left_state == right_state


def test_with_two_teams_left_and_right_are_the_same_game() -> None:
    left, right = tactflix(2, "left"), tactflix(2, "right")
    assert (
        score_a_line(left)
        == score_a_line(right)
        == {
            "team": 0,
            "count": 1,
            "held": 7,
            "holder": 1,
        }
    )
    assert [e.to_json() for e in left.events] == [e.to_json() for e in right.events]
    assert left.to_json() == right.to_json()


@pytest.mark.parametrize(
    ("value", "shown"), [("up", "'up'"), ("Left", "'Left'"), (1, "1"), (None, "None")]
)
def test_a_bad_handing_is_a_clear_error(value: object, shown: str) -> None:
    message = rf"burocrat_handing must be 'left' or 'right': {shown}"
    with pytest.raises(SettingError, match=message):
        new_game("tactflix", 3, 0, {"burocrat_handing": value})
    with pytest.raises(SettingError, match=message):
        TacTFlixOptions.from_dict({"burocrat_handing": value})


def test_other_variants_have_no_handing() -> None:
    for variant in ("lucky", "payoff", "qubic"):
        with pytest.raises(SettingError, match=r"unknown option\(s\) burocrat_handing"):
            new_game(variant, 3, 0, {"burocrat_handing": "right"})


def test_the_option_round_trips_and_replays() -> None:
    assert TacTFlixOptions().burocrat_handing == "left"
    game = tactflix(6, "right")
    score_a_line(game)
    stored = json.loads(json.dumps(game.options.to_dict()))
    assert stored["burocrat_handing"] == "right"
    assert TacTFlixOptions.from_dict(stored) == game.options
    again = replay("tactflix", 6, 5, stored, game.actions)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    assert again.to_json() == game.to_json() and again.to_json()["burocrat_holder"] == [2, 0, 1]
    follow = new_game("tactflix", 6, 6, game.next_game_options())
    assert isinstance(follow, TacTFlix) and follow.holder(0) == 2
