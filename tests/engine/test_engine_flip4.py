"""Flip 4 rules (RULES.md §10), each test quoting the sentence of the rule text it checks.

The board (default arrangement), columns a..e, rows 1..5 from the top; C = corner::

         a   b   c   d   e
    1    C   8  20   5   C
    2    3   7  36  16   2
    3   15  30   1  24  11
    4    4  18  25   0   6
    5    C  10   9  12   C
"""

from __future__ import annotations

import json

import pytest

from engine.errors import (
    HoleNameError,
    IllegalAction,
    IllegalPlacement,
    IllegalRoll,
    SettingError,
)
from engine.events import Event
from engine.flip4 import (
    CORNERS,
    DEFAULT_ARRANGEMENT,
    GRID,
    LINES,
    NUMBERS,
    Flip4,
    parse_arrangement,
    perft,
    results,
)
from engine.game import Action, Phase
from engine.protocol import EngineProtocol
from engine.variants import VARIANTS, new_game, replay


def flip4(players: int = 2, position: str | None = None, **options: object) -> Flip4:
    if position is not None:
        options["position"] = position
    game = new_game("flip4", players=players, seed=5, options=options)
    assert isinstance(game, Flip4)
    return game


def cells(*names: str) -> int:
    return sum(1 << GRID.parse(name) for name in names)


def of_type(events: list[Event], kind: str) -> list[dict[str, object]]:
    return [event.data for event in events if event.type == kind]


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def number_at(name: str) -> int | None:
    return DEFAULT_ARRANGEMENT[GRID.parse(name)]


# ----------------------------------------------------------------- the board


def test_the_board_carries_every_result_of_two_dice_once_and_four_corners() -> None:
    """Issue: "21 numbered squares carrying 0..12, 15, 16, 18, 20, 24, 25, 30, 36 (every sum,
    difference and product of two dice) and 4 corner squares"."""
    every = {n for a in range(1, 7) for b in range(1, 7) for n in results(a, b)}
    assert sorted(every) == list(NUMBERS)
    squares = [n for n in DEFAULT_ARRANGEMENT if n is not None]
    assert sorted(squares) == sorted(NUMBERS)
    assert {cell for cell, n in enumerate(DEFAULT_ARRANGEMENT) if n is None} == {0, 4, 20, 24}


def test_seven_one_and_zero_lie_on_a_diagonal_that_continues_into_a_corner() -> None:
    """ "if you have game pieces on 7, 1 and 0, you cannot move a game piece to a corner square
    and win diagonally"."""
    where = {n: GRID.coords(cell) for cell, n in enumerate(DEFAULT_ARRANGEMENT) if n is not None}
    rows, cols = zip(*(where[n] for n in (7, 1, 0)), strict=True)
    assert sorted(rows) == sorted(cols) == [1, 2, 3]  # b2, c3, d4: the diagonal a1..e5


def test_no_winning_line_runs_through_a_corner() -> None:
    """ "you cannot win the game with one of your pieces on a corner square"."""
    assert len(LINES) == 16
    assert all(not line & CORNERS for line in LINES)


def test_a_player_with_the_real_board_enters_its_arrangement() -> None:
    """Issue: "Make the arrangement an option so a player with the real board can enter theirs"."""
    mirrored = " ".join(
        "C" if n is None else str(n)
        for row in range(5)
        for n in reversed(DEFAULT_ARRANGEMENT[5 * row : 5 * row + 5])
    )
    game = flip4(arrangement=mirrored)
    game.roll("2/1")  # 3, 1, 2: e2, c3, a2 on the mirrored board
    assert game.allowed == cells("a2", "c3", "e2")
    assert game.to_json()["squares"]["e2"] == 3


