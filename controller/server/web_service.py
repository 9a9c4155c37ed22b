"""What the web app may ask of the running service (``controller.server.service.Service``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from controller.config import Config
from controller.core.board_controller import BoardController
from hal.base import Backend
from hal.capabilities import Hands


class WebService(Protocol):
    """The board, its controller and its settings, and the one way to change them: ``order``."""

    backend: Backend
    config: Config
    controller: BoardController
    hands: Hands | None
    host: str
    token: str
    token_required: bool

    def order(self, act: Callable[[float], None]) -> None:
        """Carry out an order on the controller now, then show its effects."""

    def subscribe(self) -> asyncio.Queue[dict[str, Any]]:
        """A queue of the public events and states from now on."""

    def unsubscribe(self, queue: asyncio.Queue[dict[str, Any]]) -> None:
        """Stop filling ``queue``."""
