"""A game as the board plays it, declared once: ``GameSpec``.

A spec names the rules (an engine ``Game`` class, whose ``variant`` is the game's name and whose
``geometry`` is the board it is played on), what the computer player's levels do, the flow the
board controller adds, the names people read (message ids), the page module that draws what the
game adds, and the flags remote play and the PENALTY button read. A package adds a game by
declaring its spec in the ``flixboard.games`` entry-point group (``controller.games``), and its
rules, computer player and notation under the same name in the engine's groups
(``engine.registry``).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources.abc import Traversable

from controller.flows import VariantFlow
from controller.wire import Typed
from engine.game import Game
from engine.players import PLAYERS, PlayerFactory


class Measured(Typed):
    """A level's score against the level below: a win 1, a draw 1/2, with its 95 % interval.
    ``seating``: ``first`` or ``second`` where the seat decides (Qubic), else ``alternate``."""

    seating: str
    score_pct: float
    low_pct: float
    high_pct: float
    games: int


def rung(score: float, low: float, high: float, games: int, seating: str = "alternate") -> Measured:
    """One rung of the level ladder (a ``Measured``), written short."""
    return Measured(seating, score, low, high, games)


Level = tuple[str, list[Measured]]
"""One computer level: what it does (a message id) and its rungs against the level below."""


@dataclass(frozen=True)
class GameSpec:
    """A game as the board plays it (see the module docstring)."""

    rules: type[Game]
    """The rules (the engine's class; its ``variant`` is the name, ``geometry`` the board)."""
    title: str
    """The game's name as people read it: a message id ("Flip 4")."""
    choice: str
    """The game as the New game form offers it, with what sets it apart: a message id."""
    levels: tuple[Level, ...] = ()
    """What the computer's levels 1-5 do and how each scored against the one below."""
    flow: type[VariantFlow] = VariantFlow
    """What the game adds to the board controller (the default adds nothing)."""
    page: Traversable | None = None
    """The page module that draws what the game adds (served as ``/<name>.js``)."""
    carried: bool = False
    """Remote play carries it: the dice are the host's (Tac-T-Flix's pending lines stand on both
    boards, unmarked on either); hidden tokens stay with their owner (``hidden``)."""
    hidden: bool = False
    """Hidden tokens (Pay-Off's): a token's value travels only when the rules reveal it,
    committed before in digital token mode (``controller.remote.tokens``)."""
    penalty_asks_block: bool = False
    """The PENALTY button asks the mover to block the open three formed first (Qubic)."""

    @property
    def name(self) -> str:
        return self.rules.variant

    @property
    def player(self) -> PlayerFactory | None:
        """The computer player, ``factory(level, seed)``, declared in the engine's group
        ``flixboard.players`` (``None``: none plays this game)."""
        return PLAYERS.get(self.name)

    @property
    def geometry(self) -> str:
        """The board the game is played on: ``flix`` (the spaceboard) or a grid's key."""
        return self.rules.geometry
