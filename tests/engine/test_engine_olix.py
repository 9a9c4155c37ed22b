"""Olix rules, each test citing the sentence of the rule book (seeds/olix-rules.txt) it checks,
and the choices of RULES.md §11 where the book is silent."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.bitboard import scan_forward
from engine.errors import HoleNameError, IllegalAction, IllegalPlacement, SettingError
from engine.events import Event
from engine.game import Action
from engine.olix import Olix, leader, perft
from engine.olix_patterns import GRID
from engine.variants import new_game, replay
from tests.engine.olix_helpers import cells, position


def patterns(events: list[Event]) -> list[tuple[str, int]]:
    """``(kind, value)`` of each pattern event."""
    return [(e.data["pattern"], e.data["value"]) for e in events if e.type == "pattern"]


def scoring(game: Olix) -> dict[str, tuple[Any, list[int]]]:
    return {line["pattern"]: (line["top"], line["teams"]) for line in game.to_json()["scoring"]}


# ----------------------------------------------------------------- the board and turns


def test_the_grid_has_121_cells_named_a1_to_k11() -> None:
    """ "The playing area consists of an 11 x 11 grid." """
    game = new_game("olix")
    assert game.geometry == "olix" and game.board_mask == game.allowed == (1 << 121) - 1
    assert [game.naming.name(cell) for cell in (0, 10, 110, 120)] == ["a1", "k1", "a11", "k11"]
    with pytest.raises(HoleNameError, match=r"no cell 'L5' on the olix board \(a\.\.k, 1\.\.11\)"):
        game.place("L5")
    with pytest.raises(HoleNameError):
        game.place("A12")
    with pytest.raises(IllegalPlacement, match="not a hole"):
        game.apply(Action("place", hole=121))


def test_two_players_only() -> None:
    """ "Players: 2" """
    for players in (3, 4, 6):
        with pytest.raises(SettingError, match="players must be 2, not"):
            new_game("olix", players=players)


def test_players_alternate_on_empty_spaces() -> None:
    """ "Alternately place one of your counters in an empty space on the grid." """
    game = new_game("olix")
    game.place("f6")
    assert game.to_move == 1 and game.piece_at(GRID.parse("f6")) == (0, "man")
    with pytest.raises(IllegalPlacement, match="f6 is occupied"):
        game.place("f6")
    game.place("e5")
    assert game.to_move == 0 and game.piece_at(GRID.parse("e5")) == (1, "man")


# ----------------------------------------------------------------- patterns


def test_o_is_a_rectangle_at_least_two_by_two() -> None:
    """ "O: Any rectangle, at least two counters long and two counters wide." """
    assert patterns(position("a1 b1 a2").place("b2")) == [("O", 4)]
    assert patterns(position("a1 b1 c1 a2 b2").place("c2")) == [("O", 6)]


def test_o_may_be_hollow_or_filled_with_either_colour() -> None:
    """ "The rectangle may be hollow, or filled with counters of either colour." """
    ring = "a1 b1 c1 a2 c2 a3 b3"
    assert patterns(position(ring).place("c3")) == [("O", 8), ("L", 5)]
    assert patterns(position(ring, "b2").place("c3")) == [("O", 8), ("L", 5)]


def test_own_interior_counters_add_to_the_o() -> None:
    """ "Having your own interior counters, however, increases the pattern value." Placed
    afterwards, an interior counter extends the O, and it scores again (RULES.md §11)."""
    assert patterns(position("a1 b1 c1 a2 b2 c2 a3 b3").place("c3"))[0] == ("O", 9)
    game = position("a1 b1 c1 a2 c2 a3 b3 c3")
    assert patterns(game.place("b2")) == [("O", 9)]


def test_l_has_two_perpendicular_arms_of_three() -> None:
    """ "L: Any right-angled line, with arms of at least three counters in length." The corner
    counts in both arms (RULES.md §11), so the smallest L holds 5."""
    assert patterns(position("a1 a2 a3 b1").place("c1")) == [("L", 5)]
    assert patterns(position("a1 a2 b1").place("c1")) == []  # arms of 2 and 3
    assert patterns(position("a1 a2 a3 b1 c1").place("d1")) == [("L", 6), ("I", 4)]


def test_l_arms_are_never_diagonal() -> None:
    """ "Only horizontal and vertical lines are permitted, no diagonals." (L)"""
    assert patterns(position("a1 b2 c3 b1").place("c1")) == []


def test_i_is_an_orthogonal_line_of_four() -> None:
    """ "I: Any straight line, of at least four counters in length." """
    assert patterns(position("d4 d5").place("d6")) == []
    assert patterns(position("d4 d5 d6").place("d7")) == [("I", 4)]
    assert patterns(position("a6 b6 c6 e6 f6").place("d6")) == [("I", 6)]


def test_x_is_a_diagonal_of_four() -> None:
    """ "X: Any diagonal line, of at least four counters in length." (the examples X-4, X-5)"""
    assert patterns(position("a1 b2").place("c3")) == []
    assert patterns(position("a1 b2 c3").place("d4")) == [("X", 4)]
    assert patterns(position("h2 g3 e5 d6").place("f4")) == [("X", 5)]


def test_value_is_the_counters_in_the_pattern() -> None:
    """ "The value of each pattern is equal to the number of counters contained in it." The
    event names them."""
    events = position("b2 c3 d4").place("e5")
    (event,) = [e for e in events if e.type == "pattern"]
    assert event.data["holes"] == cells("b2 c3 d4 e5") and event.data["value"] == 4


def test_one_counter_may_score_several_patterns() -> None:
    """ "If the placement of your counter creates or extends more than one pattern you may
    score them all." (the example: "I-4 and L-6")"""
    game = position("a2 a3 b1 c1 d1")
    assert patterns(game.place("a1")) == [("L", 6), ("I", 4)]
    assert scoring(game)["L"] == (6, [0]) and scoring(game)["I"] == (4, [0])


