"""Tac-T-Flix scoring turns told exactly: free plays, substitution and withdrawal (RULES.md §2,
§6, §9). Each test names the rule sentence it checks; events are compared field by field, since
the board and the web page show the players what these fields say."""

from __future__ import annotations

import random

import pytest

from engine.bitboard import popcount, scan_forward
from engine.errors import IllegalAction, IllegalPlacement
from engine.events import Event
from engine.holes import Hole, parse
from engine.lines import completed_lines
from engine.tactflix import SUBSTITUTE, WITHDRAW, TacTFlix
from engine.variants import new_game
from tests.engine.engine_helpers import types

ROW_I = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
THEIRS = ["B-IV-S", "B-IV-H", "B-IV-D", "B-III-C", "B-II-S", "G-IV-H", "B-II-H", "G-III-S"]
"""Holes for team 1 that hold no line among themselves."""


def tactflix(players: int = 2, **options: object) -> TacTFlix:
    game = new_game("tactflix", players=players, seed=4, options={"auto_call": True, **options})
    assert isinstance(game, TacTFlix)
    return game


def alternate(game: TacTFlix, mine: list[str]) -> None:
    for hole, other in zip(mine, THEIRS, strict=False):
        game.place(hole)
        game.place(other)


def of_type(events: list[Event], kind: str) -> list[dict[str, object]]:
    return [event.data for event in events if event.type == kind]


def test_free_plays_are_lost_when_the_team_has_no_man_left() -> None:
    """§2: "A player whose team has no Man left in supply loses each turn"; §6: the free play is
    "a placement anywhere", so with no Man to place it is lost and substitution follows."""
    game = tactflix(men_per_team=4)
    alternate(game, ROW_I[:3])
    events = game.place("R-I-C")
    assert of_type(events, "free_plays_lost") == [
        {"seat": 0, "team": 0, "lost": 1, "reason": "no Men in supply"}
    ]
    assert of_type(events, "turn") == [
        {"seat": 0, "phase": SUBSTITUTE, "free_throws": 0, "burocrats": 1}
    ]
    assert game.free_plays == 0 and game.phase == SUBSTITUTE and game.to_move == 0


def test_a_free_play_is_announced_and_counted() -> None:
    """§6: "For each scored line the team wins back one of its Burocrats and the player takes one
    free play (a placement anywhere)"; the chain ends with a free play that scores nothing."""
    game = tactflix()
    alternate(game, ROW_I[:3])
    events = game.place("R-I-C")
    assert of_type(events, "burocrats_won") == [{"team": 0, "count": 1, "held": 7, "holder": 1}]
    assert of_type(events, "turn") == [
        {"seat": 0, "phase": "await_place", "free_throws": 0, "free_plays": 1}
    ]
    assert "free_plays_lost" not in types(events)
    events = game.place("G-II-C")
    assert of_type(events, "free_play") == [
        {"seat": 0, "team": 0, "hole": parse("G-II-C"), "left": 0}
    ]
    assert of_type(events, "turn") == [
        {"seat": 0, "phase": SUBSTITUTE, "free_throws": 0, "burocrats": 1}
    ]


def test_a_free_play_that_scores_adds_to_the_free_plays_left() -> None:
    """§6: "A free play that scores more lines earns more free plays and Burocrats"."""
    game = tactflix()
    column = ["R-II-C", "R-III-C", "R-IV-C"]
    alternate(game, ["R-I-S", "R-I-H", "R-I-D", *column, "G-I-S", "G-I-H"])
    game.place("G-I-D")
    game.place("Y-IV-C")
    game.place("R-I-C")  # row I and column C: two lines, two free plays
    assert game.free_plays == 2 and game.burocrat_supply[0] == 2
    events = game.place("G-I-C")  # scores the row G-I: one used, one earned
    assert of_type(events, "free_play")[0]["left"] == 1
    assert game.free_plays == 2 and game.burocrat_supply[0] == 3


