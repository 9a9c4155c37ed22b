"""Olix rules, each test citing the sentence of the rule book (seeds/olix-rules.txt) it checks,
and the choices of RULES.md §10 where the book is silent."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from olix_helpers import cells, position

from engine.bitboard import scan_forward
from engine.errors import HoleNameError, IllegalAction, IllegalPlacement, SettingError
from engine.game import Action, Event
from engine.olix import Olix, leader, perft
from engine.olix_patterns import GRID
from engine.variants import new_game, replay


def patterns(events: list[Event]) -> list[tuple[str, int]]:
    """``(kind, value)`` of each pattern event."""
    return [(e.data["pattern"], e.data["value"]) for e in events if e.type == "pattern"]


def scoring(game: Olix) -> dict[str, tuple[Any, list[int]]]:
    return {line["pattern"]: (line["top"], line["teams"]) for line in game.to_json()["scoring"]}


# ----------------------------------------------------------------- the board and turns


def test_the_grid_has_121_cells_named_a1_to_k11() -> None:
    """ "The playing area consists of an 11 x 11 grid." """
    game = new_game("olix")
    assert game.cells.cell_count == 121 and game.allowed == (1 << 121) - 1
    assert [game.cells.cell_name(cell) for cell in (0, 10, 110, 120)] == ["A1", "K1", "A11", "K11"]
    with pytest.raises(HoleNameError, match=r"columns A\.\.K, rows 1\.\.11"):
        game.place("L5")
    with pytest.raises(HoleNameError):
        game.place("A12")
    with pytest.raises(IllegalPlacement, match="not a hole"):
        game.apply(Action("place", hole=121))


def test_two_players_only() -> None:
    """ "Players: 2" """
    for players in (3, 4, 6):
        with pytest.raises(SettingError, match="olix is a game for 2 players, not"):
            new_game("olix", players=players)


def test_players_alternate_on_empty_spaces() -> None:
    """ "Alternately place one of your counters in an empty space on the grid." """
    game = new_game("olix")
    game.place("F6")
    assert game.to_move == 1 and game.piece_at(GRID.cell_index("F6")) == (0, "man")
    with pytest.raises(IllegalPlacement, match="F6 is occupied"):
        game.place("f6")
    game.place("E5")
    assert game.to_move == 0 and game.piece_at(GRID.cell_index("E5")) == (1, "man")


# ----------------------------------------------------------------- patterns


def test_o_is_a_rectangle_at_least_two_by_two() -> None:
    """ "O: Any rectangle, at least two counters long and two counters wide." """
    assert patterns(position("A1 B1 A2").place("B2")) == [("O", 4)]
    assert patterns(position("A1 B1 C1 A2 B2").place("C2")) == [("O", 6)]


def test_o_may_be_hollow_or_filled_with_either_colour() -> None:
    """ "The rectangle may be hollow, or filled with counters of either colour." """
    ring = "A1 B1 C1 A2 C2 A3 B3"
    assert patterns(position(ring).place("C3")) == [("O", 8), ("L", 5)]
    assert patterns(position(ring, "B2").place("C3")) == [("O", 8), ("L", 5)]


def test_own_interior_counters_add_to_the_o() -> None:
    """ "Having your own interior counters, however, increases the pattern value." Placed
    afterwards, an interior counter extends the O, and it scores again (RULES.md §10)."""
    assert patterns(position("A1 B1 C1 A2 B2 C2 A3 B3").place("C3"))[0] == ("O", 9)
    game = position("A1 B1 C1 A2 C2 A3 B3 C3")
    assert patterns(game.place("B2")) == [("O", 9)]


def test_l_has_two_perpendicular_arms_of_three() -> None:
    """ "L: Any right-angled line, with arms of at least three counters in length." The corner
    counts in both arms (RULES.md §10), so the smallest L holds 5."""
    assert patterns(position("A1 A2 A3 B1").place("C1")) == [("L", 5)]
    assert patterns(position("A1 A2 B1").place("C1")) == []  # arms of 2 and 3
    assert patterns(position("A1 A2 A3 B1 C1").place("D1")) == [("L", 6), ("I", 4)]


def test_l_arms_are_never_diagonal() -> None:
    """ "Only horizontal and vertical lines are permitted, no diagonals." (L)"""
    assert patterns(position("A1 B2 C3 B1").place("C1")) == []


def test_i_is_an_orthogonal_line_of_four() -> None:
    """ "I: Any straight line, of at least four counters in length." """
    assert patterns(position("D4 D5").place("D6")) == []
    assert patterns(position("D4 D5 D6").place("D7")) == [("I", 4)]
    assert patterns(position("A6 B6 C6 E6 F6").place("D6")) == [("I", 6)]


def test_x_is_a_diagonal_of_four() -> None:
    """ "X: Any diagonal line, of at least four counters in length." (the examples X-4, X-5)"""
    assert patterns(position("A1 B2").place("C3")) == []
    assert patterns(position("A1 B2 C3").place("D4")) == [("X", 4)]
    assert patterns(position("H2 G3 E5 D6").place("F4")) == [("X", 5)]


def test_value_is_the_counters_in_the_pattern() -> None:
    """ "The value of each pattern is equal to the number of counters contained in it." The
    event names them."""
    events = position("B2 C3 D4").place("E5")
    (event,) = [e for e in events if e.type == "pattern"]
    assert event.data["holes"] == cells("B2 C3 D4 E5") and event.data["value"] == 4


def test_one_counter_may_score_several_patterns() -> None:
    """ "If the placement of your counter creates or extends more than one pattern you may
    score them all." (the example: "I-4 and L-6")"""
    game = position("A2 A3 B1 C1 D1")
    assert patterns(game.place("A1")) == [("L", 6), ("I", 4)]
    assert scoring(game)["L"] == (6, [0]) and scoring(game)["I"] == (4, [0])


