"""Lucky Flix, one short game per rule paragraph of RULES.md §2-4."""

from __future__ import annotations

import pytest

from engine.bitboard import BB_ALL, popcount
from engine.errors import IllegalAction, IllegalPlacement, IllegalRoll, SettingError
from engine.game import Game, Phase
from engine.holes import parse
from engine.variants import new_game, replay
from tests.engine.engine_helpers import exact, play, types

ROW = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
ELSEWHERE = ["B-IV-S", "B-IV-D", "B-III-H", "G-IV-C", "B-II-C"]


def lucky(players: int = 2, **options: object) -> Game:
    return new_game("lucky", players=players, seed=3, options=options)


def three_of_row(game: Game) -> None:
    """Team 0 (seat 0) has R-I-S, R-I-H, R-I-D; seat 1 placed elsewhere; seat 0 to move."""
    for mine, theirs in zip(ROW[:3], ELSEWHERE, strict=False):
        play(game, mine, at=0.0)
        play(game, theirs, at=0.0)


def complete_row(game: Game, at: float = 10.0) -> None:
    three_of_row(game)
    play(game, ROW[3], at=at)


# ---------------------------------------------------------------- §2 seats and teams


@pytest.mark.parametrize(
    ("players", "teams"),
    [(2, (0, 1)), (3, (0, 1, 2)), (4, (0, 1, 0, 1)), (6, (0, 1, 2, 0, 1, 2))],
)
def test_seats_alternate_teams(players: int, teams: tuple[int, ...]) -> None:
    game = lucky(players)
    assert game.team_of_seat == teams
    assert game.teams == max(teams) + 1
    assert game.supply == [18] * game.teams


@pytest.mark.parametrize("players", [0, 1, 5, 7])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(SettingError, match=str(players)):
        lucky(players)


def test_play_proceeds_to_increasing_seat_wrapping() -> None:
    game = lucky(3)
    seen = []
    for hole in ["R-I-S", "Y-I-S", "G-I-S", "B-I-S"]:
        seen.append(game.to_move)
        play(game, hole)
    assert seen == [0, 1, 2, 0]
    assert game.piece_at(parse("B-I-S")) == (0, "man")


def test_either_partner_calls_for_the_team() -> None:
    game = lucky(4)
    for hole in ["R-I-S", "B-IV-S", "R-I-H", "B-IV-D", "R-I-D", "B-III-H"]:
        play(game, hole)
    assert game.to_move == 2  # seat 2 is team 0, partner of seat 0
    play(game, "R-I-C", at=5.0)
    events = game.call(0, at=6.0)
    assert types(events) == ["scored", "game_over"]
    assert game.winner == 0 and events[0].data["seat"] == 0


def test_a_team_without_men_loses_each_turn_and_nobody_placing_is_a_draw() -> None:
    game = lucky(2, men_per_team=1)
    play(game, "R-I-S")
    events = play(game, "Y-I-S")
    assert types(events)[-2:] == ["turn_lost", "game_over"]
    assert game.draw and game.winner is None and game.phase == Phase.GAME_OVER


def test_an_empty_team_is_skipped_while_others_play() -> None:
    game = lucky(3, men_per_team=1)
    play(game, "R-I-S")  # seat 0 places its only Man
    game.roll("flix/flix/flix")  # seat 1: seat 2 places anywhere, then the dice skip seat 2
    game.place("G-III-D")
    assert game.events[-2].type == "turn_lost" and game.events[-2].data["seat"] == 0
    assert game.to_move == 1 and game.phase == Phase.AWAIT_ROLL


# ---------------------------------------------------------------- §3 calls and penalty


def test_a_call_in_the_window_scores_and_wins() -> None:
    game = lucky()
    complete_row(game, at=10.0)
    assert game.pending_count() == 1 and game.winner is None
    events = game.call(0, at=12.5)
    assert events[0].type == "scored" and events[0].data["how"] == "call"
    assert game.winner == 0 and game.scored_lines == [(0, sum(1 << parse(h) for h in ROW))]


def test_penalty_inside_the_window_does_nothing() -> None:
    game = lucky()
    complete_row(game, at=10.0)
    events = game.penalty(1, at=12.0)
    assert types(events) == ["penalty_nothing"]
    assert game.pending_count() == 1


def test_a_completed_line_stays_pending_and_is_hidden() -> None:
    game = lucky()
    complete_row(game, at=10.0)
    completed = [e for e in game.events if e.type == "line_completed"]
    assert len(completed) == 1 and completed[0].secret
    assert all(not e.secret for e in game.events if e is not completed[0])
    assert "pending_lines" not in game.to_json()
    assert game.to_json(reveal_pending=True)["pending_lines"] == 1
    assert completed[0].to_json()["secret"] is True


def test_the_owner_may_still_call_a_pending_line_later() -> None:
    game = lucky()
    complete_row(game, at=10.0)
    play(game, ELSEWHERE[3], at=20.0)  # the next placement closes the window
    events = game.call(0, at=20.5)
    assert events[0].data["how"] == "late call" and game.winner == 0