@pytest.mark.parametrize(
    ("arrangement", "message"),
    [
        ("C 8 20", "25 squares"),
        (
            "8 C 20 5 C 3 7 36 16 2 15 30 1 24 11 4 18 25 0 6 C 10 9 12 C",
            "the corner a1 carries no number",
        ),
        ("C 8 20 5 C 3 7 36 16 2 15 30 1 24 11 4 18 25 0 6 C 10 9 9 C", "once"),
        ("C 8 20 5 C 3 7 36 16 2 15 30 1 24 11 4 18 25 0 6 C 10 9 x C", "'x' at d5"),
    ],
)
def test_a_wrong_arrangement_is_refused_with_its_fault(arrangement: str, message: str) -> None:
    with pytest.raises(SettingError, match=message):
        flip4(arrangement=arrangement)


def test_two_to_four_players_each_play_their_own_colour() -> None:
    """ "16 game pieces, 4 of each color": up to four players, four pieces each."""
    for players in (2, 3, 4):
        game = flip4(players)
        assert game.team_of_seat == tuple(range(players)) and game.supply == [4] * players
    with pytest.raises(SettingError, match="players must be 2, 3 or 4"):
        flip4(6)


# ----------------------------------------------------------------- part 1


def test_a_throw_says_its_sum_difference_and_product() -> None:
    """ "roll both dice. Add, subtract and multiply the numbers on the dice"."""
    roll = of_type(flip4().roll("6/4"), "roll")[0]
    assert roll["results"] == [10, 2, 24] and roll["throw"] == "6/4" and roll["drawn"] is False


def test_a_piece_goes_on_a_square_of_one_result() -> None:
    """ "if you roll 2 and 1, you can place a game piece on the 3 square (addition), the 1 square
    (subtraction) or the 2 square (multiplication)"."""
    game = flip4()
    game.roll("2/1")
    assert game.phase == Phase.AWAIT_PLACE
    assert {number_at(name) for name in GRID.names(game.allowed)} == {1, 2, 3}
    with pytest.raises(IllegalPlacement, match="may not place at b2"):
        game.place("b2")  # 7
    events = game.place("c3")
    assert of_type(events, "place") == [{"seat": 0, "team": 0, "hole": 12, "piece": "man"}]
    assert game.to_move == 1 and game.phase == Phase.AWAIT_ROLL


def test_only_an_open_square_may_take_a_piece_so_no_flip_in_part_1() -> None:
    """ "You can only move your game piece to an open square" and "You cannot flip until all
    players have all four game pieces on the board"."""
    game = flip4(position="c3 / e2")
    game.roll("2/1")
    assert game.allowed == cells("a2")
    with pytest.raises(IllegalPlacement, match="e2 is occupied"):
        game.place("e2")


def test_with_no_open_square_the_player_throws_again_and_after_three_places_anywhere() -> None:
    """ "If none of these squares is open, roll again. If you roll three times in a row and you
    are still unable to place a game piece on the board, you may place a game piece you have not
    yet played on any open square on the board"."""
    game = flip4(position="c3 a2 / e2 b2")  # 1, 3 / 2, 7 taken
    for attempt in (1, 2):
        events = game.roll("2/1")
        assert of_type(events, "no_open_square") == [{"seat": 0, "attempts": attempt}]
        assert game.to_move == 0 and game.phase == Phase.AWAIT_ROLL
    events = game.roll("1/1")  # 2, 0, 1: 0 is open
    assert game.allowed == cells("d4")
    game.place("d4")
    game.roll("2/1")
    game.roll("2/1")
    events = game.roll("2/1")
    assert of_type(events, "free_placement") == [{"seat": 1, "attempts": 3}]
    assert game.allowed == GRID.all & ~CORNERS & ~game.occupied


def test_no_piece_goes_on_a_corner_in_part_1() -> None:
    """ "You cannot place a game piece on a corner square until all players have all their game
    pieces on the board": not even the free placement after three throws."""
    game = flip4(position="c3 a2 / e2 b2")
    for _ in range(3):
        game.roll("2/1")
    assert not game.allowed & CORNERS
    with pytest.raises(IllegalPlacement, match="may not place at a1"):
        game.place("a1")


