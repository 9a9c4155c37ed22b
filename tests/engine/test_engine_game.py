"""The shared game object: options, registry, events, actions, undo, replay, errors."""

from __future__ import annotations

import json

import pytest
from engine_helpers import play, types

from engine.dice import Throw
from engine.errors import IllegalAction, IllegalPlacement, SettingError, UnknownVariant
from engine.game import Action, Event, Game, Options
from engine.holes import parse
from engine.lucky import LuckyFlix
from engine.qubic import Qubic
from engine.variants import VARIANTS, find_variant, new_game, register, replay


def state(game: Game) -> tuple[object, ...]:
    return (
        json.dumps(game.to_json(reveal_pending=True), sort_keys=True),
        list(game.events),
        list(game.actions),
        list(game.uncalled),
        dict(game.tokens),
        game.placements,
        game._rng.getstate(),
    )


def test_registry_finds_variants_by_name() -> None:
    assert find_variant("lucky") is LuckyFlix and find_variant(" QUBIC ") is Qubic
    assert {"lucky", "qubic"} <= set(VARIANTS)
    with pytest.raises(UnknownVariant, match=r"'chess'; known: flip4, lucky, .*qubic"):
        find_variant("chess")
    assert isinstance(new_game("qubic", 3), Qubic)


def test_register_needs_a_name() -> None:
    with pytest.raises(ValueError, match="Game"):
        register(Game)


def test_options_from_dict_and_errors() -> None:
    options = Options.from_dict({"auto_call": True, "call_window": 1.5, "men_per_team": 10})
    assert options.auto_call and options.call_window == 1.5 and options.men_per_team == 10
    assert options.to_dict()["panels"] == "RYGB"
    with pytest.raises(SettingError, match=r"unknown option.*colour"):
        Options.from_dict({"colour": "red"})
    bad: list[dict[str, object]] = [
        {"auto_call": "yes"},
        {"call_window": -1},
        {"call_window": True},
        {"men_per_team": 0.5},
        {"men_per_team": 65},
        {"burocrats_per_team": -1},
        {"panels": "RRGB"},
        {"suits": "SHD"},
    ]
    for values in bad:
        with pytest.raises(SettingError):
            Options.from_dict(values)


def test_layout_options_rename_holes() -> None:
    game = new_game("qubic", options={"panels": "BGYR"})
    game.place("B-I-S")
    assert game.piece_at(0) == (0, "man")
    assert list(game.to_json()["board"]) == ["B-I-S"]
    assert game.events[-2].to_json(game.layout)["hole"] == "B-I-S"


def test_state_json_has_the_design_keys() -> None:
    game = new_game("lucky", players=4, seed=9)
    game.roll("yellow/II/hearts")
    data = game.to_json()
    for key in (
        "variant",
        "phase",
        "to_move",
        "team_of_seat",
        "board",
        "allowed",
        "scored_lines",
        "winner",
        "draw",
        "ledger",
        "free_throws",
        "last_throw",
        "supply",
    ):
        assert key in data
    assert data["phase"] == "await_place" and data["allowed"] == ["Y-II-H"]
    assert data["last_throw"] == "yellow/II/hearts" and data["team_of_seat"] == [0, 1, 0, 1]
    assert "pending_lines" not in data
    json.dumps(data)


def test_events_are_json_able_with_hole_names() -> None:
    game = new_game("lucky", seed=1)
    play(game, "R-I-S")
    for event in game.events:
        json.dumps(event.to_json())
    roll = next(e for e in game.events if e.type == "roll").to_json()
    assert roll["holes"] == ["R-I-S"] and roll["throw"] == "red/I/spades"
    assert Event("x", {"lines": [1 | 2]}).to_json() == {"type": "x", "lines": [["R-I-S", "R-I-H"]]}


