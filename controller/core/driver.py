"""Driving the controller: one step = read the board, update the controller, render the LEDs.

``Driver`` is clock-agnostic: the service calls ``step`` from asyncio in real time; ``SimRun``
(``controller.tools.sim_run``) steps it in simulated time.
"""

from __future__ import annotations

from typing import Any

from controller.config import Config
from controller.core import scene
from controller.core.board_controller import BoardController
from controller.core.journal import Journal
from controller.core.leds import LedRenderer
from hal.base import Backend, BoardReading, ButtonPress
from hal.errors import BoardDisconnected


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
