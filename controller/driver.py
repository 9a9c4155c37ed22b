"""Driving the controller: one step = read the board, update the controller, render the LEDs.

``Driver`` is clock-agnostic: the service calls ``step`` from asyncio in real time; ``SimRun``
(``controller.tools.sim_run``) steps it in simulated time.
"""

from __future__ import annotations

import contextlib

from controller.computer.player import Computer
from controller.config import Config
from controller.core import scene
from controller.core.board_controller import BoardController
from controller.game_data import NewGameData
from controller.leds import Frame, LedRenderer
from controller.records.journal import Journal
from hal.base import Backend, BoardReading, ButtonPress
from hal.capabilities import Hands
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
        first_game: NewGameData | None = None,
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
            geometry=backend.geometry,
        )
        self.computer = Computer(
            self.controller, backend if isinstance(backend, Hands) else None, config
        )
        self.renderer = LedRenderer(backend.pixels, brightness_cap=config.leds.brightness_cap)
        self._stepping = False
        self._again = False
        self.step()

    def step(self) -> None:
        """Read the board and the buttons, let the controller and the computer act, show the
        frame wanted. A step asked for while one runs (the simulated hands moving a piece
        notify at once) runs right after it."""
        if self._stepping:
            self._again = True
            return
        self._stepping = True
        try:
            self._again = True
            while self._again:
                self._again = False
                self._step()
        finally:
            self._stepping = False

    def _step(self) -> None:
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
        if connected:
            self.controller.set_sensor_faults(self.backend.sensor_faults, now)
        self.controller.update(now, reading, presses)
        self.follow(now)

    def follow(self, now: float) -> None:
        """After a change (a step or an order): the computer acts (the board is read at once
        where its hands moved pieces), the LEDs show it, then the journal makes a sensed move
        durable and the game it ended is kept (its frame goes first:
        ``controller.records.journal``)."""
        self.computer.update(now)
        moved = self.computer.take_moved()
        if moved and self.controller.connected:
            with contextlib.suppress(BoardDisconnected):  # the next step notes it
                self.controller.hands_moved(self.backend.read(), moved, now)
        self.render(now)
        self.controller.after_frame()

    def render(self, now: float) -> None:
        """Offer the wanted frame to the renderer (sent when changed and the frame rate allows)."""
        self.renderer.submit(self.frame(now), now)
        self.renderer.flush(now)

    def frame(self, now: float) -> Frame:
        """The frame wanted at ``now``: the controller's scene with the computer's layers."""
        computer = self.computer
        return scene.frame(self.controller, now, computer.under(), computer.over(now))

    def close(self) -> None:
        """End the computer's search process, if one runs."""
        self.computer.close()

    def deadline(self) -> float | None:
        """When ``step`` must run next if no input comes."""
        now = self.backend.clock.now()
        times = (
            self.controller.next_deadline(),
            self.computer.next_deadline(now),
            scene.next_change(self.controller, now),
            self.renderer.next_deadline(),
        )
        return min((t for t in times if t is not None), default=None)