def test_a_late_call_after_the_window_time_scores() -> None:
    game = lucky()
    complete_row(game, at=10.0)
    events = game.call(0, at=13.5)
    assert events[0].data["how"] == "late call" and game.winner == 0


def test_penalty_removes_the_pending_lines_men_to_supply() -> None:
    game = lucky()
    complete_row(game, at=10.0)
    assert game.supply == [14, 15]
    events = game.penalty(1, at=13.1)  # after the window
    assert types(events) == ["penalty"]
    assert events[0].data["against"] == 0 and popcount(events[0].data["removed"]) == 4
    assert all(game.piece_at(parse(h)) is None for h in ROW)
    assert game.supply == [18, 15] and game.pending_count() == 0
    assert game.winner is None and game.scored_lines == []
    assert types(game.call(0, at=14.0)) == ["call_nothing"]


def test_penalty_never_removes_the_callers_own_lines() -> None:
    game = lucky()
    complete_row(game, at=10.0)
    play(game, ELSEWHERE[3], at=20.0)
    assert types(game.penalty(0, at=30.0)) == ["penalty_nothing"]
    assert game.pending_count() == 1


def test_one_placement_completing_two_lines_is_penalised_for_both() -> None:
    game = lucky()
    # team 0 completes two lines through R-I-S: the row R-I-* and the column R-*-S.
    moves0 = ["R-I-H", "R-I-D", "R-I-C", "R-II-S", "R-III-S", "R-IV-S"]
    for mine, theirs in zip(
        moves0, ["B-IV-S", "B-IV-D", "B-III-H", "G-IV-C", "B-II-C", "G-II-D"], strict=True
    ):
        play(game, mine)
        play(game, theirs)
    play(game, "R-I-S", at=1.0)
    assert game.pending_count() == 2
    play(game, "Y-IV-C", at=2.0)  # the window closes
    events = game.penalty(1, at=3.0)
    assert types(events) == ["penalty", "penalty"]
    assert game.pending_count() == 0 and game.supply[0] == 18


def test_a_pending_line_that_loses_a_man_stops_being_pending() -> None:
    game = lucky()
    # seat 1 completes row A = R-I-*, then column B = R-*-S, which shares the Man on R-I-S.
    theirs = ["R-I-H", "R-I-D", "R-I-C", "R-II-S", "R-III-S", "R-I-S"]
    for mine, their in zip(
        ["B-IV-S", "B-IV-D", "B-III-H", "G-IV-C", "B-II-C", "G-II-D"], theirs, strict=True
    ):
        play(game, mine)
        play(game, their, at=50.0)
    play(game, "Y-IV-C", at=60.0)  # row A's window closes
    play(game, "R-IV-S", at=100.0)  # column B: still in its window
    assert game.pending_count() == 2
    events = game.penalty(0, at=100.5)
    assert types(events) == ["penalty", "pending_lost"]
    assert not events[0].secret and events[1].secret
    assert game.piece_at(parse("R-I-S")) is None and game.pending_count() == 0
    assert game.supply[1] == 18 - 7 + 4
    assert types(game.call(1, at=101.0)) == ["call_nothing"]


def test_penalty_reveals_nothing_more_than_its_line() -> None:
    game = lucky()
    complete_row(game, at=10.0)
    play(game, ELSEWHERE[3], at=20.0)
    events = game.penalty(1, at=21.0)
    assert not any(e.secret for e in events)


def test_calls_with_nothing_to_call_do_nothing() -> None:
    game = lucky()
    play(game, "R-I-S")
    before = game.to_json(reveal_pending=True)
    assert types(game.call(1, at=1.0)) == ["call_nothing"]
    assert types(game.penalty(0, at=1.0)) == ["penalty_nothing"]
    assert game.to_json(reveal_pending=True) == before


def test_auto_call_scores_at_once_without_penalties() -> None:
    game = lucky(auto_call=True)
    complete_row(game, at=10.0)
    last = game.events[-2]
    assert last.type == "scored" and last.data["how"] == "auto" and not last.secret
    assert game.winner == 0 and game.pending_count() == 0


# ---------------------------------------------------------------- §4 dice


def test_a_throw_fixes_panel_floor_and_suit() -> None:
    game = lucky()
    events = game.roll("yellow/II/hearts")
    assert events[0].data["throw"] == "yellow/II/hearts" and events[0].data["reading"] == "holes"
    assert game.allowed == 1 << parse("Y-II-H") and game.phase == Phase.AWAIT_PLACE


def test_wild_faces_widen_the_choice() -> None:
    game = lucky()
    game.roll("win/II/hearts")
    assert game._names(game.allowed) == ["R-II-H", "Y-II-H", "G-II-H", "B-II-H"]
    game.place("G-II-H")
    game.roll("flix/II/win")
    assert popcount(game.allowed) == 15  # floor II less the occupied G-II-H


