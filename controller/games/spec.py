"""A game as the board plays it, declared once: ``GameSpec``.

A spec names the rules (an engine ``Game`` class, whose ``variant`` is the game's name and whose
``geometry`` is the board it is played on), what the computer player's levels do, the flow the
board controller adds, the names people read (message ids), the page module that draws what the
game adds, and what remote play and the PENALTY button ask of it (its dice, its hidden tokens).
A package adds a game by declaring its spec in the ``flixboard.games`` entry-point group
(``controller.games``), and its rules, computer player and notation under the same name in the
engine's groups (``engine.registry``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.resources.abc import Traversable

from controller.flows import VariantFlow
from controller.wire import Typed
from engine.game import Game
from engine.phrase import Phrase
from engine.players import PLAYERS, PlayerFactory

Faces = tuple[tuple[str, ...], ...]
"""The faces of each die of a throw, in the order a throw is written (``a/b/c``)."""
D6 = ("1", "2", "3", "4", "5", "6")
"""A six-sided die's faces."""


class HiddenTokens(ABC):
    """What remote play asks of a game whose tokens are hidden (``GameSpec.hidden``): which Man
    carries which token stays with its owner, committed and opened in digital token mode,
    entered when the rules reveal it in physical token mode (``controller.remote.tokens``); the
    deal travels in the game's option ``deal``, one hand per team."""

    @abstractmethod
    def refusal(self, options: Mapping[str, object]) -> Phrase | None:
        """Why remote play does not start a game of these options (``None``: it may)."""

    @abstractmethod
    def attached(self, game: Game) -> Phrase | None:
        """Why a running game is not hosted (``None``: it may be): tokens attached to Men at
        this one board already, in digital mode, which the other board's team would see."""

    @abstractmethod
    def sealing(self, game: Game) -> bool:
        """Whether ``game``'s tokens are committed and opened (``engine.game.SEALED`` stands
        for a value held by another board until it is opened)."""

    @abstractmethod
    def token_set(self, game: Game) -> tuple[int, ...]:
        """The tokens ``game`` deals among its teams."""

    @abstractmethod
    def dealt(self, game: Game) -> list[list[int]]:
        """The hands ``game`` dealt, one per team."""


class Measured(Typed):
    """A level's score against the level below: a win 1, a draw 1/2, with its 95 % interval.
    ``seating``: ``first`` or ``second`` where the seat decides (Qubic), else ``alternate``."""

    seating: str
    score_pct: float
    low_pct: float
    high_pct: float
    games: int


class ProofReply(Typed):
    """One reply of the side that loses, and the plies it leaves to the winner's line."""

    hole: str
    plies: int


class ProofSays(Typed):
    """What a game's proof says from a position: the ``team`` wins in ``plies`` (both sides'
    placements) when it follows the proof and the other side holds out longest; its ``move``
    when it is to move, else the other side's ``replies`` that hold out longest."""

    team: int
    plies: int
    move: str | None
    replies: list[ProofReply]


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
    board: str = ""
    """The name of the board of its own it is played on (a message id; the settings page offers
    that board's shape under it), or empty: it is played on the spaceboard."""
    levels: tuple[Level, ...] = ()
    """What the computer's levels 1-5 do and how each scored against the one below."""
    flow: type[VariantFlow] = VariantFlow
    """What the game adds to the board controller (the default adds nothing)."""
    page: Traversable | None = None
    """The page module that draws what the game adds (served as ``/<name>.js``)."""
    style: Traversable | None = None
    """The page module's style sheet (served as ``/<name>.css``, so the module finds it beside
    itself: ``new URL("./<name>.css", import.meta.url)``)."""
    carried: bool = False
    """Remote play carries it: the dice come from both boards' shares (``dice``; Tac-T-Flix's
    pending lines stand on both boards, unmarked on either); hidden tokens stay with their
    owner (``hidden``)."""
    dice: Callable[[Game], Faces] | None = None
    """The virtual dice a game of it throws, from its options (``None``: no dice); remote play
    throws them from both boards' shares (``controller.remote.fair_dice``)."""
    hidden: HiddenTokens | None = None
    """Hidden tokens (Pay-Off's): a token's value travels only when the rules reveal it,
    committed before in digital token mode (``controller.remote.tokens``); ``None``: none."""
    proof: Callable[[Game], ProofSays | None] | None = None
    """What the game's proof says from the game's position (``GET /api/proof``; ``None`` from
    it: the position is outside the proof); ``None``: the game has no proof."""
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