# ----------------------------------------------------------------- the scoring lines


def test_only_the_highest_counters_stay_on_a_line() -> None:
    """ "On each scoring line, only the counters in the highest value position remain, lesser
    counters are removed." """
    game = position("A1 A2 A3 A4", "C1 C2 C3")
    assert scoring(game)["I"] == (4, [0])
    game.place("J2")
    game.place("C4")  # the second player's I-4 shares the space
    assert scoring(game)["I"] == (4, [0, 1])
    game.place("A5")  # I-5: the first player's counter alone on the line
    assert scoring(game)["I"] == (5, [0])
    game.place("C5")  # the second player's I-5 joins it
    assert scoring(game)["I"] == (5, [0, 1])


def test_both_players_may_share_the_high_space() -> None:
    """ "However, it is possible that both players have counters on the same high-value
    space." """
    game = position("A1 A2 A3", "C1 C2 C3 C4")
    game.place("A4")
    assert scoring(game)["I"] == (4, [0, 1])
    assert game.to_json()["area_counters"] == [1, 1]


def test_a_lesser_pattern_is_removed_at_once() -> None:
    """ "... lesser counters are removed." A pattern below the line's top scores nothing."""
    game = position("A1 A2 A3 A4 A5", "C1 C2 C3")
    game.place("J2")
    (event,) = [e for e in game.place("C4") if e.type == "pattern"]
    assert event.data["kept"] is False and event.data["space"] == 4
    assert scoring(game)["I"] == (5, [0])


def test_patterns_score_only_when_made_or_extended() -> None:
    """ "Each pattern must be scored when it occurs on the grid. It is not permitted to claim a
    pattern at a later time, unless you extend the pattern with another counter." """
    game = position("D4 D5 D6 D7", "E4 E5 E6 E7 E8")
    assert scoring(game)["I"] == (5, [1])
    assert patterns(game.place("J2")) == []  # far from the I-4: nothing is claimed
    game.place("K10")
    assert patterns(game.place("D8")) == [("I", 5)]  # extended: it scores now
    assert scoring(game)["I"] == (5, [0, 1])


def test_a_value_between_spaces_goes_on_the_space_below() -> None:
    """RULES.md §10: a value between two spaces of a line scores the lower space."""
    game = position("A1 B1 C1 A2 B2", o_line="4 8 12")
    (event,) = [e for e in game.place("C2") if e.type == "pattern"]
    assert event.data["value"] == 6 and event.data["space"] == 4
    assert scoring(game)["O"] == (4, [0])


def test_super_pattern_wins_at_once() -> None:
    """ "If a player succeeds in extending a pattern with a higher value than shown on its
    respective scoring line, he wins outright immediately." """
    game = position("A3 B3 C3 D3 E3 F3 G3", "A5 B5 C5 D5 E5 F5 G5")
    assert scoring(game)["I"] == (7, [0, 1]) and not game.game_over
    events = game.place("H3")
    assert events[-2].data["super"] is True and events[-2].data["space"] is None
    assert events[-1].type == "game_over"
    assert events[-1].data == {"winner": 0, "draw": False, "reason": "super-pattern"}


