"""A full Lucky Flix game through the real controller over the serial link: buttons, placements
and the FLIX call travel from the simulated board through the simulated Pico's firmware and
pyserial to the controller, and its LED frames come back."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from controller.config import Config
from controller.core.driver import Driver
from controller.core.journal import Journal
from controller.core.session import game_entry
from controller.errors import NotNow
from engine.bitboard import scan_forward
from engine.lines import LINES
from sim.pico_rig import PicoRig

Wait = Callable[..., None]


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


@pytest.fixture
def pump(rig: PicoRig) -> Iterator[Pump]:
    config = Config(settle_ms=60)
    entry = game_entry(config, "lucky", 2, 1949, None)
    driver = Driver(rig.backend, config, Journal(None), first_game=entry)
    running = Pump(driver)
    yield running
    running.stop()


def _best_hole(allowed: int, mine: int, theirs: int) -> int:
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


def test_a_lucky_flix_game_over_serial(rig: PicoRig, pump: Pump, wait_until: Wait) -> None:
    actions = lambda: pump.read(lambda d: len(d.controller.game.actions))  # noqa: E731
    phase = lambda: pump.read(lambda d: d.controller.phase)  # noqa: E731
    started = time.monotonic()
    for _ in range(300):
        wait_until(lambda: phase() in ("await_roll", "await_place", "game_over"))
        if phase() == "game_over":
            break
        before = actions()
        if phase() == "await_roll":
            rig.board.press("roll")
        else:
            game = pump.read(lambda d: d.controller.game)
            team = game.team_of_seat[game.to_move]
            hole = _best_hole(game.allowed, game.men[team], game.men[1 - team])
            rig.board.place(hole)
        wait_until(lambda before=before: actions() > before)
        if pump.read(lambda d: d.controller.game.pending_count()):
            calls = actions()
            rig.board.press("flix")
            wait_until(lambda calls=calls: actions() > calls)
    game = pump.read(lambda d: d.controller.game)
    assert game.game_over and game.winner is not None, (
        f"no winner after {time.monotonic() - started:.0f} s"
    )
    kinds = [e.type for e in game.events]
    assert "line_completed" in kinds and "scored" in kinds
    assert [a.kind for a in game.actions].count("call") == 1  # the FLIX button, over the wire
    assert pump.read(lambda d: d.controller.sensed.occupied()) == game.occupied  # nothing lost
    assert rig.backend.read().occupied() == rig.board.read().occupied()
    assert len(rig.board.frames) > 10  # the controller's frames reached the board's pixels
    assert rig.backend.counters["rx_crc"] == rig.backend.counters["handler_errors"] == 0


def test_an_unplugged_board_pauses_the_game_and_resumes_it(
    rig: PicoRig, pump: Pump, wait_until: Wait
) -> None:
    wait_until(lambda: pump.read(lambda d: d.controller.phase) == "await_roll")
    rig.board.press("roll")
    wait_until(lambda: pump.read(lambda d: d.controller.phase) == "await_place")
    before = pump.read(lambda d: d.controller.state())
    rig.pico.unplug()
    wait_until(lambda: not pump.read(lambda d: d.controller.connected))
    state = pump.read(lambda d: d.controller.state())
    assert state["connected"] is False
    assert state["message"].startswith("Board disconnected")
    assert any(e["type"] == "board_lost" for e in state["events"])
    with pytest.raises(NotNow, match="disconnected"):
        pump.read(lambda d: d.controller.roll(None, d.backend.clock.now()))
    rig.pico.replug()
    wait_until(lambda: pump.read(lambda d: d.controller.connected))
    after = pump.read(lambda d: d.controller.state())
    assert after["phase"] == "await_place"
    assert (after["board"], after["allowed"], after["last_throw"]) == (
        before["board"],
        before["allowed"],
        before["last_throw"],
    )