# ----------------------------------------------------------------- the scoring lines


def test_only_the_highest_counters_stay_on_a_line() -> None:
    """ "On each scoring line, only the counters in the highest value position remain, lesser
    counters are removed." """
    game = position("a1 a2 a3 a4", "c1 c2 c3")
    assert scoring(game)["I"] == (4, [0])
    game.place("j2")
    game.place("c4")  # the second player's I-4 shares the space
    assert scoring(game)["I"] == (4, [0, 1])
    game.place("a5")  # I-5: the first player's counter alone on the line
    assert scoring(game)["I"] == (5, [0])
    game.place("c5")  # the second player's I-5 joins it
    assert scoring(game)["I"] == (5, [0, 1])


def test_both_players_may_share_the_high_space() -> None:
    """ "However, it is possible that both players have counters on the same high-value
    space." """
    game = position("a1 a2 a3", "c1 c2 c3 c4")
    game.place("a4")
    assert scoring(game)["I"] == (4, [0, 1])
    assert game.to_json()["area_counters"] == [1, 1]


def test_a_lesser_pattern_is_removed_at_once() -> None:
    """ "... lesser counters are removed." A pattern below the line's top scores nothing."""
    game = position("a1 a2 a3 a4 a5", "c1 c2 c3")
    game.place("j2")
    (event,) = [e for e in game.place("c4") if e.type == "pattern"]
    assert event.data["kept"] is False and event.data["space"] == 4
    assert scoring(game)["I"] == (5, [0])


def test_patterns_score_only_when_made_or_extended() -> None:
    """ "Each pattern must be scored when it occurs on the grid. It is not permitted to claim a
    pattern at a later time, unless you extend the pattern with another counter." """
    game = position("d4 d5 d6 d7", "e4 e5 e6 e7 e8")
    assert scoring(game)["I"] == (5, [1])
    assert patterns(game.place("j2")) == []  # far from the I-4: nothing is claimed
    game.place("k10")
    assert patterns(game.place("d8")) == [("I", 5)]  # extended: it scores now
    assert scoring(game)["I"] == (5, [0, 1])


def test_a_value_between_spaces_goes_on_the_space_below() -> None:
    """RULES.md §11: a value between two spaces of a line scores the lower space."""
    game = position("a1 b1 c1 a2 b2", o_line="4 8 12")
    (event,) = [e for e in game.place("c2") if e.type == "pattern"]
    assert event.data["value"] == 6 and event.data["space"] == 4
    assert scoring(game)["O"] == (4, [0])


def test_super_pattern_wins_at_once() -> None:
    """ "If a player succeeds in extending a pattern with a higher value than shown on its
    respective scoring line, he wins outright immediately." """
    game = position("a3 b3 c3 d3 e3 f3 g3", "a5 b5 c5 d5 e5 f5 g5")
    assert scoring(game)["I"] == (7, [0, 1]) and not game.game_over
    events = game.place("h3")
    assert events[-2].data["super"] is True and events[-2].data["space"] is None
    assert events[-1].type == "game_over"
    assert events[-1].data == {"winner": 0, "draw": False, "reason": "super-pattern"}


