"""SimBoard: hands, panels, buttons, faults and sensing modes, on a simulated clock."""

from __future__ import annotations

import itertools
import threading

import pytest

from engine.errors import HoleNameError
from engine.holes import Layout
from hal.base import Button, Piece
from hal.errors import BackendClosed
from hal.registry import open_backend
from sim.board import FIELD_THRESHOLD, HOVER_CROSSING_S, SimBoard
from sim.clock import SimClock
from sim.errors import SimActionError, SimSettingError
from tests.waiting import wait_until

YIIH = 21


@pytest.fixture
def clock() -> SimClock:
    return SimClock()


@pytest.fixture
def board(clock: SimClock) -> SimBoard:
    return SimBoard(clock=clock)


class Counter:
    def __init__(self) -> None:
        self.calls = 0
        self.lock = threading.Lock()

    def __call__(self) -> None:
        with self.lock:
            self.calls += 1


def hole_over_time(board: SimBoard, clock: SimClock, hole: int, step: float, n: int) -> str:
    """The hole's reading every ``step`` seconds: M(an), B(urocrat), P(resent) or E(mpty)."""
    seen = []
    for _ in range(n):
        seen.append(board.read().holes[hole].name[0])
        clock.advance(step)
    return "".join(seen)


def test_registry_opens_the_sim_with_options(clock: SimClock) -> None:
    with open_backend("sim", clock=clock, sensing="presence") as board:
        assert isinstance(board, SimBoard)
        assert board.name == "sim"
        assert board.clock is clock
        assert board.sensing == "presence"


def test_default_start_is_all_panels_in_place_and_no_pieces(board: SimBoard) -> None:
    assert board.grooves() == ("R", "Y", "G", "B")
    assert board.read().occupied() == 0
    assert board.frames == []
    assert board.last_frame is None


def test_holes_by_index_or_name(board: SimBoard) -> None:
    board.place("y2h")
    board.place("B-IV-C", "burocrat")
    assert board.piece_at(YIIH) is Piece.MAN
    assert board.read().holes[63] is Piece.BUROCRAT
    with pytest.raises(HoleNameError):
        board.place("Q-II-H")
    with pytest.raises(SimActionError, match="not a hole"):
        board.place(64)


def test_layout_names_holes(clock: SimClock) -> None:
    board = SimBoard(clock=clock, layout=Layout(panels="BGYR"))
    assert board.grooves() == ("B", "G", "Y", "R")
    board.place("R-I-S")
    assert board.read().holes[48] is Piece.MAN


def test_actions_a_real_board_would_not_allow(board: SimBoard) -> None:
    board.place(YIIH)
    with pytest.raises(SimActionError, match="Y-II-H: it holds a man"):
        board.place(YIIH, Piece.BUROCRAT)
    with pytest.raises(SimActionError, match="empty"):
        board.lift(0)
    with pytest.raises(SimActionError, match="man or a burocrat"):
        board.place(1, Piece.PRESENT)
    with pytest.raises(SimActionError, match="not a piece"):
        board.place(1, "queen")
    board.remove_panel(0)
    with pytest.raises(SimActionError, match="groove 0 holds no panel"):
        board.place(0)
    with pytest.raises(SimActionError, match="no panel to remove"):
        board.remove_panel(0)
    with pytest.raises(SimActionError, match="no panel 'Q'"):
        board.seat_panel(0, "Q")
    with pytest.raises(SimActionError, match="not a groove"):
        board.seat_panel(4, "R")
    with pytest.raises(SimActionError, match="not a button"):
        board.press("jump")
    with pytest.raises(SimActionError, match="seat"):
        board.press("roll", seat=-1)


def test_lift_returns_the_piece_and_clear_empties_every_panel(board: SimBoard) -> None:
    board.place(3, Piece.BUROCRAT)
    assert board.lift(3) is Piece.BUROCRAT
    board.place(4)
    board.place(20)
    board.remove_panel(1)
    board.clear()
    board.seat_panel(1, "Y")
    assert board.read().occupied() == 0


def test_panels_carry_their_pieces(board: SimBoard) -> None:
    board.place("R-I-S")
    board.seat_panel(1, "R")  # R leaves groove 0 for groove 1; Y is taken out
    reading = board.read()
    assert reading.grooves == (None, "R", "G", "B")
    assert reading.occupied() == 1 << 16
    board.seat_panel(0, "Y")
    assert board.read().grooves == ("Y", "R", "G", "B")


def test_presses_are_stamped_on_the_clock(board: SimBoard, clock: SimClock) -> None:
    clock.advance(2.5)
    board.press("ROLL")
    board.press(Button.PENALTY, seat=2)
    presses = board.take_presses()
    assert [(p.button, p.at, p.seat) for p in presses] == [
        (Button.ROLL, 2.5, None),
        (Button.PENALTY, 2.5, 2),
    ]


def test_hover_crosses_only_briefly(board: SimBoard, clock: SimClock) -> None:
    changes = Counter()
    board.when_changed = changes
    board.hover(YIIH, 0.5)
    assert HOVER_CROSSING_S == 0.04
    assert hole_over_time(board, clock, YIIH, 0.01, 60) == "M" * 4 + "E" * 56
    fields = board.raw_fields()
    assert abs(fields[YIIH]) < FIELD_THRESHOLD
    assert changes.calls == 3  # hand comes, field falls below the threshold, hand leaves
    assert clock.next_event_time() is None