@pytest.mark.parametrize(
    ("kind", "line", "first"),
    [
        ("O", "4 6", "A1 B1 C1 A2 C2 A3 B3"),
        ("L", "5", "A1 A2 A3 A4 B1"),
        ("X", "4", "A1 B2 C3 D4"),
    ],
)
def test_the_line_lengths_are_options(kind: str, line: str, first: str) -> None:
    """RULES.md §10: each line's spaces are an option; a value past the last space wins."""
    game = position(first, **{f"{kind.lower()}_line": line})
    assert game.options.to_dict()[f"{kind.lower()}_line"] == tuple(int(v) for v in line.split())
    last = {"O": "C3", "L": "C1", "X": "E5"}[kind]
    events = game.place(last)
    assert game.winner == 0 and events[-1].data["reason"] == "super-pattern"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"i_line": "4 4 5"}, "must increase"),
        ({"l_line": [4, 5]}, "l_line must be a whole number 5..21"),
        ({"x_line": [4, 12]}, "x_line must be a whole number 4..11"),
        ({"o_line": []}, "o_line must be a list of 1..24 values"),
        ({"o_line": "4 six"}, "o_line must be whole numbers"),
        ({"o_line": [4, True]}, "o_line must be a whole number"),
    ],
)
def test_bad_lines_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(SettingError, match=message):
        new_game("olix", options=options)


# ----------------------------------------------------------------- the end


def test_more_counters_in_the_scoring_area_wins() -> None:
    """ "In the end, the player with the more counters in the scoring area wins the game." The
    game ends when nobody has a counter left (``men_per_team``; RULES.md §10)."""
    game = position("A1 A2 A3", "C1 C3 C5", men_per_team=4)
    game.place("A4")
    assert not game.game_over
    events = game.place("C7")
    assert events[-1].type == "game_over"
    assert events[-1].data == {"winner": 0, "draw": False, "reason": "nobody can place"}


def test_tie_goes_to_the_most_advanced_counter() -> None:
    """ "In comparing their most advanced counters, the player with the dark counters wins, as
    his counter on X-7 is the most advanced." (both have 3 counters: O-6, I-6, X-7 against O-6,
    L-7, I-6)"""
    dark, light = 0, 1
    area = {"O": (1, (dark, light)), "L": (2, (light,)), "I": (2, (dark, light)), "X": (3, (dark,))}
    assert leader(area) == dark


def test_equal_counters_the_more_advanced_wins_the_game() -> None:
    """ "In the case of a tie, when both players have the same number of counters in the scoring
    area, the players compare their most advanced counters." Played out: I-5 against X-4."""
    game = position("A1 A2 A3 A4", "C1 D2 E3 F4", men_per_team=5)
    game.place("A5")
    events = game.place("K11")
    assert game.to_json()["area_counters"] == [1, 1]
    assert events[-1].data == {"winner": 0, "draw": False, "reason": "nobody can place"}


def test_equal_counters_equally_advanced_is_a_draw() -> None:
    """ "If this process is unable to break the tie, the game is drawn." Both on I-4."""
    game = position("A1 A2 A3 A4", "C1 C2 C3 C4", men_per_team=5)
    game.place("K11")
    events = game.place("K9")
    assert scoring(game)["I"] == (4, [0, 1])
    assert events[-1].data == {"winner": None, "draw": True, "reason": "nobody can place"}


def test_tie_compares_the_next_counters() -> None:
    """ "If both counters are equally advanced, compare the next two counters, and so on." """
    area = {"O": (3, (0, 1)), "L": (1, (0,)), "I": (2, (1,)), "X": (-1, ())}
    assert leader(area) == 1


