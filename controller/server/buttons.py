"""The page's Roll and New game buttons for a client that is not a page (Home Assistant).

Each press is the order the page sends, through the same checks: it takes a token of the
sender's rate (``controller.server.limits``), a new game is one remote play may carry
(``check_carried``) and is checked as ``POST /api/new_game`` checks it. A refusal raises the
same ``ControllerError`` the page would be answered with.
"""

from __future__ import annotations

from typing import Any

from controller.core.seats import seats_json
from controller.core.session import game_entry
from controller.server.routes.game import check_carried
from controller.server.web_service import WebService

PAGE_OPTIONS = ("auto_call", "call_window", "token_mode")
"""The options the page's New game form sends, taken from the game being played."""


class PageButtons:
    """Roll and New game, for the sender named ``sender`` (its rate is its own)."""

    def __init__(self, service: WebService, sender: str) -> None:
        self.service = service
        self.sender = sender

    def roll(self) -> None:
        """``POST /api/roll`` without faces."""
        self.service.limits.take(self.sender)
        controller = self.service.controller
        self.service.order(lambda now: controller.roll(None, now))

    def new_game(self) -> None:
        """``POST /api/new_game`` with the game being played: its variant, players, seats,
        names, hints and the options the form sets; a new seed."""
        self.service.limits.take(self.sender)
        controller = self.service.controller
        session = controller.session
        game = session.game
        check_carried(self.service, game.variant)
        played: dict[str, Any] = game.options.to_dict()
        options = {key: played[key] for key in PAGE_OPTIONS if key in played}
        entry = game_entry(
            self.service.config,
            game.variant,
            game.players,
            None,
            options,
            seats_json(session.seats),
            session.hints,
        )
        self.service.order(lambda now: controller.new_game(entry, now))