def test_hover_below_the_threshold_never_reads(board: SimBoard, clock: SimClock) -> None:
    board.hover("Y-II-H", 0.3, piece="burocrat", crossing_s=0)
    samples = []
    for _ in range(40):
        samples.append(board.raw_fields()[YIIH])
        assert board.read().holes[YIIH] is Piece.EMPTY
        clock.advance(0.01)
    assert min(samples) < -FIELD_THRESHOLD // 4
    with pytest.raises(SimActionError):
        board.hover(YIIH, 0)


def test_slide_reads_each_hole_briefly_in_turn(board: SimBoard, clock: SimClock) -> None:
    changes = Counter()
    board.when_changed = changes
    board.slide(["R-I-S", "R-I-H", "R-I-D"], step_s=0.1)
    seen = []
    for _ in range(4):
        clock.advance(0.05)
        seen.append(board.read().occupied())
        clock.advance(0.05)
    assert seen == [1 << 0, 1 << 1, 1 << 2, 0]
    assert changes.calls == 4  # the slide starts, then one change per step
    assert board.piece_at(2) is Piece.EMPTY


def test_stuck_and_dead_sensors(board: SimBoard) -> None:
    board.place(5)
    board.fault_stuck(9, Piece.BUROCRAT)
    board.fault_dead(5)
    holes = board.read().holes
    assert (holes[5], holes[9]) == (Piece.EMPTY, Piece.BUROCRAT)
    assert board.piece_at(5) is Piece.MAN
    board.clear_fault(9)
    assert board.read().holes[9] is Piece.EMPTY
    assert board.read().holes[5] is Piece.EMPTY
    board.clear_fault()
    assert board.read().holes[5] is Piece.MAN


def test_noisy_sensor_flickers_deterministically(clock: SimClock) -> None:
    runs = []
    for _ in range(2):
        c = SimClock()
        board = SimBoard(clock=c)
        board.fault_noisy(7, rate_hz=20, seed=3)
        runs.append(hole_over_time(board, c, 7, 0.025, 80))
    assert runs[0] == runs[1]
    assert set(runs[0]) == {"M", "E"}
    other = SimBoard(clock=clock)
    other.fault_noisy(7, rate_hz=20, seed=4)
    assert hole_over_time(other, clock, 7, 0.025, 80) != runs[0]


def test_noisy_sensor_notifies_each_flip_until_cleared(board: SimBoard, clock: SimClock) -> None:
    board.fault_noisy(YIIH, rate_hz=10, seed=1)
    flips = Counter()
    board.when_changed = flips
    readings = []
    for _ in range(100):
        readings.append(board.read().holes[YIIH])
        next_time = clock.next_event_time()
        assert next_time is not None
        clock.advance_to(next_time)
    assert flips.calls == 100
    assert all(a is not b for a, b in itertools.pairwise(readings))
    board.clear_fault(YIIH)
    clock.advance(60)
    assert flips.calls == 101
    assert clock.next_event_time() is None


def test_noisy_sensor_keeps_the_sign_of_a_burocrat(board: SimBoard, clock: SimClock) -> None:
    board.place(0, Piece.BUROCRAT)
    board.fault_noisy(0, seed=2)
    assert set(hole_over_time(board, clock, 0, 0.05, 40)) == {"B", "E"}


def test_presence_sensing_sees_pieces_not_kinds(clock: SimClock) -> None:
    board = SimBoard(clock=clock, sensing="presence")
    board.place(0, Piece.MAN)
    board.place(1, Piece.BUROCRAT)
    board.hover(2, 1.0)
    holes = board.read().holes
    assert holes[:3] == (Piece.PRESENT,) * 3
    with pytest.raises(SimSettingError, match="sensing"):
        SimBoard(sensing="optical")


def test_groove_fields_encode_the_panel_colours(board: SimBoard) -> None:
    fields = board.raw_fields()
    signs = ["+" if f > 0 else "-" for f in fields[64:]]
    assert "".join(signs) == "++" + "+-" + "-+" + "--"
    board.remove_panel(2)
    assert all(abs(f) < FIELD_THRESHOLD for f in board.raw_fields()[68:70])


def test_closed_board_refuses_actions_and_cancels_its_calls(
    board: SimBoard, clock: SimClock
) -> None:
    board.hover(0, 1.0)
    board.fault_noisy(1)
    changes = Counter()
    board.when_changed = changes
    board.close()
    assert clock.next_event_time() is None
    clock.advance(5)
    assert changes.calls == 0
    with pytest.raises(BackendClosed):
        board.place(0)
    with pytest.raises(BackendClosed):
        board.raw_fields()
    assert repr(board) == "<SimBoard closed>"


def test_repr_is_live(board: SimBoard, clock: SimClock) -> None:
    board.place(0)
    clock.advance(1.5)
    assert repr(board) == "<SimBoard pieces=1 grooves=RYGB connected=True sensing=analog t=1.5>"


def test_real_clock_transients_fire_on_their_own() -> None:
    with SimBoard() as board:
        changed = threading.Event()
        board.when_changed = changed.set
        board.hover(YIIH, 0.05)
        changed.clear()
        wait_until(lambda: board.raw_fields()[YIIH] <= FIELD_THRESHOLD // 4, "the hand gone")
        assert changed.wait(10), "the hover's end was not notified"
        assert board.read().holes[YIIH] is Piece.EMPTY