@pytest.mark.parametrize(
    ("kind", "line", "first"),
    [
        ("O", "4 6", "a1 b1 c1 a2 c2 a3 b3"),
        ("L", "5", "a1 a2 a3 a4 b1"),
        ("X", "4", "a1 b2 c3 d4"),
    ],
)
def test_the_line_lengths_are_options(kind: str, line: str, first: str) -> None:
    """RULES.md §11: each line's spaces are an option; a value past the last space wins."""
    game = position(first, **{f"{kind.lower()}_line": line})
    assert game.options.to_dict()[f"{kind.lower()}_line"] == tuple(int(v) for v in line.split())
    last = {"O": "c3", "L": "c1", "X": "e5"}[kind]
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
    game ends when nobody has a counter left (``men_per_team``; RULES.md §11)."""
    game = position("a1 a2 a3", "c1 c3 c5", men_per_team=4)
    game.place("a4")
    assert not game.game_over
    events = game.place("c7")
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
    game = position("a1 a2 a3 a4", "c1 d2 e3 f4", men_per_team=5)
    game.place("a5")
    events = game.place("k11")
    assert game.to_json()["area_counters"] == [1, 1]
    assert events[-1].data == {"winner": 0, "draw": False, "reason": "nobody can place"}


def test_equal_counters_equally_advanced_is_a_draw() -> None:
    """ "If this process is unable to break the tie, the game is drawn." Both on I-4."""
    game = position("a1 a2 a3 a4", "c1 c2 c3 c4", men_per_team=5)
    game.place("k11")
    events = game.place("k9")
    assert scoring(game)["I"] == (4, [0, 1])
    assert events[-1].data == {"winner": None, "draw": True, "reason": "nobody can place"}


def test_tie_compares_the_next_counters() -> None:
    """ "If both counters are equally advanced, compare the next two counters, and so on." """
    area = {"O": (3, (0, 1)), "L": (1, (0,)), "I": (2, (1,)), "X": (-1, ())}
    assert leader(area) == 1


def test_full_grid_with_equal_areas_is_a_draw() -> None:
    """ "If this process is unable to break the tie, the game is drawn." Here the grid fills up
    without a pattern (RULES.md §11: a full grid ends the game)."""
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
    game = position("f6")
    events = game.resign(0)
    assert events[-1].data == {"winner": 1, "draw": False, "reason": "resign"}
    with pytest.raises(IllegalAction, match="the game is over"):
        game.place("a1")


# ----------------------------------------------------------------- the Game contract


def test_undo_replay_and_json() -> None:
    """Undo by ``pop()`` restores everything; replaying the journal gives the same state."""
    rng = random.Random(7)
    game = new_game("olix", seed=3)
    states = []
    while not game.game_over:
        states.append(json.dumps(game.to_json(), sort_keys=True))
        game.place(rng.choice(list(scan_forward(game.allowed))))
    names = [action.to_json(game.naming) for action in game.actions]
    actions = [Action.from_json(name, game.naming) for name in names]
    again = replay("olix", 2, 3, game.options.to_dict(), actions)
    assert again.to_json() == game.to_json() and again.events == game.events
    while game.actions:
        game.pop()
        assert json.dumps(game.to_json(), sort_keys=True) == states[len(game.actions)]


def test_state_json_names_the_patterns_and_lines() -> None:
    game = position("a2 a3 b1 c1 d1")
    game.place("a1")
    state = game.to_json()
    assert state["variant"] == "olix"
    assert state["board"]["a1"] == {"team": 0, "piece": "man"}
    assert [p["pattern"] for p in state["last_patterns"]] == ["L", "I"]
    assert state["last_patterns"][1]["holes"] == ["a1", "b1", "c1", "d1"]
    assert state["scoring"][1] == {"pattern": "L", "line": [5, 6, 7, 8], "top": 6, "teams": [0]}
    game.place("k2")
    assert game.to_json()["last_patterns"] == [] and len(game.to_json()["patterns"]) == 2


def test_events_name_cells_in_json() -> None:
    events = position("a1 b2 c3").place("d4")
    assert events[1].to_json(GRID)["holes"] == ["a1", "b2", "c3", "d4"]
    assert events[0].to_json(GRID)["hole"] == "d4"


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
    """The first player's h3 makes I-8 and ends the game: one leaf instead of a subtree."""
    game = position("a3 b3 c3 d3 e3 f3 g3")
    empty = 121 - 14
    assert perft(game, 1) == empty
    assert perft(game, 2) == 1 + (empty - 1) * (empty - 1) == brute_perft(game, 2)


def test_perft_matches_the_game_near_the_end() -> None:
    """Three plies from a nearly full grid with threats of both players, counted by the game."""
    game = position("a3 b3 c3 d3 e3 f3", "a5 b5 c5 d5 e5 f5 g5")
    order = [c for c in range(121) if not game.occupied >> c & 1]
    rng = random.Random(4)
    rng.shuffle(order)
    for cell in order:
        if bin(game.board_mask & ~game.occupied).count("1") <= 14:
            break
        if cell in (GRID.parse("g3"), GRID.parse("h5"), GRID.parse("h3")):
            continue
        game.place(cell)
        if game.game_over:
            game.pop()
    assert not game.game_over
    assert perft(game, 3) == brute_perft(game, 3)


# ----------------------------------------------------------------- random games


def test_random_games_never_raise_and_always_end() -> None:
    """300 seeded random games here (``python -m bench --only bench_olix`` plays 10,000)."""
    for seed in range(300):
        rng = random.Random(seed)
        game = new_game("olix", seed=seed)
        assert isinstance(game, Olix)
        while not game.game_over:
            game.place(rng.choice(list(scan_forward(game.allowed))))
        assert game.placements <= 121
        end = game.events[-1].data
        last = [e.data for e in game.events if e.type == "pattern" and e.data["super"]]
        if end["reason"] == "super-pattern":
            assert len(last) >= 1 and {data["team"] for data in last} == {end["winner"]}
        else:
            assert last == [] and end["winner"] == leader(game.area)


def test_olix_has_no_lines_of_four_so_no_threats() -> None:
    game = new_game("olix")
    for cell in ("a1", "k1", "b1", "k3", "c1"):
        game.place(cell)
    assert game.lines_through == () and game.completing(0) == 0
