"""Qubic (RULES.md §7): one short game per rule paragraph, and perft from the start."""

from __future__ import annotations

import random

import pytest

from engine.bitboard import BB_ALL
from engine.errors import IllegalAction, IllegalPlacement
from engine.game import Game, Phase
from engine.holes import HOLES, parse
from engine.lines import has_line
from engine.qubic import perft, playout
from engine.variants import new_game


def qubic(players: int = 2) -> Game:
    return new_game("qubic", players=players)


def place_all(game: Game, holes: list[str]) -> None:
    for hole in holes:
        game.place(hole)


def test_same_board_and_seats_as_flix() -> None:
    for players, men in ((2, 32), (3, 22), (4, 32), (6, 22)):
        game = qubic(players)
        assert game.supply == [men] * game.teams
        assert game.allowed == BB_ALL and game.phase == Phase.AWAIT_PLACE


def test_any_empty_hole_no_dice_no_calls() -> None:
    game = qubic()
    game.place("G-III-D")
    assert game.allowed == BB_ALL & ~(1 << parse("G-III-D"))
    with pytest.raises(IllegalPlacement, match="G-III-D is occupied"):
        game.place("G-III-D")
    with pytest.raises(IllegalAction, match="no dice"):
        game.roll("red/I/spades")
    with pytest.raises(IllegalAction, match="no calls"):
        game.call(0)


def test_first_team_with_four_in_a_line_wins_at_once() -> None:
    game = qubic(4)  # teams alternate A B A B: seats 0 and 2 build the triagonal
    place_all(game, ["R-I-S", "R-I-H", "Y-II-H", "R-I-D", "G-III-D", "R-II-S"])
    events = game.place("B-IV-C")
    assert [e.type for e in events] == ["place", "scored", "game_over"]
    assert game.winner == 0 and game.scored_lines[0][0] == 0
    assert events[1].data["how"] == "placement"


def test_full_board_is_a_draw() -> None:
    # A known full-board pattern without any line: colour each hole by a parity pattern.
    draw_colouring = _line_free_colouring()
    game = qubic()
    zeros = [h for h in HOLES if draw_colouring[h] == 0]
    ones = [h for h in HOLES if draw_colouring[h] == 1]
    for mine, theirs in zip(zeros, ones, strict=True):
        game.place(mine)
        if theirs == ones[-1]:
            events = game.place(theirs)
            assert events[-1].data == {"winner": None, "draw": True, "reason": "board full"}
        else:
            game.place(theirs)
    assert game.draw and game.winner is None and game.occupied == BB_ALL


def _line_free_colouring() -> list[int]:
    """A 32/32 split of the 64 holes with no line of one colour (found by a fixed search)."""
    rng = random.Random(0)
    while True:
        order = list(HOLES)
        rng.shuffle(order)
        mask = sum(1 << h for h in order[:32])
        if not has_line(mask) and not has_line(~mask & BB_ALL):
            return [0 if mask >> h & 1 else 1 for h in HOLES]


def three_player_open_threes() -> Game:
    """Seat 1 forms an open three first, then seat 2; seat 0 is to move."""
    game = qubic(3)
    # seat 1 builds the floor I row of panel R, seat 2 the floor II row, seat 0 plays apart
    place_all(
        game,
        ["B-IV-S", "R-I-S", "R-II-H", "B-IV-D", "R-I-H", "R-II-D", "G-IV-C", "R-I-D", "R-II-C"],
    )
    return game


def test_three_players_block_on_request_the_first_open_three() -> None:
    game = three_player_open_threes()
    assert game.to_move == 0
    assert game.to_json()["open_threes"] == [
        [1, ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]],
        [2, ["R-II-S", "R-II-H", "R-II-D", "R-II-C"]],
    ]
    events = game.request_block(2)
    assert events[0].type == "block_requested" and events[0].data["against"] == 1
    assert game.allowed == 1 << parse("R-I-C")
    with pytest.raises(IllegalPlacement, match="R-II-S"):
        game.place("R-II-S")
    game.place("R-I-C")
    assert game.winner is None and game.to_move == 1


def test_no_block_request_unless_both_others_have_an_open_three() -> None:
    game = qubic(3)
    place_all(game, ["B-IV-S", "R-I-S", "Y-III-D", "B-IV-D", "R-I-H", "Y-III-C", "G-IV-C", "R-I-D"])
    assert game.to_move == 2
    with pytest.raises(IllegalAction, match="not every other player"):
        game.request_block(0)


def test_block_request_only_by_another_player_with_three_players() -> None:
    game = three_player_open_threes()
    with pytest.raises(IllegalAction, match=r"^player 1 is the mover and cannot request a block$"):
        game.request_block(0)
    with pytest.raises(IllegalAction, match="3 individual players"):
        qubic(2).request_block(1)
    game.request_block(1)
    with pytest.raises(IllegalAction, match="already"):
        game.request_block(2)


