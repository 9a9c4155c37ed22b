"""The Qubic proof-number search, its book, and the independent checker of the book."""

from __future__ import annotations

import random

import pytest

from bench.qubic_checker import LINES as CHECKER_LINES
from bench.qubic_checker import SYMMETRIES as CHECKER_SYMMETRIES
from bench.qubic_checker import Checker, shortest_forced_win
from engine.holes import parse
from engine.lines import LINES
from engine.players.base import Budget
from engine.players.qubic import QubicPlayer
from engine.players.qubic_proof import (
    Book,
    ProofSearch,
    committed_book,
    leaf_value,
    minimal_book,
)
from engine.players.qubic_threats import ForcingSearch, completing
from engine.symmetry import SYMMETRIES, apply
from engine.variants import new_game

LEAF_NODES = 300

SMALL_WINS = (
    (("Y-I-C", "G-I-S", "B-I-C", "B-IV-H"), ("R-I-H", "R-III-D", "Y-IV-C", "G-III-S")),
    (("Y-I-D", "Y-II-S", "B-II-D"), ("R-IV-S", "B-III-C", "B-IV-H")),
)
"""X to move; X wins, but not by a forcing sequence alone."""


DEEP_PIECES = 30


def _position(row: str) -> tuple[int, int]:
    x, o, *_ = row.split()
    return int(x, 16), int(o, 16)


def _pieces(row: str) -> int:
    x, o = _position(row)
    return (x | o).bit_count()


def _board(holes: tuple[str, ...]) -> int:
    return sum(1 << parse(h) for h in holes)


def _leaf(x: int, o: int, x_turn: bool) -> bool:
    return leaf_value(x, o, x_turn, ForcingSearch(LEAF_NODES)) is True


def _proof_book(x: int, o: int) -> Book:
    search = ProofSearch(x, o, leaf_nodes=LEAF_NODES)
    assert search.run(max_nodes=500) is True
    return minimal_book(x, o, True, Book(search.book), _leaf)


def _text(book: Book) -> str:
    return "\n".join(book.lines())


@pytest.mark.parametrize(("xs", "os_"), SMALL_WINS)
def test_proof_search_proves_wins_the_forcing_search_alone_misses(
    xs: tuple[str, ...], os_: tuple[str, ...]
) -> None:
    x, o = _board(xs), _board(os_)
    assert leaf_value(x, o, True, ForcingSearch(LEAF_NODES)) is None
    search = ProofSearch(x, o, leaf_nodes=LEAF_NODES)
    assert search.run(max_nodes=500) is True
    assert search.root.proof == 0
    assert search.book


def test_proof_search_disproves_a_position_where_o_wins_at_once() -> None:
    x = _board(("R-I-S", "B-IV-C"))
    o = _board(("Y-I-S", "Y-I-H", "Y-I-D"))
    search = ProofSearch(x, o, x_to_move=False)
    assert search.run(max_nodes=10) is False


def test_book_lookup_holds_under_every_symmetry() -> None:
    x, o = _board(SMALL_WINS[0][0]), _board(SMALL_WINS[0][1])
    book = _proof_book(x, o)
    move = book.move(x, o)
    assert move is not None
    assert sum(apply(p, x) == x and apply(p, o) == o for p in SYMMETRIES) == 1
    for perm in random.Random(4).sample(SYMMETRIES, 24):
        assert book.move(apply(perm, x), apply(perm, o)) == perm[move]
    assert book.move(x | 1 << move, o) is None


def test_checker_builds_the_same_lines_and_symmetries_on_its_own() -> None:
    assert set(CHECKER_LINES) == set(LINES)
    assert set(CHECKER_SYMMETRIES) == set(SYMMETRIES)


@pytest.mark.parametrize(("xs", "os_"), SMALL_WINS)
def test_checker_confirms_every_reply_against_a_proof_book(
    xs: tuple[str, ...], os_: tuple[str, ...]
) -> None:
    x, o = _board(xs), _board(os_)
    checker = Checker(_text(_proof_book(x, o)))
    report = checker.walk([(x, o)])
    assert report.failures == []
    assert report.book_moves >= 1
    assert report.forced_wins + report.fours >= 2


def test_checker_rejects_a_planted_wrong_book_move() -> None:
    x, o = _board(SMALL_WINS[0][0]), _board(SMALL_WINS[0][1])
    proof = _text(_proof_book(x, o))
    o_three = _board(("R-I-S", "R-I-H", "R-I-D"))
    x_pieces = _board(("R-II-S", "Y-II-H", "G-III-D"))
    block, elsewhere = parse("R-I-C"), parse("Y-IV-C")
    planted = Checker(f"{proof}\n{x_pieces:016x} {o_three:016x} {elsewhere}")
    report = planted.walk([(x, o), (x_pieces, o_three)])
    assert [why for *_, why in report.failures] == ["O completes a line"]
    taken = Checker(f"{proof}\n{x_pieces:016x} {o_three:016x} {parse('R-I-S')}")
    assert [why for *_, why in taken.walk([(x_pieces, o_three)]).failures] == [
        f"book move {parse('R-I-S')} is taken"
    ]
    blocked = Checker(f"{proof}\n{x_pieces:016x} {o_three:016x} {block}").walk(
        [(x_pieces, o_three)], limit=1
    )
    assert blocked.failures == [] and blocked.book_moves == 1


def test_committed_book_sample_is_confirmed_by_the_checker() -> None:
    book = committed_book()
    assert book.entries
    rows = book.lines()
    sample = random.Random(25).sample(rows, min(3, len(rows)))
    checker = Checker("\n".join(rows))
    roots = [(int(r.split()[0], 16), int(r.split()[1], 16)) for r in sample]
    report = checker.walk(roots, limit=400)
    assert report.failures == []
    assert report.book_moves >= len(roots)


