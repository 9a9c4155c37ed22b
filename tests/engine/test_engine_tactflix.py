"""Tac-T-Flix, one short game per rule paragraph of RULES.md §3 and §6, plus random games."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bitboard import popcount
from engine.errors import IllegalAction, IllegalPlacement, SettingError
from engine.game import Action, ActionKind
from engine.holes import parse
from engine.tactflix import SUBSTITUTE, WITHDRAW, TacTFlix
from engine.variants import new_game, replay
from tests.engine.engine_helpers import types

ROW_I = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
ROW_II = ["R-II-S", "R-II-H", "R-II-D", "R-II-C"]
FILLER = ["B-IV-S", "B-IV-H", "B-IV-D", "B-III-C", "B-II-S", "G-IV-H", "B-II-H", "G-III-S"]
"""Holes for the other team that hold no line among themselves."""


def tactflix(players: int = 2, **options: object) -> TacTFlix:
    game = new_game("tactflix", players=players, seed=4, options=options)
    assert isinstance(game, TacTFlix)
    return game


def alternate(game: TacTFlix, mine: list[str], theirs: list[str] = FILLER) -> None:
    """Team 0 (seat 0) places ``mine``, team 1 answers from ``theirs``; no line completes."""
    for hole, other in zip(mine, theirs, strict=False):
        assert "line_completed" not in types(game.place(hole))
        assert "line_completed" not in types(game.place(other))


def names(game: TacTFlix, key: str = "allowed") -> list[str]:
    value: list[str] = game.to_json()[key]
    return value


def snapshot(game: TacTFlix) -> str:
    return json.dumps(
        [
            game.to_json(reveal_pending=True),
            [e.to_json() for e in game.events],
            [a.to_json() for a in game.actions],
            sorted(game.line_seat.items()),
        ],
        sort_keys=True,
    )


def finish_turn(game: TacTFlix, substitute: list[str]) -> None:
    """Seat the won-back Burocrats at ``substitute`` and withdraw every Man to withdraw."""
    for hole in substitute:
        game.substitute(hole)
    while game.phase == WITHDRAW:
        game.withdraw(names(game)[0])


# ---------------------------------------------------------------- §6 no dice, no tokens; handing


@pytest.mark.parametrize(
    ("players", "holders"), [(2, [1, 0]), (3, [1, 2, 0]), (4, [1, 0]), (6, [1, 2, 0])]
)
def test_burocrats_are_handed_to_the_opponent(players: int, holders: list[int]) -> None:
    game = tactflix(players)
    state = game.to_json()
    assert state["burocrat_holder"] == holders
    assert state["burocrats_held"] == [8] * game.teams
    assert state["burocrats_in_hand"] == [0] * game.teams and game.lines_to_win == 8


def test_no_dice_no_tokens_and_no_burocrat_placed_by_hand() -> None:
    game = tactflix()
    with pytest.raises(IllegalAction, match="no dice"):
        game.roll()
    with pytest.raises(IllegalPlacement, match="uses no tokens"):
        game.place("R-I-S", token=5)
    with pytest.raises(IllegalPlacement, match="Burocrat is seated only in place of a Man"):
        game.place("R-I-S", piece="burocrat")
    assert popcount(game.allowed) == 64 and game.placements == 0
    with pytest.raises(SettingError, match="at least 1 Burocrat"):
        tactflix(burocrats_per_team=0)


# ---------------------------------------------------------------- §6 free plays and Burocrats


def test_a_scored_line_wins_a_burocrat_and_a_free_play() -> None:
    game = tactflix()
    alternate(game, ROW_I[:3])
    game.place("R-I-C", at=10.0)
    assert game.to_move == 1 and game.free_plays == 0  # nothing revealed before the call
    events = game.call(0, at=11.0)
    assert types(events) == ["scored", "burocrats_won", "turn"]
    assert game.to_move == 0 and game.phase == "await_place" and game.free_plays == 1
    assert game.held == [7, 8] and game.burocrat_supply == [1, 0]
    assert popcount(game.allowed) == 64 - 7
    events = game.place("G-II-C", at=12.0)
    assert types(events) == ["place", "free_play", "turn"]
    assert game.phase == SUBSTITUTE and names(game) == ROW_I


def test_a_free_play_chain_of_two() -> None:
    game = tactflix(auto_call=True)
    alternate(game, ROW_I[:3] + ROW_II[:3])
    events = game.place("R-I-C")
    assert types(events) == ["place", "scored", "burocrats_won", "turn"]
    events = game.place("R-II-C")
    assert types(events) == ["place", "free_play", "scored", "burocrats_won", "turn"]
    assert game.free_plays == 1 and game.burocrat_supply[0] == 2
    game.place("G-I-D")
    assert game.phase == SUBSTITUTE and game.to_move == 0
    assert names(game) == ROW_I + ROW_II
    game.substitute("R-I-S")
    assert names(game) == ROW_II  # the other line still needs its Burocrat
    with pytest.raises(IllegalAction, match=r"cannot seat a Burocrat at R-I-H; allowed: R-II-S"):
        game.substitute("R-I-H")
    game.substitute("R-II-D")
    assert game.phase == WITHDRAW
    assert names(game) == ["R-I-H", "R-I-D", "R-I-C", "R-II-S", "R-II-H", "R-II-C"]
    finish_turn(game, [])
    assert game.to_move == 1 and game.phase == "await_place"
    assert game.to_json()["board"]["R-I-S"] == {"team": 0, "piece": "burocrat"}
    assert game.supply[0] == 18 - 1 and game.held == [6, 8]  # only the last free play stays
    assert game.to_json()["lines_scored"] == [2, 0]


def test_a_two_line_placement_gives_two_burocrats_and_shared_holes_count_for_both() -> None:
    game = tactflix(auto_call=True)
    alternate(game, ["R-I-S", "R-I-H", "R-I-D", "R-II-C", "R-III-C", "R-IV-C"])
    events = game.place("R-I-C")
    assert len(events[1].data["lines"]) == 2 and game.free_plays == 2
    game.place("G-IV-D")
    game.place("G-III-D")
    assert game.phase == SUBSTITUTE
    game.substitute("R-I-C")  # in both lines: the second Burocrat may go anywhere in them
    assert len(names(game)) == 6
    game.substitute("R-III-C")
    finish_turn(game, [])
    assert game.burocrats[0] == (1 << parse("R-I-C")) | (1 << parse("R-III-C"))


def test_a_line_of_men_and_burocrats_is_a_flix_line() -> None:
    game = tactflix(auto_call=True)
    alternate(game, ROW_I[:3])
    game.place("R-I-C")
    game.place("G-IV-D")
    finish_turn(game, ["R-I-S"])
    game.place("B-I-S")
    alternate(game, ["R-I-H", "R-I-D"], ["B-I-H", "G-II-S"])
    events = game.place("R-I-C")
    assert "scored" in types(events) and game.held[0] == 6


# ---------------------------------------------------------------- §3 calls, penalties


def test_a_late_call_interrupts_and_play_resumes_with_the_seat_due() -> None:
    game = tactflix()
    alternate(game, ROW_I[:3])
    game.place("R-I-C", at=10.0)
    game.place("B-I-C", at=20.0)  # the window is over: the line is pending
    assert game.to_move == 0
    game.place("G-III-C", at=21.0)
    assert game.to_move == 1
    events = game.call(0, at=30.0)
    assert events[0].data["how"] == "late call" and game.to_move == 0
    game.place("G-I-H", at=31.0)
    finish_turn(game, ["R-I-D"])
    assert game.to_move == 1  # seat 1 was due when seat 0 called


def test_a_penalty_leaves_burocrats_in_place() -> None:
    game = tactflix()
    alternate(game, ROW_I[:3])
    game.place("R-I-C", at=1.0)
    game.call(0, at=2.0)
    game.place("G-IV-D", at=3.0)
    finish_turn(game, ["R-I-S"])
    game.place("B-I-S", at=4.0)
    alternate(game, ["R-I-H", "R-I-D"], ["B-I-H", "G-II-S"])
    game.place("R-I-C", at=10.0)
    game.place("B-I-D", at=20.0)
    events = game.penalty(1, at=21.0)
    assert types(events) == ["penalty"]
    assert events[0].to_json()["removed"] == ["R-I-H", "R-I-D", "R-I-C"]
    assert game.piece_at(parse("R-I-S")) == (0, "burocrat") and game.held[0] == 7
    assert game.supply[0] == 18 - 1 and game.call(0, at=22.0)[0].type == "call_nothing"


def test_another_team_cannot_call_during_a_scoring_turn() -> None:
    game = tactflix()
    for mine, theirs in zip(ROW_I[:3], ["B-IV-S", "B-IV-H", "B-IV-D"], strict=True):
        game.place(mine)
        game.place(theirs)
    game.place("R-I-C", at=10.0)
    game.place("B-IV-C", at=11.0)  # team 1 completes a line too; both calls are late now
    game.call(0, at=20.0)
    assert game.to_move == 0 and game.free_plays == 1
    with pytest.raises(IllegalAction, match="team 0 is finishing its scoring turn"):
        game.call(1, at=21.0)
    assert game.penalty(1, at=21.0)[0].type == "penalty_nothing"
    game.place("G-II-S", at=22.0)
    finish_turn(game, ["R-I-C"])
    assert game.call(1, at=23.0)[0].data["how"] == "late call" and game.to_move == 1


# ---------------------------------------------------------------- §6 winning


def test_a_buroline_wins() -> None:
    game = tactflix(auto_call=True)
    filler = iter([*FILLER, "G-I-S", "G-II-H", "Y-IV-C", "Y-III-S", "G-IV-C", "Y-II-D"])
    free = iter(["G-IV-D", "G-III-D", "Y-I-H", "Y-IV-S"])
    for step, burocrat in enumerate(ROW_I):
        for hole in ROW_I[step:]:
            game.place(hole)
            if game.to_move == 1:
                game.place(next(filler))
        game.place(next(free))  # the free play
        if step < 3:
            finish_turn(game, [burocrat])
            game.place(next(filler))
    events = game.substitute("R-I-C")
    assert types(events) == ["substitute", "buroline", "game_over"]
    assert events[1].data == {"team": 0, "line": sum(1 << parse(h) for h in ROW_I)}
    assert events[2].data["reason"] == "buroline"
    assert game.winner == 0 and game.to_json()["buroline"] == ROW_I
    assert game.lines_scored(0) == 4


def test_the_last_line_wins_back_every_burocrat_and_the_game() -> None:
    game = tactflix(auto_call=True, burocrats_per_team=2)
    alternate(game, ROW_I[:3] + ROW_II[:3])
    game.place("R-I-C")
    events = game.place("R-II-C")
    assert types(events)[-3:] == ["scored", "burocrats_won", "game_over"]
    assert game.winner == 0 and game.held[0] == 0 and game.game_over


# ---------------------------------------------------------------- random games: invariants

HOLES = st.one_of(st.integers(0, 15), st.integers(0, 15), st.integers(0, 63))
KINDS = st.sampled_from(["place"] * 5 + ["call", "penalty", "undo", "act", "act"])


def check_invariants(game: TacTFlix) -> None:
    for team in range(game.teams):
        assert popcount(game.men[team]) + game.supply[team] == game.men_per_team
        on_board = popcount(game.burocrats[team])
        assert on_board + game.burocrat_supply[team] + game.held[team] == 8
        assert game.lines_scored(team) == 8 - game.held[team]
    for team in range(game.teams):
        for other in range(team + 1, game.teams):
            assert not game.pieces(team) & game.pieces(other)


@settings(max_examples=60, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4, 6]),
    auto=st.booleans(),
    steps=st.lists(st.tuples(KINDS, HOLES, st.integers(0, 12)), min_size=20, max_size=120),
)
def test_random_games_keep_the_invariants(
    players: int, auto: bool, steps: list[tuple[str, int, int]]
) -> None:
    options = {"auto_call": auto}
    game = new_game("tactflix", players=players, seed=1, options=options)
    assert isinstance(game, TacTFlix)
    clock = 0.0
    burocrats_before = 0
    for kind, hole, pick in steps:
        if game.game_over:
            break
        clock += pick / 3
        before = snapshot(game)
        if kind == "undo":
            if game.actions:
                game.pop()
            continue
        targets = list(game.to_json()["allowed"])
        act: ActionKind = "substitute" if game.phase == SUBSTITUTE else "withdraw"
        action = {
            "place": Action("place", hole=hole, at=clock),
            "call": Action("call", seat=pick % players, at=clock),
            "penalty": Action("penalty", seat=pick % players, at=clock),
            "act": Action(act, hole=parse(targets[pick % len(targets)]) if targets else hole),
        }[kind]
        burocrats_before = sum(popcount(b) for b in game.burocrats)
        try:
            game.apply(action)
        except IllegalAction:
            assert snapshot(game) == before
            continue
        check_invariants(game)
        assert sum(popcount(b) for b in game.burocrats) >= burocrats_before
        game.pop()
        assert snapshot(game) == before
        game.apply(action)
    again = replay("tactflix", players, 1, options, game.actions)
    assert isinstance(again, TacTFlix) and snapshot(again) == snapshot(game)


def test_a_penalty_taking_the_last_man_to_withdraw_ends_the_scoring_turn() -> None:
    game = tactflix()
    alternate(game, ["R-I-S", "R-II-S", "R-III-S", "R-I-H", "R-I-D"])
    game.place("R-I-C", at=1.0)
    game.call(0, at=2.0)  # the row scores: one Burocrat back, one free play
    events = game.place("R-IV-S", at=3.0)  # completes the column through R-I-S, not called
    assert "line_completed" in types(events) and game.phase == SUBSTITUTE
    game.substitute("R-I-H")
    game.withdraw("R-I-D")
    game.withdraw("R-I-C")
    assert game.phase == WITHDRAW and names(game) == ["R-I-S"]
    events = game.penalty(1, at=20.0)  # the pending column loses its Men, R-I-S among them
    assert types(events) == ["penalty", "turn"]
    assert game.phase == "await_place" and game.to_move == 1 and game.seq_team is None
    assert game.pieces(0) == game.burocrats[0] == parse_mask(["R-I-H"])
    assert game.supply[0] == 18 and game.allowed


def parse_mask(holes: list[str]) -> int:
    mask = 0
    for hole in holes:
        mask |= 1 << parse(hole)
    return mask


def test_a_call_during_another_teams_scoring_turn_does_not_reveal_a_pending_line() -> None:
    """Refused the same way with or without a line pending: a refusal only when one is pending
    would tell the scoring team that there is a line to penalise."""
    game = tactflix()
    for mine, theirs in zip(ROW_I[:3], ["B-IV-S", "B-IV-H", "B-III-C"], strict=True):
        game.place(mine)
        game.place(theirs)
    game.place("R-I-C", at=10.0)
    game.call(0, at=10.5)
    assert game.seq_team == 0 and not any(entry.team == 1 for entry in game.uncalled)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="team 0 is finishing its scoring turn"):
        game.call(1, at=11.0)
    assert snapshot(game) == before
