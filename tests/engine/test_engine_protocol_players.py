"""``flixboard engine`` with the real computer players: each variant answers a legal move, a
hint with its reason, and an infinite search ends on ``stop``."""

from __future__ import annotations

import pytest

from engine.holes import parse
from engine.protocol import EngineProtocol
from tests.engine.test_engine_protocol import run_engine


def bestmoves(answers: list[str]) -> list[str]:
    return [line.split(" ", 1)[1] for line in answers if line.startswith("bestmove ")]


def test_qubic_wins_blocks_and_hints_through_the_cli() -> None:
    answers = run_engine(
        [
            "position startpos moves R-I-S Y-I-S R-I-H Y-I-H R-I-D Y-I-D",
            "go movetime 500",
            "hint",
            "position startpos moves R-I-S Y-I-S R-I-H Y-I-H R-I-D",
            "go depth 1",
            "hint",
            "quit",
        ]
    )
    assert bestmoves(answers) == ["R-I-C", "R-I-C"]  # completes its line; then stops Red's
    hints = [line for line in answers if line.startswith("hint ")]
    assert hints == ["hint R-I-C wins: completes R-I-S..R-I-C", "hint R-I-C blocks R-I-S..R-I-C"]


@pytest.mark.parametrize("variant", ["lucky", "payoff", "tactflix", "qubic", "olix"])
def test_every_variant_answers_a_legal_move_at_every_level(variant: str) -> None:
    protocol = EngineProtocol(variant)
    if protocol.game.uses_dice:
        protocol.handle("roll yellow/II/hearts")
    allowed = protocol.game.allowed
    for level in range(1, 6):
        answers = run_engine(
            [
                f"variant {variant}",
                f"setoption name Level value {level}",
                *(["roll yellow/II/hearts"] if protocol.game.uses_dice else []),
                "go nodes 2000",
                "quit",
            ]
        )
        (move,) = bestmoves(answers)
        assert allowed >> protocol.game.naming.parse(move.split()[0]) & 1, (level, move)


def test_an_infinite_search_of_the_real_player_ends_on_stop() -> None:
    answers = run_engine(["variant qubic", "go infinite", "stop", "quit"])
    (move,) = bestmoves(answers)
    parse(move)
