"""What the web app may ask of the running service (``controller.server.service.Service``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from controller.computer.player import Computer
from controller.config import Config
from controller.core.board_controller import BoardController
from controller.remote.play import RemotePlay
from controller.server.fanout import Subscriber
from controller.server.limits import Logins, RateLimit
from controller.server.setup import Setup
from controller.voice.voice import Voice
from hal.base import Backend
from hal.capabilities import Hands


class WebService(Protocol):
    """The board, its controller and its settings, and the one way to change them: ``order``."""

    backend: Backend
    config: Config
    controller: BoardController
    computer: Computer
    hands: Hands | None
    host: str
    port: int
    token: str
    token_required: bool
    remote: RemotePlay
    limits: RateLimit
    logins: Logins
    setup: Setup | None
    voice: Voice

    def order(self, act: Callable[[float], None]) -> None:
        """Carry out an order on the controller now, then show its effects."""

    def reconfigure(self, config: Config) -> None:
        """Apply the settings that take effect without a restart."""

    def restart(self) -> None:
        """Stop cleanly, then start again with the same command line."""

    def step(self) -> None:
        """Read the board now, update, render (the simulator's hands have moved a piece)."""

    def subscribe(self) -> Subscriber:
        """A queue of the public events and states (JSON texts) from now on."""

    def unsubscribe(self, subscriber: Subscriber) -> None:
        """Stop filling ``subscriber``'s queue."""
