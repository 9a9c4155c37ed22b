"""Reconciliation: the pure comparison of the game's position with a reading."""

from __future__ import annotations

from controller.core.reconcile import Expected, GrooveProblem, reconcile
from engine.holes import parse
from hal.base import BoardReading, Piece, empty_reading


def reading(pieces: dict[str, Piece], grooves: tuple[str | None, ...] = ("R", "Y", "G", "B")):
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
