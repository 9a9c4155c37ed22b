"""What a variant flow may ask of the controller (``FlowHost``) and the default flow.

A flow adds a variant's own board handling on top of the board controller: pieces lifted on
purpose, token orders, words, LED layers. The default flow (Lucky Flix, Qubic) adds nothing:
every method answers "nothing of mine". Variant flows override what they need and are found by
variant name (``controller.flows.flow_for``).
"""

from __future__ import annotations

import math
from typing import Protocol

from msgspec import UNSET, UnsetType

from controller.config import Config
from controller.errors import BadOrder
from controller.i18n import Language
from controller.leds import Layer
from controller.reconcile import Mismatch
from controller.wire import Typed
from engine.bitboard import Bitboard, scan_forward
from engine.game import Action, Game
from engine.phrase import why
from hal.base import BoardReading, Color

BLINK_S = 0.25
"""Half period of the substitution / withdrawal blink (the same as an error blink)."""
WHITE: Color = (255, 255, 255)


class FlowView(Typed):
    """A variant flow's keys of the state (``controller.flows``): Tac-T-Flix's substitutions to
    make, Pay-Off's token choice (``token`` only in the mover's team view), Flip 4's squares
    the lifted lit piece may step to (``steps``, only while one is lifted)."""

    to_substitute: int | UnsetType = UNSET
    token_chosen: bool | UnsetType = UNSET
    token: int | UnsetType = UNSET
    steps: list[str] | UnsetType = UNSET


class FlowHost(Protocol):
    """The controller as a flow sees it: the game, the board, the settings, the chosen token."""

    token: int | None
    """Pay-Off: the token chosen for the next placement (``None``: none)."""

    @property
    def game(self) -> Game: ...

    @property
    def config(self) -> Config: ...

    @property
    def sensed(self) -> BoardReading: ...

    @property
    def mismatch(self) -> Mismatch: ...

    @property
    def phase(self) -> str: ...

    @property
    def clearing(self) -> bool: ...

    @property
    def ready(self) -> bool: ...


class VariantFlow:
    """The flow of a variant without board steps of its own; one instance per game."""

    def adjust(self, host: FlowHost, mismatch: Mismatch) -> Mismatch:
        """The mismatch without what the variant asked the players to do on purpose."""
        return mismatch

    def settled(self, host: FlowHost) -> Action | None:
        """The variant action the settled board shows, if any (one at a time)."""
        return None

    def token_order(
        self, host: FlowHost, seat: int | None, token: int | None, hole: str | None
    ) -> Action | None:
        """A token order: an action to apply, or ``None`` when the choice was noted."""
        raise BadOrder(why("{variant} uses no tokens", variant=host.game.variant))

    def view(self, host: FlowHost, view_team: int | None) -> FlowView:
        """The variant's keys of the controller's state (the engine's own keys are there)."""
        return FlowView()

    def message(self, host: FlowHost, say: Language) -> str | None:
        """The line for people in a variant phase in ``say``'s language, or ``None`` for the
        controller's own."""
        return None

    def not_placing(self, host: FlowHost) -> str | None:
        """Why a new piece is refused in a variant phase without placements, or ``None``."""
        return None

    def lit_lines(self, host: FlowHost) -> list[tuple[int, Bitboard]]:
        """The scored lines the LEDs show. While the board is being fixed the holes to fix are
        left out, so that their error blink (a missing piece blinks in its team's colour) is not
        lost in a line lit in that colour."""
        return without_fix(host, list(host.game.scored_lines))

    def win_line(self, host: FlowHost) -> Bitboard:
        """The line the win animation flashes: the winner's last scored line."""
        game = host.game
        lines = [line for team, line in game.scored_lines if team == game.winner]
        return lines[-1] if lines else 0

    def layers(self, host: FlowHost, now: float) -> list[Layer]:
        """LED layers of the variant phases (drawn under the error blink)."""
        return []

    def blinking(self, host: FlowHost) -> bool:
        """Whether ``layers`` changes by itself (so the scene must be redrawn on blink steps)."""
        return False


def without_fix(host: FlowHost, lines: list[tuple[int, Bitboard]]) -> list[tuple[int, Bitboard]]:
    """``lines`` without the holes to fix, while the board is being fixed."""
    mismatch = host.mismatch
    if host.game.game_over or mismatch.clean:
        return lines
    fix = mismatch.missing | mismatch.extra | mismatch.wrong_kind
    return [(team, line & ~fix) for team, line in lines]


def blink_on(now: float) -> bool:
    """Whether a blink is in its lit half at ``now``."""
    return math.floor(now / BLINK_S + 1e-9) % 2 == 0


def hole_names(host: FlowHost, mask: Bitboard) -> list[str]:
    return [host.game.naming.name(hole) for hole in scan_forward(mask)]


def mover_words(host: FlowHost, say: Language) -> str:
    """The mover as people read it, e.g. ``Red (player 1)``, in ``say``'s language."""
    game = host.game
    team = say.gettext(host.config.game.team_names[game.team_of_seat[game.to_move]])
    return say.gettext("{team} (player {number})").format(team=team, number=game.to_move + 1)