def test_part_1_lasts_until_every_piece_is_on_the_board() -> None:
    """ "Play continues, following steps 1-3, until all game pieces are on the board"."""
    game = flip4(position="b1 c1 d1 / a2 b2 c2")
    game.roll("1/1")
    game.place("c3")  # 1
    assert game.placing and game.to_json()["part"] == 1
    game.roll("1/1")
    game.place("d4")  # 0
    assert not game.placing and game.to_json()["part"] == 2
    game.roll("1/1")  # 2, 0, 1: now the pieces on them move
    assert game.phase == Phase.AWAIT_MOVE


def test_doubles_in_part_1_do_not_switch_direction() -> None:
    """ "When you roll doubles, you do not switch direction until all players have all their game
    pieces on the board"."""
    game = flip4(3)
    events = game.roll("1/1")
    events += game.place("c3")
    assert not of_type(events, "direction_reversed") and game.to_move == 1


# ----------------------------------------------------------------- part 2

PART_2 = "b1 c1 d1 e2 / a3 a4 b5 c5"  # 8 20 5 2 / 15 4 10 9


def test_to_move_a_piece_must_stand_on_a_result() -> None:
    """ "if you roll 6 and 4, you must have a game piece on 10 (addition), 2 (subtraction) or 24
    (multiplication) in order to move"."""
    game = flip4(position=PART_2)
    game.roll("6/4")
    assert game.phase == Phase.AWAIT_MOVE and game.allowed == cells("e2")
    with pytest.raises(IllegalAction, match="may not move the piece on b1"):
        game.move("b1", "b2")


def test_a_matching_piece_moves_one_square_in_any_of_eight_directions() -> None:
    """ "move that game piece one square horizontally, vertically or diagonally"."""
    game = flip4(position="c3 b1 c1 d1 / a3 a4 b5 c5")  # 1 in the middle
    game.roll("2/1")
    assert game.to_json()["moves"]["c3"] == ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]
    with pytest.raises(IllegalAction, match="cannot step to c5"):
        game.move("c3", "c5")
    events = game.move("c3", "d2")
    assert of_type(events, "move") == [{"seat": 0, "team": 0, "hole": 12, "to": 8}]
    assert game.men[0] & cells("d2") and not game.men[0] & cells("c3")


def test_a_piece_never_steps_onto_its_own_colour() -> None:
    game = flip4(position="c3 c2 b1 d1 / a3 a4 b5 c5")
    game.roll("2/1")
    assert "c2" not in game.to_json()["moves"]["c3"]


def test_with_more_than_one_match_the_player_chooses_one_piece() -> None:
    """ "If you have more than one game piece with a match, choose only one game piece to move"."""
    game = flip4(position="c3 e2 b1 d1 / a3 a4 b5 c5")  # 1 and 2
    game.roll("2/1")
    assert game.allowed == cells("c3", "e2")
    game.move("e2", "d3")
    assert game.to_move == 1 and game.men[0] & cells("c3")


def test_a_match_must_be_played_there_is_no_pass() -> None:
    """The rules: "You cannot pass or forfeit your turn; you must move your game piece if you
    have a match"."""
    game = flip4(position=PART_2)
    game.roll("6/4")
    with pytest.raises(IllegalRoll, match="cannot roll now"):
        game.roll("1/1")
    with pytest.raises(IllegalAction, match="unknown action 'pass'"):
        game.apply(Action.from_json({"kind": "pass"}))  # a kind no game knows


