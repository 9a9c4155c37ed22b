"""The real controller plays on the gpio backend: the stand-in ``RPi.GPIO`` for the sensors and
buttons, the real NeoPixel library for the LEDs, scans stepped on the simulated clock."""

from __future__ import annotations

from unittest.mock import MagicMock

from controller.config import Config
from controller.driver import Driver
from controller.records.journal import Journal
from hal.gpio_backend import GpioBackend
from hal.pi_wiring import PiWiring
from sim.board import SimBoard
from sim.clock import SimClock

YIIH = 21


def lit_holes(frame: bytes, wiring: PiWiring) -> set[int]:
    """The holes whose pixel carries light in a frame of wire bytes."""
    return {
        logical
        for k, logical in enumerate(wiring.chain)
        if logical < 64 and any(frame[3 * k : 3 * k + 3])
    }


def test_a_turn_on_the_gpio_board(
    backend: GpioBackend, board: SimBoard, clock: SimClock, wire: MagicMock, wiring: PiWiring
) -> None:
    driver = Driver(backend, Config(), Journal(None), seed=7)

    def run(seconds: float) -> None:  # the scan thread's and the service loop's work, in order
        for _ in range(round(seconds / 0.005)):
            clock.advance(0.005)
            backend.scan()
            driver.step()

    driver.controller.set_next_faces("yellow/II/hearts")
    board.press("roll")
    run(0.1)
    state = driver.controller.state()
    assert (state["phase"], state["allowed"]) == ("await_place", ["Y-II-H"])
    assert lit_holes(wire.frames[-1], wiring) == {YIIH}, "the allowed hole is lit on the wire"
    board.place("Y-II-H")
    run(0.5)
    state = driver.controller.state()
    assert state["board"] == {"Y-II-H": {"team": 0, "piece": "man"}}
    assert state["phase"] == "await_roll"
