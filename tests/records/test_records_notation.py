"""The text notation (docs/NOTATION.md): every variant's games written and read back to the same
position, the documented examples replayed, and malformed records refused with their line and
token."""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

import pytest

from bench.random_games import VARIANTS, random_game
from engine.errors import NoNotation, NotationError
from engine.notation import (
    ABANDONED,
    DIALECTS,
    Dialect,
    read_record,
    replay_steps,
    result_of,
    write_record,
)
from engine.notation.verbs import PLACE
from engine.qubic import Qubic
from engine.variants import VARIANTS as VARIANT_CLASSES
from engine.variants import new_game
from tests.records.notation_cases import SEATS, Case, malformed_cases, valid_record

REPO = Path(__file__).resolve().parents[2]
CASES = malformed_cases()


@pytest.mark.parametrize("variant", VARIANTS)
def test_games_of_every_variant_read_back_to_the_same_position(variant: str) -> None:
    kinds: set[str] = set()
    for seed in range(25):  # the first 25 seeds hold every kind of move below, resignations too
        game = random_game(variant, seed)
        kinds |= {action.kind for action in game.actions}
        text = write_record(game, SEATS[:1] * game.players, start="2026-11-24T01:00:00Z")
        record = read_record(text)
        assert record.game.to_json(reveal_pending=True) == game.to_json(reveal_pending=True)
        assert record.result == result_of(game)
        assert [move.action.kind for move in record.moves] == [a.kind for a in game.actions]
        assert write_record(record.game, record.seats, start=record.start) == text
    expected = {
        "lucky": {"roll", "place", "call", "penalty", "resign"},
        "payoff": {"place", "call", "penalty", "enter_token"},
        "tactflix": {"place", "call", "substitute", "withdraw"},
        "qubic": {"place", "request_block", "resign"},
        "flip4": {"roll", "place", "move", "resign"},
        "olix": {"place", "resign"},
    }[variant]
    assert expected <= kinds, "the random games miss a kind of move"


def test_times_tokens_and_burocrats_are_written() -> None:
    payoff = write_record(random_game("payoff", 0, players=2), SEATS)
    assert re.search(r"^\d place \S+ token \d+ @\d+\.\d+$", payoff, re.MULTILINE)
    assert re.search(r"^Deal 1( \d+){6}$", payoff, re.MULTILINE)
    tactflix = "".join(write_record(random_game("tactflix", s), SEATS * 3) for s in range(20))
    assert re.search(r"^\d burocrat [RYGB]-[IV]+-[SHDC]$", tactflix, re.MULTILINE)
    lucky = write_record(random_game("lucky", 1, players=2), SEATS)
    assert re.search(r"^\d roll [a-z]+/(I|II|III|IV|win|flix)/[a-z]+$", lucky, re.MULTILINE)
    flip4 = write_record(random_game("flip4", 4, players=2), SEATS)
    assert re.search(r"^\d roll [1-6]/[1-6]$", flip4, re.MULTILINE)
    assert re.search(r"^\d step [a-e][1-5]-[a-e][1-5]$", flip4, re.MULTILINE)
    assert re.search(r"^\d place [a-e][1-5]$", flip4, re.MULTILINE)
    olix = write_record(random_game("olix", 0, players=2), SEATS)
    assert re.search(r"^\d place ([a-k])(1[01]|[1-9])$", olix, re.MULTILINE)


def test_an_abandoned_game_reads_back_as_abandoned() -> None:
    game = new_game("lucky", 2, seed=3)
    game.roll("red/I/spades")
    game.place("R-I-S", at=1.25)
    text = write_record(game, SEATS)
    assert "Result abandoned" in text and "1 place R-I-S @1.25" in text
    record = read_record(text)
    assert record.result.outcome == ABANDONED and record.game.to_json() == game.to_json()


def test_the_documented_examples_replay() -> None:
    doc = (REPO / "docs" / "NOTATION.md").read_text()
    examples = re.findall(r"```\n(FLIX 1\n.*?)```", doc, re.DOTALL)
    variants = {read_record(example).variant for example in examples}
    assert variants == set(VARIANTS)


def test_replay_steps_show_each_position() -> None:
    record = read_record(valid_record("lucky"))
    steps = list(replay_steps(record))
    assert len(steps) == len(record.moves) + 1
    assert steps[0]["state"]["board"] == {} and steps[0]["text"] is None
    assert steps[-1]["state"] == record.game.to_json()
    placed = [step for step in steps if step["text"] and " place " in step["text"]]
    assert all(step["hole"] in step["state"]["board"] for step in placed)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_malformed_record_names_its_line_and_token(case: Case) -> None:
    with pytest.raises(NotationError) as caught:
        read_record(case.text)
    error = caught.value
    assert (error.line, error.token) == (case.line, case.token), str(error)
    assert str(error).startswith(f"line {case.line} at {case.token!r}: ")
    assert len(error.reason) > 10


def test_there_are_a_hundred_malformed_records_of_every_kind() -> None:
    assert len(CASES) >= 100
    assert {case.name.partition("-")[0] for case in CASES} == set(VARIANTS)


def test_an_empty_or_huge_record_is_refused() -> None:
    with pytest.raises(NotationError, match="line 1 at '': the record ends here"):
        read_record("")
    with pytest.raises(NotationError, match="longer than"):
        read_record("#" * 1_000_001)


class Quick(Qubic):
    """A variant registered without a dialect of its own."""

    variant: ClassVar[str] = "quick"


def test_a_variant_without_a_dialect_is_written_with_the_shared_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(VARIANT_CLASSES, "quick", Quick)
    game = new_game("quick")
    for hole in ("R-I-S", "Y-I-S", "R-I-H"):
        game.place(hole)
    game.resign(1)
    text = write_record(game, SEATS)
    assert text.splitlines()[1] == "Variant quick" and "2 resign" in text
    assert read_record(text).game.to_json() == game.to_json()
    monkeypatch.setitem(DIALECTS, "quick", Dialect((PLACE,)))
    with pytest.raises(NoNotation, match="no word for 'resign' actions of quick"):
        write_record(game, SEATS)