def test_no_match_loses_the_turn_and_three_in_a_row_give_a_free_move() -> None:
    """ "If you do not have a match, you lose your turn. If you do not have a match on three
    consecutive turns, you may move one game piece of your choice one square in any
    direction"."""
    game = flip4(position=PART_2)
    for miss in (1, 2):
        events = game.roll("6/6")  # 12, 0, 36: none of seat 0's
        assert of_type(events, "turn_lost") == [{"seat": 0, "reason": "no piece on a result"}]
        assert game.misses[0] == miss
        game.roll("6/6")  # seat 1 misses too
    events = game.roll("6/6")
    assert of_type(events, "free_move") == [{"seat": 0, "misses": 3}]
    assert game.phase == Phase.AWAIT_MOVE and game.allowed == game.men[0]
    game.move("b1", "b2")
    assert game.misses[0] == 0


def test_a_match_breaks_the_run_of_misses() -> None:
    game = flip4(position=PART_2)
    game.roll("6/6")
    game.roll("6/6")
    game.roll("6/4")
    assert game.misses[0] == 0


def test_stepping_onto_an_opponent_flips_the_two_pieces() -> None:
    """ "If an opponent's game piece occupies the square you want to move to, put your piece on
    your opponent's square and put the opponent's game piece on the square you started
    from"."""
    game = flip4(position="c3 b1 c1 d1 / d3 a4 b5 c5")
    game.roll("2/1")
    events = game.move("c3", "d3")
    assert of_type(events, "flip") == [{"seat": 0, "team": 0, "hole": 12, "to": 13, "opponent": 1}]
    assert game.men[0] & cells("d3") and game.men[1] & cells("c3")


def test_a_flip_can_make_the_opponent_win() -> None:
    """ "You may accidentally help your opponents or even cause an opponent to win the game!"."""
    game = flip4(position="c3 b1 c1 d1 / b3 c2 c4 c5")
    game.roll("2/1")  # 1 on c3
    events = game.move("c3", "b3")  # team 1's piece goes to c3: c2 c3 c4 c5
    assert of_type(events, "scored") == [
        {"seat": 0, "team": 1, "lines": [cells("c2", "c3", "c4", "c5")], "how": "line"}
    ]
    assert game.winner == 1 and game.phase == Phase.GAME_OVER


def test_a_piece_stepping_into_a_corner_moves_on_at_once_to_any_square() -> None:
    """ "When you move a game piece to a corner square, you immediately move your game piece to
    any square on the board"."""
    game = flip4(position="b2 c3 b1 d1 / a3 a4 b5 c5")  # 7 on b2
    game.roll("4/3")  # 7, 1, 12
    events = game.move("b2", "a1")
    assert of_type(events, "corner") == [{"seat": 0, "team": 0, "hole": 6, "to": 0}]
    assert game.phase == Phase.AWAIT_JUMP and game.to_move == 0
    own = cells("c3", "b1", "d1")
    assert game.allowed == GRID.all & ~CORNERS & ~own & ~cells("b2")
    with pytest.raises(IllegalPlacement, match="cannot land on e5"):
        game.place("e5")
    events = game.place("e3")
    assert of_type(events, "jump") == [{"seat": 0, "team": 0, "hole": 6, "to": 14, "corner": 0}]
    assert not game.occupied & CORNERS and game.to_move == 1


def test_seven_one_and_zero_and_a_corner_do_not_win() -> None:
    """ "if you have game pieces on 7, 1 and 0, you cannot move a game piece to a corner square
    and win diagonally"."""
    game = flip4(position="b2 c3 d4 d5 / a3 a4 b5 c5")  # d5 is 12
    game.roll("6/2")  # 8, 4, 12
    game.move("d5", "e5")
    assert not game.game_over and game.phase == Phase.AWAIT_JUMP


def test_landing_on_an_opponent_from_a_corner_flips_it_to_where_the_piece_started() -> None:
    """ "If you move to a square that your opponent is occupying, your opponent's game piece
    "flips" to the square you were on before you moved to the corner square"."""
    game = flip4(position="b2 c3 b1 d1 / a3 a4 b5 c5")
    game.roll("4/3")
    game.move("b2", "a1")
    events = game.place("b5")
    assert of_type(events, "flip") == [
        {"seat": 0, "team": 0, "hole": 6, "to": 21, "opponent": 1, "corner": 0}
    ]
    assert game.men[1] & cells("b2") and game.men[0] & cells("b5")