def test_a_blocked_three_is_no_longer_open() -> None:
    game = three_player_open_threes()
    game.place("R-II-S")  # seat 0 blocks seat 2's three on its own
    assert [team for team, _ in game.to_json()["open_threes"]] == [1]


@pytest.mark.parametrize(("depth", "count"), [(0, 1), (1, 64), (2, 4032), (3, 249984)])
def test_perft_from_the_start(depth: int, count: int) -> None:
    assert perft(qubic(), depth) == count


def test_perft_depth_4() -> None:
    assert perft(qubic(), 4) == 15249024


def test_perft_counts_a_finished_branch_as_one_leaf() -> None:
    game = qubic()
    place_all(game, ["R-I-S", "B-IV-S", "R-I-H", "B-IV-D", "R-I-D", "G-IV-C"])
    empty = 64 - 6
    # ply 1: R-I-C wins (one leaf); each other hole leaves 57 replies.
    assert perft(game, 2) == 1 + (empty - 1) * (empty - 1)
    game.place("R-I-C")
    assert perft(game, 3) == 1


def test_perft_agrees_with_the_game_object() -> None:
    game = qubic(3)
    place_all(game, ["R-I-S", "Y-I-S", "G-I-S", "R-I-H", "Y-I-H", "G-I-H", "R-I-D"])

    def walk(depth: int) -> int:
        if game.game_over or depth == 0:
            return 1
        total = 0
        for hole in [h for h in HOLES if game.allowed >> h & 1]:
            game.place(hole)
            total += walk(depth - 1)
            game.pop()
        return total

    assert perft(game, 2) == walk(2)


def test_playouts_end_in_a_line_or_a_full_board() -> None:
    rng = random.Random(5)
    results = {playout(rng) for _ in range(300)}
    assert results <= {-1, 0, 1} and {0, 1} <= results
    assert {playout(rng, (0, 1, 2)) for _ in range(300)} >= {0, 1, 2}


# ------------------------------------------------------------ the block rule, sentence by sentence


def test_the_block_is_asked_against_the_first_three_of_another_player() -> None:
    """RULES.md §7: "if both other players each have an open three ..., then on request of
    another player the player must block the open three that was formed first" — the mover's
    own open three, even formed earlier, is not one to block."""
    game = qubic(3)
    # seat 0 forms the first open three (R-IV row), then seat 1 (R-I row), then seat 2 (R-II)
    place_all(
        game,
        ["R-IV-S", "R-I-S", "R-II-H", "R-IV-H", "R-I-H", "R-II-D", "R-IV-D", "R-I-D", "R-II-C"],
    )
    assert [team for team, _ in game.to_json()["open_threes"]] == [0, 1, 2]
    events = game.request_block(2)
    row = sum(1 << parse(h) for h in ("R-I-S", "R-I-H", "R-I-D", "R-I-C"))
    assert events[0].data == {
        "seat": 2,
        "mover": 0,
        "against": 1,
        "line": row,
        "hole": parse("R-I-C"),
    }
    assert game.allowed == 1 << parse("R-I-C")


def test_no_block_is_asked_while_only_one_other_player_has_an_open_three() -> None:
    """RULES.md §7: "if both other players each have an open three" — the mover's own open
    three does not count for the other player that lacks one."""
    game = qubic(3)
    place_all(game, ["R-IV-S", "R-I-S", "G-II-H", "R-IV-H", "R-I-H", "B-III-D", "R-IV-D", "R-I-D"])
    place_all(game, ["Y-II-C"])
    assert game.to_move == 0
    assert sorted(team for team, _ in game.to_json()["open_threes"]) == [0, 1]
    with pytest.raises(IllegalAction) as error:
        game.request_block(2)
    assert str(error.value) == "player 1 need not block: not every other player has an open three"


def test_open_threes_are_listed_in_the_order_they_formed_in_the_layout() -> None:
    """RULES.md §7: "the open three that was formed first"; RULES.md §1: hole names follow the
    `panels` setting."""
    game = new_game("qubic", players=3, options={"panels": "BGYR"})
    # seat 1 forms its three on the fourth panel first, seat 2 on the first panel later
    place_all(
        game,
        ["G-IV-S", "R-IV-S", "B-I-S", "G-IV-D", "R-IV-H", "B-I-H", "Y-III-C", "R-IV-D", "B-I-D"],
    )
    assert game.to_json()["open_threes"] == [
        [1, ["R-IV-S", "R-IV-H", "R-IV-D", "R-IV-C"]],
        [2, ["B-I-S", "B-I-H", "B-I-D", "B-I-C"]],
    ]


# ------------------------------------------------------------ the fast paths agree with the rules


