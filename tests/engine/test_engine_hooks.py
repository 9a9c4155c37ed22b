"""The hooks later variants (payoff, tactflix) build on, exercised by small test variants."""

from __future__ import annotations

from typing import ClassVar

import pytest

from engine.bitboard import Bitboard
from engine.errors import IllegalPlacement
from engine.game import Game, Phase
from engine.holes import parse


class BurocratGame(Game):
    """No dice, calls, Burocrats; a team wins with its second scored call."""

    variant: ClassVar[str] = "test-burocrats"
    uses_calls: ClassVar[bool] = True
    uses_burocrats: ClassVar[bool] = True
    _state_fields: ClassVar[tuple[str, ...]] = (*Game._state_fields, "calls_won")

    def _init_state(self) -> None:
        self.calls_won: list[int] = [0] * self.teams

    def _on_scored(self, seat: int, team: int, lines: list[Bitboard]) -> None:
        self.calls_won[team] += 1
        if self.calls_won[team] == 2:
            self._finish(team, "second call")


def test_penalty_never_removes_burocrats() -> None:
    game = BurocratGame()
    game.place("R-I-S", piece="burocrat")
    game.place("B-IV-C")
    for mine, theirs in zip(["R-I-H", "R-I-D"], ["B-IV-S", "B-IV-D"], strict=True):
        game.place(mine)
        game.place(theirs)
    game.place("R-I-C", at=1.0)
    assert game.pending_count() == 1
    events = game.penalty(1, at=9.0)
    assert events[0].type == "penalty"
    assert game.piece_at(parse("R-I-S")) == (0, "burocrat")
    assert all(game.piece_at(parse(h)) is None for h in ("R-I-H", "R-I-D", "R-I-C"))
    assert game.supply[0] == 18 and game.burocrat_supply[0] == 7


def test_a_variant_with_its_own_scoring_state_and_undo() -> None:
    game = BurocratGame(options={"auto_call": True})
    moves = ["R-I-S", "B-IV-S", "R-I-H", "B-IV-D", "R-I-D", "B-III-H", "R-I-C"]
    for hole in moves:
        game.place(hole)
    assert game.calls_won == [1, 0] and game.phase == Phase.AWAIT_PLACE
    for hole in ["G-II-C", "R-II-S", "B-II-C", "R-III-S", "G-III-C"]:
        game.place(hole)
    before = (list(game.calls_won), list(game.events))
    game.place("R-IV-S")
    assert game.winner == 0 and game.events[-1].data["reason"] == "second call"
    game.pop()
    assert (game.calls_won, game.events) == before and game.winner is None


def test_a_team_places_only_the_burocrats_it_holds() -> None:
    """RULES.md §2: "Burocrat Men: 8 per colour" (`burocrats_per_team`): with one Burocrat a
    team places it once; the next Burocrat is refused and the Man supply is untouched."""
    game = BurocratGame(options={"burocrats_per_team": 2})
    game.place("R-I-S", piece="burocrat")
    game.place("B-IV-C", piece="burocrat")
    game.place("R-I-H", piece="burocrat")
    assert game.burocrat_supply == [0, 1]
    assert game.burocrats[0] == 1 << parse("R-I-S") | 1 << parse("R-I-H")
    assert game.place("B-IV-D")[0].data == {
        "seat": 1,
        "team": 1,
        "hole": parse("B-IV-D"),
        "piece": "man",
    }
    before = list(game.events)
    with pytest.raises(IllegalPlacement) as error:
        game.place("R-I-D", piece="burocrat")
    assert str(error.value) == "team 0 has no Burocrat to place"
    assert game.events == before and game.supply == [18, 17]
