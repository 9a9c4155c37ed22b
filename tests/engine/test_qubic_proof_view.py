"""The proof viewer's engine part (``engine.players.qubic_proof_view``): what the committed proof
says from a position, checked by playing it out and against the independent checker."""

from __future__ import annotations

from bench.qubic_checker import Checker
from engine.holes import parse
from engine.lines import LINES
from engine.players.qubic_proof import BOOK_PATH, committed_book
from engine.players.qubic_proof_view import proof_view
from engine.players.qubic_threats import completing

DEEPEST_ROWS = 150
"""The book rows (the most pieces first) whose plies the independent checker confirms here; the
whole book: ``python -m bench.qubic_checker --plies``."""


def _four(x: int) -> bool:
    return any(line & x == line for line in LINES)


def test_the_longest_defence_the_view_names_loses_in_exactly_the_plies_it_says() -> None:
    """From the empty board, X plays the view's move and O the reply it says holds out longest:
    X's four comes on the ply the first view promised, each view one ply closer."""
    x = o = 0
    first = proof_view(x, o, x_to_move=True)
    assert first is not None and first.move == committed_book().move(0, 0)
    promised, played = first.plies, 0
    while not _four(x):
        view = proof_view(x, o, x_to_move=played % 2 == 0)
        assert view is not None, f"the proof left at ply {played}"
        assert view.plies == promised - played
        if played % 2 == 0:
            assert view.move is not None
            x |= 1 << view.move
        else:
            longest = view.replies[0]
            assert longest[1] == view.plies
            assert all(plies <= longest[1] for _, plies in view.replies)
            o |= 1 << longest[0]
        played += 1
    assert played == promised


def test_every_other_reply_ends_sooner_or_as_soon() -> None:
    first = committed_book().move(0, 0)
    assert first is not None
    x = 1 << first
    view = proof_view(x, 0, x_to_move=False)
    assert view is not None and view.move is None
    for hole in range(64):
        if x >> hole & 1:
            continue
        after = proof_view(x, 1 << hole, x_to_move=True)
        assert after is not None and after.plies + 1 <= view.plies


def test_a_first_player_who_leaves_the_proof_gets_no_view() -> None:
    """X's first Man on an edge hole, where the proof does not go (its first move is a corner,
    R-I-S, whose orbit under the symmetries holds the corners and the centres)."""
    x, o = 1 << parse("R-I-H"), 1 << parse("Y-II-C")
    assert committed_book().move(x, o) is None and not completing(x, o)
    assert proof_view(x, o, x_to_move=True) is None


def test_the_book_s_plies_are_confirmed_by_the_independent_checker() -> None:
    checker = Checker(BOOK_PATH.read_text())
    assert len(checker.plies) == len(checker.rows)  # every row states its plies
    deepest = sorted(
        checker.plies, key=lambda i: -(checker.rows[i][0] | checker.rows[i][1]).bit_count()
    )
    assert checker.wrong_plies(deepest[:DEEPEST_ROWS]) == []


def test_the_checker_names_a_row_whose_plies_are_planted_wrong() -> None:
    rows = [row for row in BOOK_PATH.read_text().splitlines() if row and row[0] != "#"]
    deepest = max(
        rows, key=lambda row: (int(row.split()[0], 16) | int(row.split()[1], 16)).bit_count()
    )
    x, o, move, plies, *_ = deepest.split()
    planted = Checker(f"{x} {o} {move} {int(plies) + 2}")
    assert planted.wrong_plies([0]) == [(0, int(plies) + 2, int(plies))]
