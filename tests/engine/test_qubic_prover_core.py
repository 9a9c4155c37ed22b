"""The compiled Qubic prover (``prover/qubic_prover.c``, built here with gcc) gives the Python
search's answers, and its book passes the independent checker."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bench.qubic_checker import Checker
from bench.qubic_prover import build, canonical_book, main, prove, reachable, x_moves
from engine.holes import name, parse
from engine.players.qubic_proof import Book, ProofSearch, leaf_value
from engine.players.qubic_threats import ForcingSearch, completing

pytestmark = pytest.mark.tools


@pytest.fixture(scope="module")
def binary(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The prover, compiled (a missing gcc fails the tests, it does not skip them)."""
    return build(tmp_path_factory.mktemp("prover"))


def interleaved(x_holes: list[str], o_holes: list[str]) -> list[int]:
    """Moves from the empty board (X first) that reach these pieces."""
    moves = []
    for x_hole, o_hole in zip(x_holes, o_holes, strict=True):
        moves += [parse(x_hole), parse(o_hole)]
    return moves


def test_the_core_proves_what_the_python_search_proves(binary: Path) -> None:
    x_holes = ["Y-I-C", "G-I-S", "B-I-C", "B-IV-H"]
    o_holes = ["R-I-H", "R-III-D", "Y-IV-C", "G-III-S"]
    x = sum(1 << parse(h) for h in x_holes)
    o = sum(1 << parse(h) for h in o_holes)
    assert ProofSearch(x, o, leaf_nodes=300).run(max_nodes=100) is True
    assert prove(binary, interleaved(x_holes, o_holes), []).result == "proven"


def test_a_position_the_second_player_wins_is_disproven(binary: Path) -> None:
    # O holds two threes (rows R-I and R-II), X to move: X cannot block both.
    x_holes = ["Y-I-S", "Y-II-S", "Y-III-H", "G-I-S", "G-IV-C", "B-IV-C"]
    o_holes = ["R-I-S", "R-I-H", "R-I-D", "R-II-S", "R-II-H", "R-II-D"]
    x = sum(1 << parse(h) for h in x_holes)
    o = sum(1 << parse(h) for h in o_holes)
    assert completing(o, x).bit_count() == 2 and not completing(x, o)
    assert leaf_value(x, o, True, ForcingSearch(1000)) is False
    assert prove(binary, interleaved(x_holes, o_holes), []).result == "disproven"


def test_leaf_answers_agree_with_the_python_forcing_search(binary: Path) -> None:
    rng = random.Random(7)
    agreed = 0
    for _ in range(40):
        moves = rng.sample(range(64), 2 * rng.randint(6, 9))
        x = sum(1 << h for h in moves[::2])
        o = sum(1 << h for h in moves[1::2])
        if completing(x, o) or completing(o, x):
            continue
        python = leaf_value(x, o, True, ForcingSearch(1_000_000), 8)
        core = prove(binary, moves, ["-n", "0", "-L", "1000000", "-D", "8"]).result
        assert core == {True: "proven", False: "disproven", None: "open"}[python], moves
        agreed += 1
    assert agreed >= 10


def test_the_cores_book_of_a_proven_opening_passes_the_checker(
    binary: Path, tmp_path: Path
) -> None:
    opening = ["R-I-S", "R-IV-C", "B-IV-S", "G-III-S", "R-IV-S", "G-IV-S"]
    run = prove(binary, [parse(m) for m in opening], [], tmp_path / "book.txt")
    assert run.result == "proven"
    assert run.stats["expanded"] > 0
    book = canonical_book(run.rows)
    checker = Checker("\n".join(book.lines()))
    x = sum(1 << parse(m) for m in opening[::2])
    o = sum(1 << parse(m) for m in opening[1::2])
    report = checker.walk([(x, o)])
    assert report.failures == []
    assert report.book_moves == len(book.entries)
    # a planted wrong row (the root's move R-III-S replaced by the corner B-IV-C) is refused
    assert book.move(x, o) == parse("R-III-S")
    planted = Checker("\n".join([*book.lines(), f"{x:016x} {o:016x} {parse('B-IV-C')}"]))
    assert planted.walk([(x, o)]).failures


