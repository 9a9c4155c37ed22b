"""Settling: a change counts only after it is stable for settle_ms, on the given clock."""

from __future__ import annotations

import pytest

from controller.core.settle import CHATTER_WINDOW_S, Settler
from hal.base import BoardReading, Piece, empty_reading

SETTLE = 0.12


def with_piece(hole: int, piece: Piece = Piece.MAN) -> BoardReading:
    holes = [Piece.EMPTY] * 64
    holes[hole] = piece
    return BoardReading(tuple(holes), ("R", "Y", "G", "B"))


def test_change_accepted_after_settle_time() -> None:
    s = Settler(SETTLE, empty_reading())
    s.observe(with_piece(5), 1.0)
    assert s.next_deadline() == 1.0 + SETTLE
    assert not s.advance(1.0 + SETTLE - 0.001)
    assert s.stable.holes[5] is Piece.EMPTY
    assert s.unsettled == 1 << 5
    assert s.advance(1.0 + SETTLE)
    settled = s.stable
    assert settled.holes[5] is Piece.MAN
    assert s.next_deadline() is None and s.unsettled == 0


def test_the_holes_the_boards_own_hands_moved_are_accepted_at_once_and_no_other() -> None:
    s = Settler(SETTLE, empty_reading())
    holes = [Piece.EMPTY] * 64
    holes[5] = holes[9] = Piece.MAN
    s.observe(BoardReading(tuple(holes), ("R", "Y", "G", "B")), 1.0)  # 9: a hand's piece
    assert s.accept(1 << 5, 1.0)
    assert s.stable.holes[5] is Piece.MAN and s.stable.holes[9] is Piece.EMPTY
    assert s.unsettled == 1 << 9 and s.next_deadline() == 1.0 + SETTLE
    assert not s.accept(1 << 5, 1.0)  # nothing new to accept


def test_hover_shorter_than_settle_never_counts() -> None:
    s = Settler(SETTLE, empty_reading())
    s.observe(with_piece(5), 1.0)
    s.observe(empty_reading(), 1.04)
    assert s.next_deadline() is None
    assert not s.advance(5.0)


def test_slide_across_holes_never_counts() -> None:
    s = Settler(SETTLE, empty_reading())
    t = 1.0
    for hole in range(4):
        s.observe(with_piece(hole), t)
        assert not s.advance(t)
        t += 0.05
    s.observe(empty_reading(), t)
    assert not s.advance(t + 10)


def test_each_hole_settles_on_its_own() -> None:
    s = Settler(SETTLE, empty_reading())
    s.observe(with_piece(1), 1.0)
    both = BoardReading(
        tuple(Piece.MAN if h in (1, 2) else Piece.EMPTY for h in range(64)), ("R", "Y", "G", "B")
    )
    s.observe(both, 1.05)
    assert s.advance(1.0 + SETTLE)
    assert s.stable.holes[1] is Piece.MAN and s.stable.holes[2] is Piece.EMPTY
    assert s.next_deadline() == 1.05 + SETTLE


def test_grooves_settle_too() -> None:
    s = Settler(SETTLE, empty_reading())
    s.observe(empty_reading(grooves=("R", None, "G", "B")), 0.0)
    assert s.advance(SETTLE)
    assert s.stable.grooves == ("R", None, "G", "B")


def test_chattering_sensor_must_stay_quiet_longer() -> None:
    s = Settler(SETTLE, empty_reading())
    t = 0.0
    for i in range(10):  # a noisy sensor flipping every 50 ms
        s.observe(with_piece(7) if i % 2 == 0 else empty_reading(), t)
        s.advance(t)
        t += 0.05
    s.observe(with_piece(7), t)
    assert not s.advance(t + SETTLE)
    assert s.next_deadline() == t + CHATTER_WINDOW_S
    assert s.advance(t + CHATTER_WINDOW_S)


def test_two_readings_of_one_instant_are_not_chatter() -> None:
    """A hand swaps a piece (lift + place) at one instant, twice a second apart: the value that
    lasted no time never counts as a change, so the swap settles after ``settle_s``."""
    s = Settler(SETTLE, empty_reading())
    s.observe(with_piece(7), 0.0)
    assert s.advance(SETTLE)
    for t, piece in ((0.3, Piece.BUROCRAT), (0.6, Piece.MAN)):
        s.observe(empty_reading(), t)  # lifted ...
        s.observe(with_piece(7, piece), t)  # ... and another piece seated at the same instant
        assert s.advance(t + SETTLE) and s.stable.holes[7] is piece
    s.observe(empty_reading(), 0.9)
    s.observe(with_piece(7), 0.9)  # put back at once: nothing changed at all
    assert s.next_deadline() is None and not s.advance(2.0)


def test_four_changes_spread_over_the_whole_window_are_not_chatter() -> None:
    """settle.py: a sensor chatters with "CHATTER_CHANGES changes within CHATTER_WINDOW_S" —
    four changes that span the whole window are four moves, each settling after settle_s."""
    s = Settler(SETTLE, empty_reading())
    times = (0.0, 0.5, 0.5 + CHATTER_WINDOW_S / 3, 0.5 + 2 * CHATTER_WINDOW_S / 3, 1.5)
    for i, t in enumerate(times):  # the last four changes span exactly the window
        s.observe(with_piece(7) if i % 2 == 0 else empty_reading(), t)
    assert s.next_deadline() == 1.5 + SETTLE


def test_a_chattering_sensor_is_held_back_at_any_time_of_day() -> None:
    """settle.py: "A sensor that chatters ... must stay quiet for CHATTER_WINDOW_S instead" —
    on a clock far from zero as near it."""
    s = Settler(SETTLE, empty_reading())
    times = [1000.0 + 0.05 * i for i in range(5)]
    for i, t in enumerate(times):
        s.observe(with_piece(7) if i % 2 == 0 else empty_reading(), t)
    assert s.next_deadline() == times[-1] + CHATTER_WINDOW_S


def test_the_settled_board_carries_the_time_it_was_accepted() -> None:
    """settle.py: "Debouncing on the backend's clock": the accepted board is stamped with the
    moment it was accepted."""
    s = Settler(SETTLE, empty_reading())
    s.observe(with_piece(5), 3.0)
    assert s.advance(3.5)
    assert s.stable.at == 3.5


def test_a_reading_of_another_size_is_refused() -> None:
    """A reading names every one of the 64 holes and the 4 grooves: a short one is an error, not
    a board with fewer sensors."""
    s = Settler(SETTLE, empty_reading())
    with pytest.raises(ValueError, match="zip"):
        s.observe(BoardReading((Piece.EMPTY,) * 63, ("R", "Y", "G", "B")), 1.0)
    with pytest.raises(ValueError, match="zip"):
        s.observe(BoardReading((Piece.EMPTY,) * 64, ("R", "Y", "G")), 1.0)