def test_the_checker_shares_a_walk_out_over_processes_with_the_same_verdict() -> None:
    """Two processes search each position once between them: the same counts as one walk; a
    planted wrong move is found. The book's rows of 30 pieces and more hold every row below
    them."""
    deep = [row for row in committed_book().lines() if _pieces(row) >= DEEP_PIECES]
    roots = [_position(row) for row in deep if _pieces(row) == DEEP_PIECES][:4]
    checker = Checker("\n".join(deep))
    alone, shared = checker.walk(roots), checker.walk_shared(roots, 2)
    assert alone.failures == shared.failures == []
    assert alone.rows == shared.rows and len(shared.rows) >= len(roots)
    counted = ("positions", "book_moves", "forced_wins", "fours")
    assert [getattr(shared, n) for n in counted] == [getattr(alone, n) for n in counted]
    assert alone.forced_wins > 0
    x, o = _board(SMALL_WINS[0][0]), _board(SMALL_WINS[0][1])
    o_three = _board(("R-I-S", "R-I-H", "R-I-D"))
    x_pieces = _board(("R-II-S", "Y-II-H", "G-III-D"))
    planted = Checker(
        f"{_text(_proof_book(x, o))}\n{x_pieces:016x} {o_three:016x} {parse('Y-IV-C')}"
    )
    report = planted.walk_shared([(x, o), (x_pieces, o_three)], 2)
    assert [why for *_, why in report.failures] == ["O completes a line"]


def test_top_level_first_player_plays_the_book_move_in_any_orientation() -> None:
    book = committed_book()
    # a position no symmetry maps onto itself (unlike the empty board's row): one right hole
    cx, co, move = next(
        (cx, co, m)
        for cx, co, m in book.entries.values()
        if not completing(cx, co)
        and not completing(co, cx)
        and len({(apply(p, cx), apply(p, co)) for p in SYMMETRIES}) == len(SYMMETRIES)
    )
    perm = SYMMETRIES[97]
    x, o = apply(perm, cx), apply(perm, co)
    game = new_game("qubic")
    holes = [h for h in range(64) if x >> h & 1], [h for h in range(64) if o >> h & 1]
    for ply in range(len(holes[0]) + len(holes[1])):
        game.place(holes[ply % 2][ply // 2])
    decision = QubicPlayer(5).decide(game, Budget(clock=lambda: 0.0))
    assert decision.reason == "plays the proven book"
    assert decision.action.hole == perm[move]
    assert QubicPlayer(4).decide(game, Budget(clock=lambda: 0.0)).reason != "plays the proven book"


def _cells(*cells: tuple[int, int, int]) -> int:
    return sum(1 << (16 * a + 4 * b + c) for a, b, c in cells)


DOUBLE_X = _cells((0, 0, 1), (0, 0, 2), (0, 1, 0), (0, 2, 0))
"""Two twos of X that one piece on (0, 0, 0) turns into two threes."""
DOUBLE_O = _cells((2, 1, 3), (3, 2, 1), (1, 3, 2), (2, 3, 1))


def test_the_longest_game_counts_plies_to_the_four() -> None:
    """An open three: one ply. A book move that makes two threes: X, O blocks one, X: three.
    The same without the book: the shortest forced win of two moves, three plies."""
    three = Checker("").longest(_cells((1, 1, 0), (1, 1, 1), (1, 1, 2)), DOUBLE_O)
    assert three == 1
    double = Checker(f"{DOUBLE_X:016x} {DOUBLE_O:016x} 0")
    assert double.longest(DOUBLE_X, DOUBLE_O) == 3
    assert Checker("").longest(DOUBLE_X, DOUBLE_O) == 3
    assert shortest_forced_win(DOUBLE_X, DOUBLE_O, 24, 1000) == 2


def test_the_longest_game_is_refused_where_the_book_loses() -> None:
    """A book move beside O's three: O completes its line, so the book does not win there."""
    x_pieces = _board(("R-II-S", "Y-II-H", "G-III-D"))
    o_three = _board(("R-I-S", "R-I-H", "R-I-D"))
    assert (
        Checker(f"{x_pieces:016x} {o_three:016x} {parse('Y-IV-C')}").longest(x_pieces, o_three)
        == -1
    )


@pytest.mark.parametrize(("xs", "os_"), SMALL_WINS)
def test_the_longest_game_of_a_proof_book_outlasts_every_defence_played(
    xs: tuple[str, ...], os_: tuple[str, ...]
) -> None:
    """O replying at random, X by the book and then its shortest forced win: no game lasts
    longer than the longest the checker computed, and it is an odd count (X moves first and
    last)."""
    x, o = _board(xs), _board(os_)
    checker = Checker(_text(_proof_book(x, o)))
    longest = checker.longest(x, o)
    assert longest > 1 and longest % 2 == 1
    rng = random.Random(9)
    for _ in range(20):
        assert _played(checker, x, o, rng) <= longest


def _played(checker: Checker, x: int, o: int, rng: random.Random) -> int:
    """Plies of one game from ``(x, o)``: X's book moves, O at random, then X's forced win."""
    plies = 0
    while True:
        move = checker.book_move(x, o)
        if move is None:
            forced = shortest_forced_win(x, o, checker.forcing_moves, checker.forcing_nodes)
            assert forced is not None
            return plies + 2 * forced - 1
        x |= 1 << move
        plies += 1
        if any(x & line == line for line in LINES):
            return plies
        empty = [hole for hole in range(64) if not (x | o) >> hole & 1]
        o |= 1 << rng.choice(empty)
        plies += 1
