"""Reconciliation: the pure comparison of the game's position with a reading."""

from __future__ import annotations

import pytest

from controller.reconcile import Expected, GrooveProblem, reconcile
from engine.holes import parse
from hal.base import BoardReading, Piece, empty_reading


def reading(
    pieces: dict[str, Piece], grooves: tuple[str | None, ...] = ("R", "Y", "G", "B")
) -> BoardReading:
    holes = [Piece.EMPTY] * 64
    for hole, piece in pieces.items():
        holes[parse(hole)] = piece
    return BoardReading(tuple(holes), grooves)


def bb(*names: str) -> int:
    return sum(1 << parse(n) for n in names)


def test_matching_board_is_clean() -> None:
    expected = Expected(men=bb("Y-II-H"), burocrats=bb("R-I-S"))
    sensed = reading({"Y-II-H": Piece.MAN, "R-I-S": Piece.BUROCRAT})
    assert reconcile(expected, sensed, panels="RYGB", analog=True).clean


def test_missing_and_extra() -> None:
    m = reconcile(
        Expected(men=bb("Y-II-H")), reading({"G-IV-C": Piece.MAN}), panels="RYGB", analog=True
    )
    assert (m.missing, m.extra, m.wrong_kind) == (bb("Y-II-H"), bb("G-IV-C"), 0)
    assert m.holes == bb("Y-II-H", "G-IV-C")


def test_wrong_kind_only_with_analog_sensing() -> None:
    expected = Expected(men=bb("Y-II-H"), burocrats=bb("R-I-S"))
    swapped = reading({"Y-II-H": Piece.BUROCRAT, "R-I-S": Piece.MAN})
    analog = reconcile(expected, swapped, panels="RYGB", analog=True)
    assert analog.wrong_kind == bb("Y-II-H", "R-I-S")
    assert not analog.missing and not analog.extra
    assert reconcile(expected, swapped, panels="RYGB", analog=False).clean


def test_present_matches_either_kind() -> None:
    expected = Expected(men=bb("Y-II-H"), burocrats=bb("R-I-S"))
    sensed = reading({"Y-II-H": Piece.PRESENT, "R-I-S": Piece.PRESENT})
    assert reconcile(expected, sensed, panels="RYGB", analog=True).clean


def test_missing_panel_reports_the_groove_not_its_holes() -> None:
    expected = Expected(men=bb("Y-II-H", "R-I-S"))
    sensed = reading({"R-I-S": Piece.MAN}, grooves=("R", None, "G", "B"))
    m = reconcile(expected, sensed, panels="RYGB", analog=True)
    assert m.grooves == (GrooveProblem(1, "Y", None),)
    assert m.missing == 0 and m.extra == 0
    assert m.grooves[0].words() == "Seat the Yellow panel in groove 2"


def test_wrong_panel_in_a_groove() -> None:
    sensed = empty_reading(grooves=("Y", "R", "G", "B"))
    m = reconcile(Expected(), sensed, panels="RYGB", analog=True)
    assert [p.groove for p in m.grooves] == [0, 1]
    assert "holds the Yellow panel: put the Red panel there" in m.grooves[0].words()


def test_panel_order_from_the_setting() -> None:
    sensed = empty_reading(grooves=("B", "G", "Y", "R"))
    assert reconcile(Expected(), sensed, panels="BGYR", analog=True).clean


def test_each_missing_panel_leaves_out_exactly_its_own_sixteen_holes() -> None:
    """Mismatch: "Holes in a groove with a problem are left out of the three: the groove is
    reported instead" — for every groove, not only the first; the other panels are still read."""
    everything = Expected(men=(1 << 64) - 1)
    for groove in range(4):
        grooves: list[str | None] = list("RYGB")
        grooves[groove] = None
        m = reconcile(everything, reading({}, tuple(grooves)), panels="RYGB", analog=True)
        panel_holes = bb(
            *(f"{'RYGB'[groove]}-{f}-{s}" for f in ("I", "II", "III", "IV") for s in "SHDC")
        )
        assert m.missing == ((1 << 64) - 1) & ~panel_holes
        assert m.grooves == (GrooveProblem(groove, "RYGB"[groove], None),)


def test_two_problem_grooves_are_both_left_out() -> None:
    """Mismatch: "Holes in a groove with a problem are left out of the three"."""
    expected = Expected(men=bb("Y-I-S", "B-IV-C", "G-II-D"))
    m = reconcile(expected, reading({}, ("R", None, "G", None)), panels="RYGB", analog=True)
    assert m.missing == bb("G-II-D") and len(m.grooves) == 2


def test_a_wrong_kind_in_a_problem_groove_is_not_reported() -> None:
    """Mismatch: ``wrong_kind`` leaves out the holes of a groove with a problem (the groove is
    reported instead): a Man where a Burocrat belongs, on a panel in the wrong groove."""
    expected = Expected(burocrats=bb("Y-I-S"), men=bb("R-I-S"))
    sensed = reading({"Y-I-S": Piece.MAN, "R-I-S": Piece.BUROCRAT}, ("R", "G", "Y", "B"))
    m = reconcile(expected, sensed, panels="RYGB", analog=True)
    assert m.wrong_kind == bb("R-I-S") and m.missing == 0 and m.extra == 0


def test_the_words_name_grooves_from_one_and_an_unknown_panel_by_its_letter() -> None:
    """A groove problem is told to the players in words: grooves count from 1, front to back."""
    assert GrooveProblem(2, "G", "B").words() == (
        "Groove 3 holds the Blue panel: put the Green panel there"
    )
    assert (
        GrooveProblem(3, "B", "X").words() == "Groove 4 holds the X panel: put the Blue panel there"
    )


def test_a_reading_with_another_number_of_grooves_is_refused() -> None:
    """The panel order names one panel per groove: a reading with fewer grooves is an error, not
    a board with fewer panels to check."""
    with pytest.raises(ValueError, match="zip"):
        reconcile(Expected(), reading({}, ("R", "Y", "G")), panels="RYGB", analog=True)
