"""SimBoard's recorders: frames sent to the pixels, lit and blinking holes over time."""

from __future__ import annotations

import pytest

from sim.board import SimBoard
from sim.clock import SimClock

RED = (255, 0, 0)
OFF = (0, 0, 0)


@pytest.fixture
def clock() -> SimClock:
    return SimClock()


@pytest.fixture
def board(clock: SimClock) -> SimBoard:
    return SimBoard(clock=clock, max_brightness=0.5)


def test_each_show_records_a_frame(board: SimBoard, clock: SimClock) -> None:
    board.pixels[3] = RED
    board.pixels[70] = (0, 9, 0)
    assert board.frames == []
    clock.advance(1.0)
    board.pixels.show()
    frame = board.last_frame
    assert frame is not None
    assert (frame.at, frame.brightness) == (1.0, 0.5)
    assert frame.color(3) == RED
    assert len(frame.colors) == 72
    assert frame.status[6] == (0, 9, 0)
    assert frame.lit_holes() == {3}
    board.pixels.brightness = 0
    board.pixels.show()
    assert board.frames[-1].lit_holes() == frozenset()
    assert len(board.frames) == 2


def test_lit_and_blinking_holes_over_a_window(board: SimBoard, clock: SimClock) -> None:
    board.pixels[10] = RED  # steady
    for i in range(10):  # hole 20 blinks at 2 Hz from t=1
        clock.advance_to(1.0 + 0.25 * i)
        board.pixels[20] = RED if i % 2 == 0 else OFF
        board.pixels.show()
    assert board.lit_holes() == {10}
    assert board.lit_holes(1.1, 3.0) == {10}
    assert board.blinking_holes(1.1, 3.0) == {20}
    assert board.blinking_holes(1.1, 1.2) == frozenset()
    assert board.lit_holes(1.1, 1.2) == {10, 20}
    assert board.lit_holes(0.0, 0.5) == frozenset()  # nothing was shown yet
    assert [f.at for f in board.frames_during(1.1, 1.6)] == [1.0, 1.25, 1.5]


def test_lit_holes_up_to_now(board: SimBoard, clock: SimClock) -> None:
    board.pixels[5] = RED
    board.pixels.show()
    clock.advance(2)
    board.pixels[6] = RED
    board.pixels.show()
    assert board.lit_holes(start=2.0) == {5, 6}
    assert board.lit_holes(start=1.0) == {5}  # 6 went on only at 2.0


def test_a_frame_limit_keeps_only_recent_frames(clock: SimClock) -> None:
    board = SimBoard(clock=clock, frame_limit=3)
    for step in range(20):
        clock.advance(1.0)
        board.pixels[0] = (step, 0, 0)
        board.pixels.show()
    assert 3 <= len(board.frames) <= 6
    assert board.last_frame is not None and board.last_frame.color(0) == (19, 0, 0)
    assert [f.at for f in board.frames] == sorted(f.at for f in board.frames)
