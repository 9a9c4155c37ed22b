"""Seat switches while the computer's hands are making its move (``POST /api/seats`` again
before the Man they seated has settled): the hands put the hole back as the game has it, so no
piece is ever left that nobody lifts, and the game goes on. Simulated time, in process."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from controller.config import Config
from engine.holes import parse
from hal.base import Piece
from tests.api_harness import Harness

COMPUTER = {"seat": 1, "kind": "computer", "level": 1}


@pytest.fixture
def api() -> Iterator[Harness]:
    harness = Harness(config=Config.of(variant="qubic"))
    yield harness
    harness.service.computer.close()


def on_board(api: Harness) -> int:
    """The holes that really hold a piece, settled or not (a bitboard)."""
    return sum(1 << hole for hole in range(64) if api.board.piece_at(hole) is not Piece.EMPTY)


async def hands_under_way(api: Harness) -> None:
    """Red has placed; Blue is switched to the computer, which answers, and its hands seat
    the Man: not settled yet, so not in the game."""
    await api.post("/api/new_game", {"variant": "qubic", "players": 2, "seed": 7})
    assert (await api.post("/api/sim/place", {"hole": "R-I-S"})).status_code == 200
    api.advance(1.0)
    assert (await api.post("/api/seats", COMPUTER)).status_code == 200
    computer = api.service.computer
    assert computer.wait()
    api.service.step()  # the answer is carried out: the hands seat the Man
    assert on_board(api) != api.service.controller.game.occupied


def settled(api: Harness) -> None:
    """Let the board settle and the computer answer whatever it was asked since."""
    api.advance(1.0)
    if api.service.computer.wait():
        api.service.step()
    api.advance(1.0)


@pytest.mark.parametrize(
    "switch",
    [
        {"seat": 1, "kind": "computer", "level": 2},  # the same seat, another level
        {"seat": 1, "kind": "human"},  # handed back to a person
        {"seat": 0, "kind": "computer", "level": 1},  # the other seat
    ],
)
async def test_a_second_switch_before_the_hands_settle_leaves_no_stray_piece(
    api: Harness, switch: dict[str, Any]
) -> None:
    await hands_under_way(api)
    assert (await api.post("/api/seats", switch)).status_code == 200
    settled(api)
    state = await api.state()
    assert state["phase"] != "await_fix", state["message"]
    assert not any(state["mismatch"].values())
    assert on_board(api) == api.service.controller.game.occupied
    assert state["board"]["R-I-S"] == {"team": 0, "piece": "man"}
    blue = [hole for hole, piece in state["board"].items() if piece["team"] == 1]
    assert len(blue) == (0 if switch["kind"] == "human" and switch["seat"] == 1 else 1)


async def test_a_take_back_before_the_hands_settle_leaves_only_the_person_s_man(
    api: Harness,
) -> None:
    await hands_under_way(api)
    assert (await api.post("/api/undo", {})).status_code == 200
    settled(api)
    state = await api.state()
    assert state["board"] == {} and state["mismatch"]["extra"] == ["R-I-S"]  # a person's Man
    assert on_board(api) == 1 << parse("R-I-S")  # the hands took theirs back