def test_rows_the_proof_does_not_use_are_dropped_and_counted_as_orphans(
    binary: Path, tmp_path: Path
) -> None:
    opening = ["R-I-S", "R-IV-C", "B-IV-S", "G-III-S", "R-IV-S", "G-IV-S"]
    run = prove(binary, [parse(m) for m in opening], [], tmp_path / "book.txt")
    book = canonical_book(run.rows)
    x = sum(1 << parse(m) for m in opening[::2])
    o = sum(1 << parse(m) for m in opening[1::2])
    assert reachable(book, [(x, o)]).entries == book.entries
    # a row after X's corner B-IV-C (the book plays R-III-S there): no walk from the root meets it
    orphan = f"{x | 1 << parse('B-IV-C'):016x} {o | 1 << parse('Y-II-H'):016x} {parse('Y-I-S')}"
    with_orphan = canonical_book([*run.rows, orphan])
    assert len(with_orphan.entries) == len(book.entries) + 1
    assert reachable(with_orphan, [(x, o)]).entries == book.entries
    checker = Checker("\n".join(with_orphan.lines()))
    assert len(checker.earliest()) == 1
    walked = checker.walk(checker.earliest())
    assert len(checker.rows) - len(walked.rows) == 1


def test_a_table_far_smaller_than_the_search_still_proves_and_writes_the_same_book(
    binary: Path, tmp_path: Path
) -> None:
    # df-pn keeps its numbers in a table of fixed size: with 256 entries (the search meets
    # some 7,500 positions) entries are replaced, the proof still completes, and the book's
    # walk proves again the positions whose entries were lost: the book is the same.
    holes = [parse(m) for m in ["R-I-S", "R-IV-C", "B-IV-S", "G-III-S", "R-IV-S", "G-IV-S"]]
    options = ["-L", "1000", "-D", "12", "-B", "15000"]
    roomy = prove(binary, holes, [*options, "-t", "22"], tmp_path / "roomy.txt")
    small = prove(binary, holes, [*options, "-t", "8"], tmp_path / "small.txt")
    assert roomy.result == small.result == "proven"
    assert roomy.stats["replaced"] == 0 and roomy.stats["reproven"] == 0
    assert small.stats["table"] == 256
    assert small.stats["replaced"] > 0 and small.stats["reproven"] > 0
    assert sorted(small.rows) == sorted(roomy.rows)


def test_the_search_chooses_x_s_move_and_the_checker_confirms_it(
    binary: Path, tmp_path: Path
) -> None:
    """``--choose``: X's moves in the search's order, each with O's replies shared over two
    processes; the first proven is X's, written as the root's row."""
    opening = ["R-I-S", "R-IV-C", "B-IV-S", "G-III-S", "R-IV-S", "G-IV-S"]
    book_file = tmp_path / "book.txt"
    command = ["--opening", *opening, "--choose", "--jobs", "2", "--seconds", "60"]
    assert main([*command, "--table-bits", "16", "--book", str(book_file)]) == 0
    x = sum(1 << parse(m) for m in opening[::2])
    o = sum(1 << parse(m) for m in opening[1::2])
    book = Book.parse(book_file.read_text())
    chosen = book.move(x, o)
    tried = [row for row in book_file.read_text().splitlines() if row.startswith("# X's move")]
    order = x_moves(binary, [parse(m) for m in opening], 8)
    assert chosen is not None and tried[-1].endswith(": proven")
    assert [row.split()[3].rstrip(":") for row in tried] == [
        name(move) for move in order[: len(tried)]
    ]
    report = Checker("\n".join(book.lines())).walk([(x, o)])
    assert report.failures == [] and report.book_moves == len(book.entries)