def test_win_win_win_allows_any_empty_hole() -> None:
    game = lucky()
    play(game, "R-I-S")
    events = game.roll("win/win/win")
    assert events[0].data["reading"] == "anywhere"
    assert game.allowed == BB_ALL & ~(1 << parse("R-I-S"))


def test_two_wins_and_a_flix_give_two_free_throws() -> None:
    game = lucky()
    events = game.roll("win/flix/win")
    assert types(events) == ["roll", "free_throws", "turn"]
    assert game.free_throws == 2 and game.phase == Phase.AWAIT_ROLL and game.to_move == 0
    play(game, "R-I-S")
    assert game.to_move == 0 and game.free_throws == 1
    play(game, "R-I-H")
    assert game.to_move == 1 and game.free_throws == 0


def test_a_free_throw_granting_more_adds_them() -> None:
    game = lucky()
    game.roll("flix/flix/win")
    game.roll("win/win/flix")  # the first free throw grants two more
    assert game.free_throws == 3
    for hole in ["R-I-S", "R-I-H", "R-I-D"]:
        assert game.to_move == 0
        play(game, hole)
    assert game.to_move == 1


def test_a_lost_free_throw_does_not_end_the_others() -> None:
    game = lucky()
    play(game, "R-I-S")
    game.roll("flix/win/win")
    events = game.roll(exact("R-I-S"))  # occupied: this free throw is lost
    assert "turn_lost" in types(events) and game.to_move == 1 and game.free_throws == 1
    play(game, "R-I-H")
    assert game.to_move == 0


def test_flix_flix_flix_in_free_throws_ends_them() -> None:
    game = lucky()
    game.roll("win/flix/flix")
    events = game.roll("flix/flix/flix")
    assert "free_throws_ended" in types(events)
    assert game.free_throws == 0 and game.to_move == 1 and game.allowed == BB_ALL
    game.place("B-IV-C")
    assert game.to_move == 0 and game.phase == Phase.AWAIT_ROLL


def test_flix_flix_flix_two_players_back_to_the_player() -> None:
    game = lucky()
    events = game.roll("flix/flix/flix")
    assert types(events) == ["roll", "opponent_anywhere", "turn"]
    assert game.to_move == 1 and game.allowed == BB_ALL
    game.place("G-III-D")
    assert game.piece_at(parse("G-III-D")) == (1, "man")
    assert game.to_move == 0 and game.phase == Phase.AWAIT_ROLL


def test_flix_flix_flix_three_players_to_the_left_of_the_opponent() -> None:
    game = lucky(3)
    game.roll("flix/flix/flix")
    assert game.to_move == 1
    game.place("G-III-D")
    assert game.to_move == 2


def test_all_allowed_holes_occupied_loses_the_turn() -> None:
    game = lucky()
    play(game, "Y-II-H")
    events = game.roll(exact("Y-II-H"))
    assert types(events) == ["roll", "turn_lost", "turn"]
    assert game.to_move == 0 and game.phase == Phase.AWAIT_ROLL
    assert game.piece_at(parse("Y-II-H")) == (0, "man")


def test_a_man_goes_only_into_an_empty_allowed_hole() -> None:
    game = lucky()
    game.roll("win/I/spades")
    with pytest.raises(IllegalPlacement, match="R-II-S"):
        game.place("R-II-S")
    game.place("R-I-S")
    game.roll("win/I/spades")
    with pytest.raises(IllegalPlacement, match="R-I-S is occupied"):
        game.place("R-I-S")


def test_rolling_and_placing_out_of_turn_are_refused() -> None:
    game = lucky()
    with pytest.raises(IllegalPlacement, match="await_roll"):
        game.place("R-I-S")
    game.roll("red/I/spades")
    with pytest.raises(IllegalRoll, match="await_place"):
        game.roll("red/I/spades")


def test_scoring_a_line_wins_at_once() -> None:
    game = lucky()
    complete_row(game, at=0.0)
    game.call(0, at=0.5)
    assert game.phase == Phase.GAME_OVER and game.winner == 0 and not game.draw
    with pytest.raises(IllegalAction, match="over"):
        game.roll()


def test_dice_from_the_seeded_rng_or_entered() -> None:
    drawn = [lucky().roll()[0].data["throw"] for _ in range(2)]
    assert drawn[0] == drawn[1]
    game = lucky()
    for _ in range(30):
        if game.phase == Phase.AWAIT_ROLL:
            game.roll()
        else:
            game.place(min(game._names(game.allowed)))
    again = replay("lucky", 2, 3, {}, game.actions)
    assert again.events == game.events
    assert [a.throw for a in game.actions if a.kind == "roll"] == [None] * sum(
        a.kind == "roll" for a in game.actions
    )


def test_the_next_placement_closes_the_window() -> None:
    game = lucky()
    complete_row(game, at=10.0)
    play(game, ELSEWHERE[3], at=10.5)  # well within call_window seconds, but the next placement
    events = game.penalty(1, at=11.0)
    assert types(events) == ["penalty"] and game.supply[0] == 18
