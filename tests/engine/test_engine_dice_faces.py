"""The game option ``dice_faces`` (RULES.md §4 assumption): other faces on the three dice."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import (
    DICE,
    DIE_NAMES,
    READING_KINDS,
    Dice,
    Throw,
    all_throws,
    dice_from_setting,
    read_throw,
    reading_probabilities,
)
from engine.errors import IllegalRoll, SettingError
from engine.game import Action, Game, Phase
from engine.lucky import LuckyFlix, LuckyOptions
from engine.variants import new_game, replay

LOPSIDED = {
    "colour": ["red", "red", "win", "win", "flix"],
    "floor": ["II", "win"],
    "suit": ["hearts", "clubs", "flix"],
}
"""Repeats, a die without ``flix`` and one without ``win``."""


def counted(dice: Dice) -> dict[str, Fraction]:
    """The reading odds by counting every combination of faces."""
    throws = all_throws(dice)
    assert len(throws) == len(dice[0]) * len(dice[1]) * len(dice[2])
    kinds: Counter[str] = Counter()
    for throw in throws:
        reading = read_throw(throw)
        kinds[reading.kind] += 1
        if reading.kind == "holes":
            kinds[f"holes_{reading.size}"] += 1
    keys = (*READING_KINDS, "holes_1", "holes_4", "holes_16")
    return {key: Fraction(kinds[key], len(throws)) for key in keys}


def play_until(game: Game, rolls: int) -> list[str]:
    """Roll (drawn from the seed) and place in the first allowed hole, never calling FLIX (a
    called line would end the game); the throws shown."""
    shown: list[str] = []
    while len(shown) < rolls and not game.game_over:
        if game.phase == Phase.AWAIT_ROLL:
            (event,) = [e for e in game.roll() if e.type == "roll"]
            shown.append(event.data["throw"])
        else:
            game.place(min(game._names(game.allowed)))
    return shown


@pytest.mark.parametrize(
    "setting",
    [
        LOPSIDED,
        {"colour": ["win"], "floor": ["flix", "win", "I"], "suit": ["win", "flix", "flix"]},
        {"suit": ["spades"]},
        {"colour": ["flix"], "floor": ["flix"], "suit": ["flix"]},
    ],
)
def test_odds_of_other_dice_match_exhaustive_counting(setting: dict[str, list[str]]) -> None:
    dice = dice_from_setting(setting)
    odds = reading_probabilities(dice)
    assert odds == counted(dice)
    assert sum(odds[kind] for kind in READING_KINDS) == 1
    assert odds["holes"] == odds["holes_1"] + odds["holes_4"] + odds["holes_16"]


def test_lopsided_odds_by_hand() -> None:
    odds = reading_probabilities(dice_from_setting(LOPSIDED))
    # wild: colour 3/5 (win 2/5, flix 1/5), floor 1/2 (win only), suit 1/3 (flix only)
    assert odds["anywhere"] == 0 and odds["opponent_anywhere"] == 0
    assert odds["free_throws"] == Fraction(3, 5) * Fraction(1, 2) * Fraction(1, 3)
    assert odds["holes_1"] == Fraction(2, 5) * Fraction(1, 2) * Fraction(2, 3)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    faces=st.tuples(
        *(st.lists(st.sampled_from(die), min_size=1, max_size=8) for die in DICE),
    )
)
def test_any_dice_odds_are_exact(faces: tuple[list[str], list[str], list[str]]) -> None:
    dice: Dice = (tuple(faces[0]), tuple(faces[1]), tuple(faces[2]))
    odds = reading_probabilities(dice)
    assert odds == counted(dice)
    assert sum(odds[kind] for kind in READING_KINDS) == 1


def test_the_default_dice_are_unchanged() -> None:
    assert dice_from_setting(None) == DICE == dice_from_setting({})
    assert LuckyOptions().dice_faces is None and LuckyOptions().dice == DICE
    plain = new_game("lucky", 3, 21)
    spelled = new_game("lucky", 3, 21, {"dice_faces": dict(zip(DIE_NAMES, DICE, strict=True))})
    assert play_until(plain, 40) == play_until(spelled, 40)
    assert plain.events == spelled.events


def test_a_seeded_game_shows_only_the_configured_faces() -> None:
    game = new_game("lucky", 2, 7, {"dice_faces": LOPSIDED, "men_per_team": 32})
    assert isinstance(game, LuckyFlix)
    assert game.dice == (
        ("red", "red", "win", "win", "flix"),
        ("II", "win"),
        ("hearts", "clubs", "flix"),
    )
    rng = random.Random(7)
    first = Throw(*(rng.choice(die) for die in game.dice))
    shown = play_until(game, 100)
    assert len(shown) == 100 and shown[0] == str(first)  # one rng.choice per die, as before
    for index, die in enumerate(game.dice):
        # every configured face turns up, and no other
        assert {throw.split("/")[index] for throw in shown} == set(die)


def test_faces_the_dice_lack_are_refused() -> None:
    game = new_game("lucky", 2, 1, {"dice_faces": LOPSIDED})
    before = list(game.events)
    with pytest.raises(IllegalRoll, match=r"'flix' is not a face of the floor die: II win"):
        game.roll("red/flix/hearts")
    with pytest.raises(IllegalRoll, match=r"'yellow' is not a face of the colour die"):
        game.roll("yellow/II/hearts")
    with pytest.raises(IllegalRoll, match=r"'3' is not a face of the floor die"):
        game.apply(Action("roll", throw="red/3/hearts"))
    assert game.events == before and game.phase == Phase.AWAIT_ROLL
    assert [e.type for e in game.roll("Red/2/CLUBS")] == ["roll"]
    assert game._names(game.allowed) == ["R-II-C"]


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("red win", r"dice_faces must map dice \(colour, floor, suit\) to lists of faces"),
        ({"color": ["red"]}, r"dice_faces: no die 'color'; dice: colour floor suit"),
        ({"colour": []}, r"the colour die needs a list of at least one face: \[\]"),
        ({"suit": "hearts"}, r"the suit die needs a list of at least one face: 'hearts'"),
        ({"floor": ["II", "V"]}, r"'V' is not a face of the floor die \(faces: I II III IV"),
        ({"colour": ["hearts"]}, r"'hearts' is not a face of the colour die"),
        ({"suit": [None]}, r"None is not a face of the suit die"),
        (
            {"colour": ["win"], "floor": ["win", "flix"], "suit": ["flix"]},
            r"every throw of these dice grants free throws",
        ),
    ],
)
def test_bad_dice_faces_are_clear_errors(setting: Any, message: str) -> None:
    with pytest.raises(SettingError, match=message):
        new_game("lucky", 2, 0, {"dice_faces": setting})
    with pytest.raises(SettingError, match=message):
        LuckyOptions.from_dict({"dice_faces": setting})


def test_other_variants_have_no_dice_faces() -> None:
    for variant in ("qubic", "payoff", "tactflix"):
        with pytest.raises(SettingError, match=r"unknown option\(s\) dice_faces"):
            new_game(variant, 2, 0, {"dice_faces": {"colour": ["red"]}})


def test_the_option_is_spelled_canonically_and_round_trips() -> None:
    options = LuckyOptions.from_dict({"dice_faces": {"floor": ["2", "ii", "WIN"]}})
    assert isinstance(options, LuckyOptions)
    assert options.dice_faces == {
        "colour": DICE[0],
        "floor": ("II", "II", "win"),
        "suit": DICE[2],
    }
    stored = json.loads(json.dumps(options.to_dict()))
    assert stored["dice_faces"]["floor"] == ["II", "II", "win"]
    assert LuckyOptions.from_dict(stored) == options
    assert json.loads(json.dumps(LuckyOptions().to_dict()))["dice_faces"] is None


def test_replay_with_the_option_reproduces_the_game() -> None:
    game = new_game("lucky", 3, 12, {"dice_faces": LOPSIDED, "call_window": 1.0})
    play_until(game, 60)
    stored = json.loads(json.dumps(game.options.to_dict()))
    for options in (stored, {"dice_faces": LOPSIDED, "call_window": 1.0}):
        again = replay("lucky", 3, 12, options, game.actions)
        assert again.events == game.events
        assert again.to_json(reveal_pending=True) == game.to_json(reveal_pending=True)
    follow = new_game("lucky", 3, 12, game.next_game_options())
    assert isinstance(follow, LuckyFlix) and follow.dice == dice_from_setting(LOPSIDED)