def test_substitution_and_withdrawal_are_announced() -> None:
    """§6: "the player puts each won-back Burocrat in place of one of the team's Men in the lines
    completed this turn ..., and then withdraws all the team's Men (never Burocrats) from those
    lines back to supply"."""
    game = tactflix()
    alternate(game, ROW_I[:3])
    game.place("R-I-C")
    game.place("G-II-C")
    events = game.substitute("R-I-D")
    assert of_type(events, "substitute") == [{"seat": 0, "team": 0, "hole": parse("R-I-D")}]
    assert of_type(events, "turn") == [{"seat": 0, "phase": WITHDRAW, "free_throws": 0}]
    supply = game.supply[0]
    events = game.withdraw("R-I-C")
    assert of_type(events, "withdraw") == [{"seat": 0, "team": 0, "hole": parse("R-I-C")}]
    assert game.supply[0] == supply + 1 and game.phase == WITHDRAW and game.to_move == 0
    game.withdraw("R-I-S")
    events = game.withdraw("R-I-H")
    assert game.to_move == 1 and game.seq_team is None and game.free_plays == 0
    assert game.piece_at(parse("R-I-D")) == (0, "burocrat") and game.seated == 0
    assert game.men[0] == 1 << parse("G-II-C")  # the free play's Man stays
    assert game.burocrats[0] == 1 << parse("R-I-D")
    assert of_type(events, "turn")[-1]["seat"] == 1


def test_the_last_line_wins_by_lines() -> None:
    """§6: "Win: ... (b) the team's 8th scored line" (§9: the number equals
    `burocrats_per_team`)."""
    game = tactflix(burocrats_per_team=1)
    alternate(game, ROW_I[:3])
    events = game.place("R-I-C")
    assert of_type(events, "game_over")[0]["reason"] == "lines"
    assert game.winner == 0


def names(game: TacTFlix) -> list[str]:
    allowed: list[str] = game.to_json()["allowed"]
    return allowed


def three_lines(game: TacTFlix) -> None:
    """Team 0 scores row R-I and column R-C (crossing at R-I-C), then row G-I with a free play;
    two more free plays end the chain: three Burocrats to seat."""
    column = ["R-II-C", "R-III-C", "R-IV-C"]
    alternate(game, ["R-I-S", "R-I-H", "R-I-D", *column, "G-I-S", "G-I-H"])
    game.place("G-I-D")
    game.place("Y-IV-C")
    game.place("R-I-C")  # row R-I and column R-C
    game.place("G-I-C")  # a free play scores the row G-I: two free plays left
    game.place("Y-II-S")
    game.place("Y-II-H")  # the chain ends: substitution
    assert game.phase == SUBSTITUTE and game.burocrat_supply[0] == 3


def test_a_burocrat_may_go_anywhere_while_every_line_can_still_get_one() -> None:
    """§6: "the player puts each won-back Burocrat in place of one of the team's Men in the lines
    completed this turn (every completed line gets at least one Burocrat)". Three lines, three
    Burocrats: row R-I and column R-C cross at R-I-C, so two Burocrats may go to the row G-I as
    long as the last one goes to R-I-C."""
    game = tactflix()
    three_lines(game)
    game.substitute("G-I-S")
    assert "G-I-H" in names(game) and "R-I-C" in names(game)
    game.substitute("G-I-H")
    assert names(game) == ["R-I-C"]
    game.substitute("R-I-C")
    assert game.phase == WITHDRAW


def test_once_every_line_has_its_burocrat_the_rest_go_anywhere_in_them() -> None:
    """§6: "every completed line gets at least one Burocrat": once each has one, the Burocrats
    left may replace any Man of those lines."""
    game = tactflix()
    three_lines(game)
    game.substitute("G-I-S")
    game.substitute("R-I-C")  # covers both the row R-I and the column R-C
    assert names(game) == [
        "R-I-S",
        "R-I-H",
        "R-I-D",
        "R-II-C",
        "R-III-C",
        "R-IV-C",
        "G-I-H",
        "G-I-D",
        "G-I-C",
    ]


def test_the_free_plays_go_to_the_seat_that_placed_the_line() -> None:
    """§9: "free plays go to the seat that placed the scored line; a call made after the turn has
    passed returns the turn to the scorer for the free plays" — the partner's late call gives
    them to the placer."""
    game = tactflix(players=4, auto_call=False)
    for mine, theirs in zip(ROW_I[:3], THEIRS, strict=False):
        game.place(mine)  # seat 0
        game.place(theirs)  # seat 1
        game.place(f"Y-IV-{'SHD'[ROW_I.index(mine)]}")  # seat 2, team 0, off the row
        game.place(THEIRS[4 + ROW_I.index(mine)])  # seat 3
    game.place("R-I-C", at=10.0)  # seat 0 completes the row
    game.place("B-III-C", at=20.0)
    game.call(2, at=21.0)  # seat 2, the partner, calls late
    assert game.to_move == 0 and game.free_plays == 1


