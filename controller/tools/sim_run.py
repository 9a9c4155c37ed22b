"""The real controller on a simulated board in simulated time (scripts, the demo, tests).

``SimRun`` owns a ``SimBoard`` on a ``SimClock`` and advances simulated time, stepping the
controller's, the LEDs' and the board's deadlines in time order.
"""

from __future__ import annotations

from pathlib import Path

from controller.config import Config
from controller.driver import Driver
from controller.game_data import NewGameData
from controller.records.journal import Journal
from engine.variants import find_variant
from hal.base import FLIX_GEOMETRY, BoardGeometry
from hal.geometry import load_geometry
from sim.board import SimBoard
from sim.clock import SimClock

FRAME_MARGIN_S = 0.02
"""Simulated time after a settle deadline by which its LED frame has surely been sent."""


class SimRun(Driver):
    """The real controller on a simulated board in simulated time. ``board_state``: a file where
    the simulated board keeps its panels and pieces, so a second run on the same file and journal
    restarts with the pieces in place, as a real board keeps them."""

    def __init__(
        self,
        config: Config,
        *,
        journal: Journal | None = None,
        seed: int | None = None,
        first_game: NewGameData | None = None,
        sensing: str = "analog",
        board_state: str | Path | None = None,
        geometry: BoardGeometry = FLIX_GEOMETRY,
    ) -> None:
        self.clock = SimClock()
        self.board = SimBoard(
            clock=self.clock,
            sensing="presence" if geometry.flat else sensing,
            state_file=board_state,
            layout=config.layout,
            max_brightness=config.leds.brightness_cap,
            geometry=geometry,
        )
        self.config = config
        super().__init__(
            self.board, config, journal or Journal(None), seed=seed, first_game=first_game
        )
        self.board.when_changed = self.step

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` of simulated time pass, stepping every deadline on the way."""
        target = self.clock.now() + seconds
        while True:
            times = [t for t in (self.deadline(), self.clock.next_event_time()) if t is not None]
            when = min(times, default=None)
            if when is None or when > target:
                break
            self.clock.advance_to(max(when, self.clock.now()))
            before = self.clock.now()
            self.step()
            if self.deadline() == before and self.clock.next_event_time() != before:
                raise RuntimeError(f"controller deadline stuck at {before:g} s")
        self.clock.advance_to(target)
        self.step()

    def think(self) -> None:
        """Wait (in real time) for the computer's answer under way, if one is, then carry it out
        and let the board settle (the hands' move committed)."""
        if self.computer.wait():
            self.step()
        self.settle()

    def settle(self) -> None:
        """Let the board settle after a hand's action and the LEDs show the result."""
        self.advance(self.config.settle_s + FRAME_MARGIN_S)


def board_for(variant: str) -> BoardGeometry:
    """The board a variant is played on: the spaceboard, or its flat board's wiring file."""
    return load_geometry(find_variant(variant).geometry)
