"""The three FLIX dice: every outcome's reading, exact odds, parsing, fair throws."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from engine.bitboard import BB_ALL
from engine.dice import (
    COLOUR_FACES,
    FLOOR_FACES,
    READING_KINDS,
    SUIT_FACES,
    Throw,
    all_throws,
    parse_throw,
    read_throw,
    reading_probabilities,
    throw_dice,
)
from engine.errors import IllegalRoll
from engine.holes import HOLES, Layout, coords

WILD = ("win", "flix")


def expected_reading(throw: Throw, layout: Layout) -> tuple[str, int]:
    """The reading by brute force over the 64 holes, straight from RULES.md §4."""
    faces = throw.faces
    if all(face in WILD for face in faces):
        wins = faces.count("win")
        return {3: ("anywhere", BB_ALL), 0: ("opponent_anywhere", BB_ALL)}.get(
            wins, ("free_throws", 0)
        )
    holes = 0
    for hole in HOLES:
        panel, floor, section = coords(hole)
        colour_ok = throw.colour in WILD or layout.panels[panel] == throw.colour[0].upper()
        floor_ok = throw.floor in WILD or FLOOR_FACES.index(throw.floor) == floor
        suit_ok = throw.suit in WILD or layout.suits[section] == throw.suit[0].upper()
        if colour_ok and floor_ok and suit_ok:
            holes |= 1 << hole
    return "holes", holes


@pytest.mark.parametrize("layout", [Layout(), Layout("BGRY", "CSHD")])
def test_all_216_outcomes_read_right(layout: Layout) -> None:
    throws = all_throws()
    assert len(throws) == 216 == len(set(throws))
    for throw in throws:
        reading = read_throw(throw, layout)
        assert (reading.kind, reading.holes) == expected_reading(throw, layout), str(throw)
        if reading.kind == "holes":
            assert reading.size == 4**throw.wild


def test_named_exceptions() -> None:
    assert read_throw(parse_throw("win/win/win")).kind == "anywhere"
    assert read_throw(parse_throw("flix/flix/flix")).kind == "opponent_anywhere"
    for text in (
        "win/win/flix",
        "win/flix/win",
        "flix/win/win",
        "flix/flix/win",
        "flix/win/flix",
        "win/flix/flix",
    ):
        assert read_throw(parse_throw(text)).kind == "free_throws"


def test_probabilities_sum_to_one_and_match_counting() -> None:
    odds = reading_probabilities()
    assert sum(odds[kind] for kind in READING_KINDS) == 1
    counts = Counter(read_throw(t).kind for t in all_throws())
    sizes = Counter(read_throw(t).size for t in all_throws() if read_throw(t).kind == "holes")
    for kind in READING_KINDS:
        assert odds[kind] == Fraction(counts[kind], 216)
    for size in (1, 4, 16):
        assert odds[f"holes_{size}"] == Fraction(sizes[size], 216)
    assert odds["holes"] == sum(odds[f"holes_{size}"] for size in (1, 4, 16))


def test_format_and_parse_round_trip() -> None:
    for throw in all_throws():
        text = str(throw)
        assert parse_throw(text) == throw
        assert parse_throw(text.upper()) == throw
        assert parse_throw(text.lower()) == throw
    assert str(Throw("yellow", "II", "hearts")) == "yellow/II/hearts"
    assert parse_throw("WIN/2/Flix") == Throw("win", "II", "flix")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "yellow/II",
        "yellow/II/hearts/x",
        "purple/II/hearts",
        "yellow/V/hearts",
        "yellow/II/stars",
        "yellow II hearts",
        "y/II/h",
        "yellow//hearts",
        "yellow/0/hearts",
    ],
)
def test_bad_throws_are_errors_naming_the_text(text: str) -> None:
    with pytest.raises(IllegalRoll) as error:
        parse_throw(text)
    assert repr(text) in str(error.value)


def test_throw_rejects_a_non_face() -> None:
    with pytest.raises(IllegalRoll, match="'purple'"):
        Throw("purple", "II", "hearts")


def test_throws_come_from_the_injected_rng_and_are_fair() -> None:
    first = [throw_dice(random.Random(42)) for _ in range(3)]
    assert len(set(first)) == 1
    rng = random.Random(7)
    throws = [throw_dice(rng) for _ in range(6000)]
    for position, faces in enumerate((COLOUR_FACES, FLOOR_FACES, SUIT_FACES)):
        counts = Counter(t.faces[position] for t in throws)
        assert set(counts) == set(faces)
        assert all(800 < n < 1200 for n in counts.values()), counts
