"""The page's Roll and New game buttons for a client that is not a page (Home Assistant).

Each press is the order the page sends, through the same checks (and New game one more: never
while a game is under way): it takes a token of the
sender's rate (``controller.server.limits``), a new game is checked as ``POST /api/new_game``
checks it (a hosting board refuses one remote play does not carry: ``controller.remote.host``).
What the page would be refused (``controller.server.statuses``) raises ``Refused`` with the same
words.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from controller.core.session import game_entry
from controller.game_data import NewGameData
from controller.homeassistant.bridge import Refused
from controller.records.model import GameOptions
from controller.seats import seats_json
from controller.server.statuses import status_of
from controller.server.web_service import WebService

PAGE_OPTIONS = ("auto_call", "call_window", "token_mode")
"""The options the page's New game form sends, taken from the game being played."""


@contextmanager
def _refusals() -> Iterator[None]:
    """A refusal of the page (a 4xx or 503 answer) raised as ``Refused``."""
    try:
        yield
    except Exception as error:
        if status_of(error) is None:
            raise
        raise Refused(str(error)) from None


class PageButtons:
    """Roll and New game, for the sender named ``sender`` (its rate is its own)."""

    def __init__(self, service: WebService, sender: str) -> None:
        self.service = service
        self.sender = sender

    def roll(self) -> None:
        """``POST /api/roll`` without faces."""
        controller = self.service.controller
        with _refusals():
            self.service.limits.take(self.sender)
            self.service.order(lambda now: controller.roll(None, now))

    def new_game(self) -> None:
        """``POST /api/new_game`` with the game being played: its variant, players, seats,
        names, hints and the options the form sets; a new seed. Refused while that game is
        under way (a Man placed, no end yet): only a person at the page ends a game."""
        controller = self.service.controller
        game = controller.session.game
        if game.placements and not game.game_over:
            raise Refused(
                f"a game is under way ({game.placements} placed): a new game starts from here "
                "only before the first Man or after the end; the page can end this one"
            )
        with _refusals():
            self.service.limits.take(self.sender)
            entry = self._same_game()
            self.service.order(lambda now: controller.new_game(entry, now))

    def _same_game(self) -> NewGameData:
        """The checked ``new_game`` entry of a game like the one being played."""
        session = self.service.controller.session
        game = session.game
        played: GameOptions = game.options.to_dict()
        options = {key: played[key] for key in PAGE_OPTIONS if key in played}
        seats = seats_json(session.seats)
        config = self.service.config
        return game_entry(config, game.variant, game.players, None, options, seats, session.hints)