def test_the_state_shows_the_scoring_turn() -> None:
    """§6: the free plays, the lines to win and the lines completed this turn are what the
    players see of a scoring turn; no Buroline before one is made."""
    game = tactflix()
    assert game.to_json()["buroline"] is None
    alternate(game, ROW_I[:3])
    game.place("R-I-C")
    state = game.to_json()
    assert state["free_plays"] == 1 and state["lines_to_win"] == 8
    assert state["turn_lines"] == [ROW_I] and state["buroline"] is None


def test_no_free_play_is_lost_when_the_last_man_goes_in_the_last_free_play() -> None:
    """§2: "A player whose team has no Man left in supply loses each turn" — a free play that
    places the team's last Man was played, not lost."""
    game = tactflix(men_per_team=5)
    alternate(game, ROW_I[:3])
    game.place("R-I-C")
    events = game.place("G-II-C")
    assert game.supply[0] == 0 and "free_plays_lost" not in types(events)
    assert game.phase == SUBSTITUTE


def test_a_refused_withdrawal_names_the_holes_on_the_games_panels() -> None:
    """§1: hole names follow the panel order of the setting `panels`; a refusal tells the player
    what is allowed instead."""
    game = tactflix(panels="BGYR")
    alternate(game, ROW_I[:3])
    game.place("R-I-C")
    game.place("G-II-C")
    game.substitute("R-I-D")
    with pytest.raises(IllegalAction) as refused:
        game.withdraw("R-I-D")
    assert str(refused.value) == "cannot withdraw at R-I-D; allowed: R-I-S R-I-H R-I-C"
    with pytest.raises(IllegalAction, match=r"^not a hole: 64$"):
        game.withdraw(64)
    with pytest.raises(IllegalAction, match=r"^cannot seat a Burocrat now \(phase withdraw\)$"):
        game.substitute("R-I-S")
    with pytest.raises(IllegalPlacement, match=r"not placed at G-II-S$"):
        tactflix(panels="BGYR").place("G-II-S", piece="burocrat")


def test_another_teams_flix_is_refused_with_the_reason() -> None:
    """§9: "another team's FLIX waits while a team finishes its scoring turn"."""
    game = tactflix(auto_call=False)
    alternate(game, ROW_I[:3])
    game.place("R-I-C", at=10.0)
    game.call(0, at=10.5)
    with pytest.raises(IllegalAction) as refused:
        game.call(1, at=11.0)
    assert str(refused.value) == (
        "team 0 is finishing its scoring turn: player 2 may call FLIX once it ends"
    )


def test_resigning_during_the_own_scoring_turn_ends_it() -> None:
    """§9: "`resign(seat)`: the seat's team drops out; its seats are skipped"."""
    game = tactflix(players=3)
    for mine in ROW_I[:3]:
        game.place(mine)
        game.place(THEIRS[ROW_I.index(mine)])
        game.place(f"Y-IV-{'SHD'[ROW_I.index(mine)]}")
    game.place("R-I-C")
    assert game.seq_team == 0 and game.free_plays == 1
    game.resign(0)
    assert game.seq_team is None and game.free_plays == 0 and game.turn_lines == []
    assert game.seated == 0 and game.to_move == 1 and game.phase == "await_place"


def test_a_penalty_during_substitution_leaves_the_burocrat_to_seat() -> None:
    """§3: PENALTY removes "the Men of that line ... and go back to supply"; §6: the won-back
    Burocrat still goes "in place of one of the team's Men in the lines completed this turn":
    a penalty that leaves Men in the scored row does not end the substitution."""
    game = tactflix(auto_call=False)
    alternate(game, ["R-I-S", "R-II-S", "R-III-S", "R-I-H", "R-I-D"])
    game.place("R-I-C", at=1.0)
    game.call(0, at=2.0)  # the row scores: one Burocrat back, one free play
    game.place("R-IV-S", at=3.0)  # completes the column through R-I-S, not called
    assert game.phase == SUBSTITUTE
    events = game.penalty(1, at=20.0)  # the column loses its Men, R-I-S among them
    assert types(events) == ["penalty"]
    assert game.phase == SUBSTITUTE and game.burocrat_supply[0] == 1 and game.to_move == 0
    assert names(game) == ["R-I-H", "R-I-D", "R-I-C"]