def test_full_grid_with_equal_areas_is_a_draw() -> None:
    """ "If this process is unable to break the tie, the game is drawn." Here the grid fills up
    without a pattern (RULES.md §10: a full grid ends the game)."""
    game = new_game("olix")
    own = [[c for c in range(121) if (GRID.coords(c)[0] // 2 + c % 11) % 2 == t] for t in (0, 1)]
    for index in range(60):
        game.place(own[0][index])
        game.place(own[1][index])
    assert not game.game_over
    events = game.place(own[0][60])
    assert events[-1].data == {"winner": None, "draw": True, "reason": "board full"}


def test_conceding_ends_the_game() -> None:
    """ "The game ends when a losing player concedes that he cannot win the game." """
    game = position("F6")
    events = game.resign(0)
    assert events[-1].data == {"winner": 1, "draw": False, "reason": "resign"}
    with pytest.raises(IllegalAction, match="the game is over"):
        game.place("A1")


# ----------------------------------------------------------------- the Game contract


def test_undo_replay_and_json() -> None:
    """Undo by ``pop()`` restores everything; replaying the journal gives the same state."""
    rng = random.Random(7)
    game = new_game("olix", seed=3)
    states = []
    while not game.game_over:
        states.append(json.dumps(game.to_json(), sort_keys=True))
        game.place(rng.choice(list(scan_forward(game.allowed))))
    names = [action.to_json(game.cells) for action in game.actions]
    again = replay(
        "olix", 2, 3, game.options.to_dict(), [Action.from_json(name, game.cells) for name in names]
    )
    assert again.to_json() == game.to_json() and again.events == game.events
    while game.actions:
        game.pop()
        assert json.dumps(game.to_json(), sort_keys=True) == states[len(game.actions)]


def test_state_json_names_the_patterns_and_lines() -> None:
    game = position("A2 A3 B1 C1 D1")
    game.place("A1")
    state = game.to_json()
    assert state["variant"] == "olix" and state["grid"] == {"size": 11, "cells": 121}
    assert state["board"]["A1"] == {"team": 0, "piece": "man"}
    assert [p["pattern"] for p in state["last_patterns"]] == ["L", "I"]
    assert state["last_patterns"][1]["holes"] == ["A1", "B1", "C1", "D1"]
    assert state["scoring"][1] == {"pattern": "L", "line": [5, 6, 7, 8], "top": 6, "teams": [0]}
    game.place("K2")
    assert game.to_json()["last_patterns"] == [] and len(game.to_json()["patterns"]) == 2


def test_events_name_cells_in_json() -> None:
    events = position("A1 B2 C3").place("D4")
    assert events[1].to_json(GRID)["holes"] == ["A1", "B2", "C3", "D4"]
    assert events[0].to_json(GRID)["hole"] == "D4"


# ----------------------------------------------------------------- move counts


def brute_perft(game: Olix, depth: int) -> int:
    """Leaves by the Game itself: apply and pop every placement."""
    if depth == 0 or game.game_over:
        return 1
    total = 0
    for cell in scan_forward(game.allowed):
        game.place(cell)
        total += brute_perft(game, depth - 1)
        game.pop()
    return total


def test_perft_from_the_empty_grid() -> None:
    game = new_game("olix")
    assert isinstance(game, Olix)
    assert [perft(game, depth) for depth in (0, 1, 2)] == [1, 121, 121 * 120]


def test_perft_counts_a_super_pattern_as_one_leaf() -> None:
    """The first player's H3 makes I-8 and ends the game: one leaf instead of a subtree."""
    game = position("A3 B3 C3 D3 E3 F3 G3")
    empty = 121 - 14
    assert perft(game, 1) == empty
    assert perft(game, 2) == 1 + (empty - 1) * (empty - 1) == brute_perft(game, 2)


def test_perft_matches_the_game_near_the_end() -> None:
    """Three plies from a nearly full grid with threats of both players, counted by the game."""
    game = position("A3 B3 C3 D3 E3 F3", "A5 B5 C5 D5 E5 F5 G5")
    order = [c for c in range(121) if not game.occupied >> c & 1]
    rng = random.Random(4)
    rng.shuffle(order)
    for cell in order:
        if bin(game.all_cells & ~game.occupied).count("1") <= 14:
            break
        if cell in (GRID.cell_index("G3"), GRID.cell_index("H5"), GRID.cell_index("H3")):
            continue
        game.place(cell)
        if game.game_over:
            game.pop()
    assert not game.game_over
    assert perft(game, 3) == brute_perft(game, 3)


# ----------------------------------------------------------------- random games


def test_random_games_never_raise_and_always_end() -> None:
    """300 seeded random games here (``flixboard bench --only bench_olix`` plays 10,000)."""
    for seed in range(300):
        rng = random.Random(seed)
        game = new_game("olix", seed=seed)
        while not game.game_over:
            game.place(rng.choice(list(scan_forward(game.allowed))))
        assert game.placements <= 121
        end = game.events[-1].data
        last = [e.data for e in game.events if e.type == "pattern" and e.data["super"]]
        if end["reason"] == "super-pattern":
            assert len(last) >= 1 and {data["team"] for data in last} == {end["winner"]}
        else:
            assert last == [] and end["winner"] == leader(game.area)
