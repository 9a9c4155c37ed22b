"""A Lucky Flix game played through the real controller on a serial board (the simulated Pico or
the emulated one): the board's buttons and placements go in, the controller's game comes out.
``Hands`` moves pieces on a flat board one settled step at a time."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from controller.driver import Driver
from engine.bitboard import scan_forward
from engine.lines import LINES
from sim.board import SimBoard
from tests.waiting import wait_until


class Pump:
    """Steps the controller in real time (as the service's loop does), under a lock."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.005):
            with self.lock:
                self.driver.step()

    def read(self, what: Callable[[Driver], Any]) -> Any:
        with self.lock:
            return what(self.driver)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)


def best_hole(allowed: int, mine: int, theirs: int) -> int:
    """The allowed hole on the line where this team has most and the other team nothing."""

    def score(hole: int) -> int:
        return max(
            (
                bin(line & mine).count("1")
                for line in LINES
                if line >> hole & 1 and not line & theirs
            ),
            default=-1,
        )

    return max(scan_forward(allowed), key=score)


def play_lucky_game(board: SimBoard, pump: Pump, timeout: float = 10.0) -> Any:
    """Roll, place and call FLIX on ``board`` until the game is over; the controller's game."""

    def actions() -> int:
        count: int = pump.read(lambda d: len(d.controller.game.actions))
        return count

    def phase() -> str:
        now: str = pump.read(lambda d: d.controller.phase)
        return now

    for _ in range(300):
        wait_until(lambda: phase() in ("await_roll", "await_place", "game_over"), timeout=timeout)
        if phase() == "game_over":
            break
        before = actions()
        if phase() == "await_roll":
            board.press("roll")
        else:
            game = pump.read(lambda d: d.controller.game)
            team = game.team_of_seat[game.to_move]
            board.place(best_hole(game.allowed, game.men[team], game.men[1 - team]))
        wait_until(partial(more_than, actions, before), timeout=timeout)
        if pump.read(lambda d: d.controller.game.pending_count()):
            calls = actions()
            board.press("flix")
            wait_until(partial(more_than, actions, calls), timeout=timeout)
    return pump.read(lambda d: d.controller.game)


def more_than(count: Callable[[], int], before: int) -> bool:
    """Whether ``count()`` has grown past ``before``."""
    return count() > before


class Hands:
    """Hand actions on the board, each one waited for until the controller's settled board shows
    it (a flip's two lifts must each be seen: a presence board looks the same before and after);
    ``timeout`` for each wait."""

    def __init__(self, board: SimBoard, pump: Pump, timeout: float = 10.0) -> None:
        self.board = board
        self.pump = pump
        self.timeout = timeout

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.pump.read(lambda d: d.controller.state())
        return state

    def do(self, doing: str, cell: str) -> None:
        board = self.board
        if doing == "place":
            board.place(cell)
        else:
            board.lift(cell)
        target = board.read().occupied()
        wait_until(
            lambda: self.pump.read(lambda d: d.controller.sensed.occupied()) == target,
            timeout=self.timeout,
        )

    def press_roll(self) -> None:
        before = self.pump.read(lambda d: len(d.controller.game.actions))
        self.board.press("roll")
        wait_until(
            lambda: self.pump.read(lambda d: len(d.controller.game.actions)) > before,
            timeout=self.timeout,
        )