def test_with_three_separate_lines_each_burocrat_goes_to_a_line_still_without_one() -> None:
    """§6: "every completed line gets at least one Burocrat": three lines that share no hole and
    three Burocrats leave no Burocrat to spare, so a second one in the same line is refused."""
    game = tactflix()
    rows = [["R-I-S", "R-I-H", "R-I-D"], ["R-II-S", "R-II-H", "R-II-D"], ["G-I-S", "G-I-H"]]
    alternate(game, [hole for row in rows for hole in row])
    game.place("G-I-D")
    game.place("Y-IV-C")
    for hole in ["R-I-C", "R-II-C", "G-I-C"]:  # each scores a row and earns a free play
        game.place(hole)
    game.place("Y-II-S")  # scores nothing: three Burocrats to seat
    assert game.phase == SUBSTITUTE and game.burocrat_supply[0] == 3
    game.substitute("R-I-S")
    assert names(game) == [
        "R-II-S",
        "R-II-H",
        "R-II-D",
        "R-II-C",
        "G-I-S",
        "G-I-H",
        "G-I-D",
        "G-I-C",
    ]
    with pytest.raises(IllegalAction, match="cannot seat a Burocrat at R-I-H"):
        game.substitute("R-I-H")
    game.substitute("G-I-C")
    assert names(game) == ["R-II-S", "R-II-H", "R-II-D", "R-II-C"]


def test_a_call_while_the_game_waits_for_calls_resumes_with_the_seat_that_was_due() -> None:
    """§9: "When nobody can place (no supply, full board) while a completed line is uncalled,
    the game waits (`await_calls`): the owner may call it ... (play then resumes)"; a call made
    after the turn has passed "returns the turn to the scorer ..., then play resumes with the
    seat that was due"."""
    game = tactflix(auto_call=False, men_per_team=4)
    at = 0.0
    for mine, theirs in zip(ROW_I, THEIRS, strict=False):
        at += 10.0
        game.place(mine, at=at)
        game.place(theirs, at=at + 5.0)
    assert game.phase == "await_calls" and game.due_seat == 0
    game.call(0, at=at + 10.0)
    game.substitute("R-I-S")
    game.withdraw("R-I-H")
    game.withdraw("R-I-D")
    events = game.withdraw("R-I-C")
    assert types(events) == ["withdraw", "turn"]
    assert events[-1].data == {"seat": 0, "phase": "await_place", "free_throws": 0}


def test_the_scoring_team_may_call_a_line_its_last_free_play_completed() -> None:
    """§6: "A free play that scores more lines earns more free plays and Burocrats"; §3: a
    completed line scores when its team calls — the scoring team's own FLIX is never held back
    (§9: only another team's FLIX waits)."""
    game = tactflix(auto_call=False)
    alternate(game, ["R-I-S", "R-II-S", "R-III-S", "R-I-H", "R-I-D"])
    game.place("R-I-C", at=1.0)
    game.call(0, at=2.0)
    game.place("R-IV-S", at=3.0)  # completes the column through R-I-S: substitution begins
    assert game.phase == SUBSTITUTE
    events = game.call(0, at=3.5)
    assert types(events) == ["scored", "burocrats_won", "turn"]
    assert game.free_plays == 1 and game.burocrat_supply[0] == 2 and game.to_move == 0


def filled_but_a_scoring_hole(seed: int) -> tuple[TacTFlix, Hole]:
    """Three players with Men to spare, every hole but one filled by placements that complete
    no line, and the last hole completing a line for the player to move."""
    rng = random.Random(seed)
    game = tactflix(players=3, men_per_team=25)
    while popcount(game.occupied) < 63:
        holes = list(scan_forward(game.allowed))
        rng.shuffle(holes)
        for hole in holes:
            game.place(hole)
            if game.seq_team is None:
                break
            game.pop()
        else:
            return filled_but_a_scoring_hole(seed + 1000)
    last = game.allowed.bit_length() - 1
    if not completed_lines(game.pieces(game.team_of_seat[game.to_move]) | 1 << last, last):
        return filled_but_a_scoring_hole(seed + 1)
    return game, last


def test_free_plays_are_lost_when_the_board_is_full() -> None:
    """§6: the free play is "a placement anywhere", so a line that fills the board's last hole
    earns a free play that is lost for want of a hole, though the team still has Men."""
    game, hole = filled_but_a_scoring_hole(seed=5)
    seat = game.to_move
    team = game.team_of_seat[seat]
    events = game.place(hole)
    assert game.supply[team] > 0
    assert of_type(events, "free_plays_lost") == [
        {"seat": seat, "team": team, "lost": 1, "reason": "board full"}
    ]
    assert game.phase == SUBSTITUTE and game.free_plays == 0