FOUR_PLAYERS = "b1 d1 a2 b2 / c2 d2 e2 a3 / b3 d3 e3 a4 / b4 c4 b5 d5"  # 9 1 20 0 6 are free


def test_doubles_reverse_the_direction_of_play_after_the_turn() -> None:
    """ "If you roll doubles, the direction of play reverses after you take your turn. For
    example, if Player 4 rolls doubles, the next turn goes to Player 3, then Player 2"."""
    game = flip4(4, position=FOUR_PLAYERS)
    for seat in (0, 1, 2):
        assert game.to_move == seat
        game.roll("5/4")  # 9, 1, 20: nobody's
    events = game.roll("3/3")  # 6, 0, 9
    assert of_type(events, "direction_reversed") == [{"seat": 3, "direction": -1}]
    assert game.to_move == 2
    game.roll("5/4")
    assert game.to_move == 1
    game.roll("3/3")
    assert game.to_move == 2 and game.direction == 1


def test_doubles_do_not_switch_direction_with_two_players() -> None:
    """ "Switching direction does not apply to two-player games"."""
    game = flip4(position=PART_2)
    events = game.roll("6/6")
    assert not of_type(events, "direction_reversed") and game.to_move == 1


def test_four_in_a_row_wins_at_once() -> None:
    """ "When a player has aligned four game pieces in a horizontal, vertical or diagonal line,
    the game is over and that player is the winner"."""
    game = flip4(position="b2 c2 d2 d3 / a3 a4 b5 c5")  # 7 36 16 24: row 2 lacks e2
    game.roll("6/4")  # 10, 2, 24
    events = game.move("d3", "e2")
    assert of_type(events, "scored") == [
        {"seat": 0, "team": 0, "lines": [cells("b2", "c2", "d2", "e2")], "how": "line"}
    ]
    assert of_type(events, "game_over") == [{"winner": 0, "draw": False, "reason": "line"}]
    with pytest.raises(IllegalAction, match="the game is over"):
        game.roll("1/1")


def test_a_placement_in_part_1_can_win_too() -> None:
    game = flip4(position="b3 c3 d3 / a2 a4 b5")  # 30 1 24: row 3 lacks e3 (11)
    game.roll("6/5")  # 11, 1, 30
    game.place("e3")
    assert game.winner == 0


def test_undo_restores_everything_and_replay_gives_the_same_game() -> None:
    game = flip4(3)
    before = json.dumps(game.to_json(), sort_keys=True)
    game.roll()
    game.place(lowest(game.allowed))
    game.pop()
    game.pop()
    assert json.dumps(game.to_json(), sort_keys=True) == before
    for _ in range(40):
        if game.phase == Phase.AWAIT_ROLL:
            game.roll()
        elif game.phase == Phase.AWAIT_MOVE:
            game.move(*game.moves()[-1])
        else:
            game.place(lowest(game.allowed))
    actions = [Action.from_json(a.to_json(GRID), GRID) for a in game.actions]
    again = replay("flip4", 3, 5, game.options, actions)
    assert again.to_json() == game.to_json() and again.events == game.events


def test_flip4_is_a_registered_variant() -> None:
    assert VARIANTS["flip4"] is Flip4


def test_the_arrangement_text_round_trips() -> None:
    text = " ".join("C" if n is None else str(n) for n in DEFAULT_ARRANGEMENT)
    assert parse_arrangement(text) == DEFAULT_ARRANGEMENT


# ----------------------------------------------------------------- move counts