def filled_without_a_line(players: int, empty: int, seed: int) -> Game:
    """A game of ``players`` with all but ``empty`` holes filled in turn, no placement winning."""
    rng = random.Random(seed)
    game = qubic(players)
    while 64 - bin(game.occupied).count("1") > empty:
        holes = [h for h in HOLES if game.allowed >> h & 1]
        rng.shuffle(holes)
        for hole in holes:
            game.place(hole)
            if not game.game_over:
                break
            game.pop()
        else:
            return filled_without_a_line(players, empty, seed + 1000)
    return game


def leaves(game: Game, depth: int) -> int:
    """The leaves of the placement tree, walked with the game object itself."""
    if game.game_over or depth == 0:
        return 1
    total = 0
    for hole in [h for h in HOLES if game.allowed >> h & 1]:
        game.place(hole)
        total += leaves(game, depth - 1)
        game.pop()
    return total


def test_perft_with_three_players_follows_the_seats_to_the_left() -> None:
    """RULES.md §2: "Play proceeds to the left = increasing seat number, wrapping": perft's
    tree, three plies and more deep, is the game object's."""
    game = filled_without_a_line(3, 7, seed=1)
    expected = leaves(game, 4)
    assert expected != 7 * 6 * 5 * 4  # some branches end in a line
    assert perft(game, 4) == expected


def test_perft_ends_a_branch_at_a_full_board() -> None:
    """RULES.md §7: "Full board: draw" — a branch that fills the board is one leaf."""
    colouring = _line_free_colouring()
    zeros = [h for h in HOLES if colouring[h] == 0]
    ones = [h for h in HOLES if colouring[h] == 1]
    game = qubic()
    for zero, one in zip(zeros[:31], ones[:30], strict=False):
        game.place(zero)
        game.place(one)
    game.place(zeros[30])  # three holes left: team 1 may fill the board without a line
    assert perft(game, 4) == leaves(game, 4)
    for seed in range(4):
        game = filled_without_a_line(2, 3, seed=seed)
        assert perft(game, 5) == leaves(game, 5)
    with pytest.raises(ValueError) as error:
        perft(qubic(), -1)
    assert str(error.value) == "perft depth must be >= 0: -1"


class Scripted(random.Random):
    """A random source that picks the given holes in order, the way playout draws them."""

    def __init__(self, holes: list[int]) -> None:
        super().__init__(0)
        self.holes = holes
        self.empties = list(range(64))

    def random(self) -> float:
        hole = self.holes.pop(0)
        pick = self.empties.index(hole)
        left = len(self.empties)
        self.empties[pick] = self.empties[-1]
        self.empties.pop()
        return (pick + 0.5) / left


@pytest.mark.parametrize("seats", [(0, 1), (0, 1, 2), (0, 1, 0, 1)])
def test_a_playout_is_a_game_by_the_rules(seats: tuple[int, ...]) -> None:
    """RULES.md §7: "Place on any empty hole; the first team with 4 in a line wins at once. Full
    board: draw" — a playout's result is the game object's for the same holes."""
    for seed in range(40):
        order = list(HOLES)
        random.Random(seed).shuffle(order)
        game = qubic(len(seats))
        for hole in order:
            game.place(hole)
            if game.game_over:
                break
        expected = -1 if game.winner is None else game.winner
        assert playout(Scripted(order), seats) == expected


def test_a_playout_to_a_full_board_without_a_line_is_a_draw() -> None:
    """RULES.md §7: "Full board: draw" (-1)."""
    colouring = _line_free_colouring()
    zeros = [h for h in HOLES if colouring[h] == 0]
    ones = [h for h in HOLES if colouring[h] == 1]
    order = [hole for pair in zip(zeros, ones, strict=True) for hole in pair]
    assert playout(Scripted(order)) == -1


def test_a_line_made_by_the_last_hole_wins_rather_than_draws() -> None:
    """RULES.md §7: "the first team with 4 in a line wins at once. Full board: draw" — the
    placement that fills the board and completes a line wins."""
    colouring = _line_free_colouring()
    zeros = {h for h in HOLES if colouring[h] == 0}
    ones = {h for h in HOLES if colouring[h] == 1}
    for last, given in ((z, o) for z in sorted(zeros) for o in sorted(ones)):
        first = sum(1 << h for h in zeros - {last} | {given})
        second = sum(1 << h for h in ones - {given})
        if not has_line(first) and not has_line(second) and has_line(second | 1 << last):
            break
    else:
        pytest.fail("no swap of two holes makes a last-hole line")
    team_0, team_1 = sorted(zeros - {last} | {given}), [*sorted(ones - {given}), last]
    order = [h for pair in zip(team_0, team_1, strict=True) for h in pair]
    game = qubic()
    for hole in order:
        game.place(hole)
    assert game.winner == 1 and game.occupied == BB_ALL
    assert playout(Scripted(order)) == 1
