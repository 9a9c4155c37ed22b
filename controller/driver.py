"""Driving the controller: one step = read the board, update the controller, render the LEDs.

``Driver`` is clock-agnostic: the service calls ``step`` from asyncio in real time. ``SimRun``
owns a ``SimBoard`` on a ``SimClock`` and advances simulated time, stepping the controller's,
the LEDs' and the board's deadlines in time order (scripts, the demo, the self-test, tests).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from controller import scene
from controller.board_controller import BoardController
from controller.config import Config
from controller.journal import Journal
from controller.leds import LedRenderer
from hal.base import Backend, BoardReading, ButtonPress
from hal.errors import BoardDisconnected
from sim.board import SimBoard
from sim.clock import SimClock

FRAME_MARGIN_S = 0.02
"""Simulated time after a settle deadline by which its LED frame has surely been sent."""


class Driver:
    """The controller, its backend and its LED renderer, stepped together."""

    def __init__(
        self,
        backend: Backend,
        config: Config,
        journal: Journal,
        *,
        seed: int | None = None,
        first_game: dict[str, Any] | None = None,
    ) -> None:
        self.backend = backend
        self.controller = BoardController(
            config,
            backend.clock,
            sensing=getattr(backend, "sensing", type(backend).sensing),
            initial=backend.read(),
            journal=journal,
            seed=seed,
            first_game=first_game,
        )
        self.renderer = LedRenderer(backend.pixels, brightness_cap=config.brightness_cap)
        self.step()

    def step(self) -> None:
        """Read the board and the buttons, let the controller act, show the frame it wants."""
        now = self.backend.clock.now()
        connected = self.backend.connected
        reading: BoardReading | None = None
        presses: list[ButtonPress] = []
        if connected:
            try:
                reading = self.backend.read()
                presses = self.backend.take_presses()
            except BoardDisconnected:
                connected = False
        self.controller.set_connected(connected, now)
        self.controller.update(now, reading, presses)
        self.render(now)

    def render(self, now: float) -> None:
        """Offer the wanted frame to the renderer (sent when changed and the frame rate allows)."""
        self.renderer.submit(scene.frame(self.controller, now), now)
        self.renderer.flush(now)

    def deadline(self) -> float | None:
        """When ``step`` must run next if no input comes."""
        now = self.backend.clock.now()
        times = (
            self.controller.next_deadline(),
            scene.next_change(self.controller, now),
            self.renderer.next_deadline(),
        )
        return min((t for t in times if t is not None), default=None)


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
        first_game: dict[str, Any] | None = None,
        sensing: str = "analog",
        board_state: str | Path | None = None,
    ) -> None:
        self.clock = SimClock()
        self.board = SimBoard(
            clock=self.clock,
            sensing=sensing,
            state_file=board_state,
            layout=config.layout,
            max_brightness=config.brightness_cap,
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

    def settle(self) -> None:
        """Let the board settle after a hand's action and the LEDs show the result."""
        self.advance(self.config.settle_s + FRAME_MARGIN_S)