def test_perft_from_the_empty_board() -> None:
    """21 different throws; each allows its distinct results (3, but 2/2 gives 4, 0, 4: two),
    all open: 20 * 3 + 2 = 62 placements; then the next seat's 21 throws each."""
    game = flip4()
    assert [perft(game, depth) for depth in (0, 1, 2, 3)] == [1, 21, 62, 62 * 21]


def test_perft_in_part_2() -> None:
    """Seat 0 on b1 c1 d1 e2 (8 20 5 2), seat 1 on a3 a4 b5 c5. Steps: b1 4 (a1 a2 b2 c2),
    c1 3 (b2 c2 d2), d1 3 (c2 d2 e1), e2 4 (e1 d2 d3 e3). Throws matching e2 alone: 1/1 1/2 1/3
    4/6 (16 moves); d1 alone: 1/4 1/5 1/6 2/3 (12); b1 alone: 2/6 4/4 (8); c1: 4/5 (3); b1 and
    e2: 2/4 3/5 (16); no match: 2/2 2/5 3/3 3/4 3/6 5/5 5/6 6/6, each then seat 1's 21 throws
    (168)."""
    game = flip4(position=PART_2)
    assert perft(game, 1) == 21
    assert perft(game, 2) == 16 + 12 + 8 + 3 + 16 + 168
    assert game.actions == []


# ----------------------------------------------------------------- the engine protocol


def test_the_protocol_plays_flip4_throws_squares_and_steps() -> None:
    engine = EngineProtocol()
    assert engine.handle("variant flip4") == []
    assert engine.handle("position startpos moves 2/1 c3 6/6") == []
    assert engine.handle("perft 1") == ["perft 1 3"]  # 12, 0, 36: d5, d4, c2 all open
    assert engine.handle("position startpos moves 2/1 c3 6/6 a2") == [
        "error position: move 'a2': seat 1 may not place at a2 now; allowed: c2 d4 d5"
    ]
    engine.handle("position startpos")
    answer = engine.handle("roll 7/1")
    assert answer == ["error roll: not a throw of two dice: '7/1' (expected two of 1..6, as '3/5')"]


def test_a_step_is_read_by_the_rules_as_the_protocol_writes_it() -> None:
    """``Flip4.read_move``: ``d3-e2`` is a step; a square alone is left to the placement."""
    game = flip4(position="b2 c2 d2 d3 / a3 a4 b5 c5")
    game.roll("6/4")
    step = game.read_move("d3-e2")
    assert step == Action("move", hole=GRID.parse("d3"), to=GRID.parse("e2"))
    assert game.read_move("d3") is None
    with pytest.raises(HoleNameError, match="'f9'"):
        game.read_move("d3-f9")
    game.apply(step)
    assert game.piece_at(GRID.parse("e2")) == (0, "man") and game.piece_at(GRID.parse("d3")) is None


def test_the_protocol_searches_and_answers_a_step() -> None:
    engine = EngineProtocol(variant="flip4")
    engine.game = flip4(position="b2 c2 d2 d3 / a3 a4 b5 c5")
    engine.handle("roll 6/4")
    engine.handle("go")
    lines: list[str] = []
    assert engine.searching is not None
    engine.searching.run()
    engine.searching.finish(lines.append)
    assert lines[-1] == "bestmove d3-e2"


def test_the_threats_are_the_squares_that_make_four_in_a_row() -> None:
    """``completing``: where one more piece of a player makes four in a row, never a corner;
    a square an opponent holds or a broken line is none."""
    game = flip4(position="b2 c2 d2 b4 / a2 e4 b3 c4")
    assert game.completing(0) == cells("e2")  # a2 is Blue's
    assert game.completing(1) == cells("d5")  # a2 b3 c4 on a diagonal
    game = flip4(position="b1 c1 d1 b2 / a3 a4 c3 d4")
    assert game.completing(0) == 0  # row 1's ends are corners: no line runs through one
    assert game.completing(1) == 0  # nor along the corner-to-corner diagonal