def test_actions_round_trip_through_json() -> None:
    actions = [
        Action("roll"),
        Action("roll", throw="yellow/II/hearts"),
        Action("place", hole=parse("Y-II-H"), at=2.5),
        Action("call", seat=1, at=3.0),
        Action("place", hole=5, piece="burocrat", token=50),
        Action("resign", seat=0),
    ]
    for action in actions:
        text = json.dumps(action.to_json())
        assert Action.from_json(json.loads(text)) == action
    assert Action("place", hole=parse("Y-II-H")).to_json() == {"kind": "place", "hole": "Y-II-H"}
    with pytest.raises(IllegalAction, match="unknown keys"):
        Action.from_json({"kind": "place", "square": 3})


def test_undo_restores_exactly_events_and_rng_too() -> None:
    game = new_game("lucky", seed=4)
    before = state(game)
    first = game.roll()[0].data["throw"]
    after_roll = state(game)
    game.place(game._names(game.allowed)[0], at=1.0)
    game.pop()
    assert state(game) == after_roll
    game.pop()
    assert state(game) == before
    assert game.roll()[0].data["throw"] == first  # the RNG was rewound too
    with pytest.raises(IllegalAction, match="nothing to undo"):
        new_game("qubic").pop()


def test_undo_of_a_penalty_restores_the_men() -> None:
    game = new_game("lucky")
    for mine, theirs in zip(
        ["R-I-S", "R-I-H", "R-I-D"], ["B-IV-S", "B-IV-D", "B-III-H"], strict=True
    ):
        play(game, mine)
        play(game, theirs)
    play(game, "R-I-C", at=0.0)
    before = state(game)
    game.penalty(1, at=10.0)
    assert game.pending_count() == 0
    game.pop()
    assert state(game) == before and game.pending_count() == 1


def test_illegal_actions_change_nothing_and_name_the_problem() -> None:
    game = new_game("lucky")
    game.roll("red/I/win")
    before = state(game)
    for attempt, error, text in [
        (lambda: game.place("B-IV-C"), IllegalPlacement, "B-IV-C"),
        (lambda: game.place(99), IllegalPlacement, "99"),
        (lambda: game.place("R-I-S", piece="burocrat"), IllegalPlacement, "Burocrat"),
        (lambda: game.place("R-I-S", piece="king"), IllegalPlacement, "king"),
        (lambda: game.place("R-I-S", token=50), IllegalPlacement, "token"),
        (lambda: game.call(7), IllegalAction, "seat 7"),
        (lambda: game.roll(), IllegalAction, "await_place"),
        (lambda: game.apply(Action("dance")), IllegalAction, "dance"),
    ]:
        with pytest.raises(error, match=text):
            attempt()
        assert state(game) == before


def test_roll_accepts_a_throw_object() -> None:
    game = new_game("lucky")
    game.roll(Throw("yellow", "II", "hearts"))
    assert game.actions[-1] == Action("roll", throw="yellow/II/hearts")


def test_resign_hands_the_game_to_the_last_team() -> None:
    game = new_game("qubic", players=3)
    game.place("R-I-S")
    assert types(game.resign(1)) == ["resign", "turn"]
    assert game.to_move == 2
    game.place("Y-I-S")
    assert game.to_move == 0
    events = game.resign(2)
    assert events[-1].data == {"winner": 0, "draw": False, "reason": "resign"}
    with pytest.raises(IllegalAction, match="over"):
        game.resign(0)


def test_replay_reproduces_the_game() -> None:
    game = new_game("lucky", players=3, seed=12, options={"call_window": 1.0})
    t = 0.0
    while not game.game_over and len(game.actions) < 200:
        t += 1.0
        if game.phase == "await_roll":
            game.roll()
        else:
            game.place(game._names(game.allowed)[-1], at=t)
            game.call(game.to_move, at=t + 0.5)
    copy = replay("lucky", 3, 12, {"call_window": 1.0}, game.actions)
    assert state(copy) == state(game)


def test_repr_shows_live_state() -> None:
    assert "phase=await_place" in repr(new_game("qubic"))
