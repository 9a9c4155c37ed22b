"""The game's events: one frozen type per kind, together the tagged union :data:`Event`.

Every event is a ``msgspec.Struct`` tagged by its ``type`` (the kind's name on the wire). Holes
are kept as indices and sets of holes as bitboards; :meth:`EventBase.to_json` writes them by
name (the board's naming), by the keys that hold them (``HOLE_KEYS``, ``SET_KEYS``,
``LINES_KEYS``: the same rule gives the wire's JSON Schema, ``controller.events``). A reader
matches on the classes and ends with ``typing.assert_never``, so mypy names a kind it forgot.

>>> from engine.variants import new_game
>>> [type(event).__name__ for event in new_game("qubic", players=2).place("R-I-S")]
['Placed', 'Turn']
>>> Placed(seat=0, team=0, hole=0, piece="man").to_json()
{'type': 'place', 'seat': 0, 'team': 0, 'hole': 'R-I-S', 'piece': 'man'}
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeAlias

from msgspec import UNSET, Struct, UnsetType, field

from engine.bitboard import Bitboard, scan_forward
from engine.holes import DEFAULT_LAYOUT, Hole, Naming

HOLE_KEYS = frozenset({"hole", "to", "corner"})
"""Event/action data keys holding one hole (or cell) index (``corner``: the corner a Flip 4
piece jumped from)."""
SET_KEYS = frozenset({"allowed", "line", "removed", "holes"})
"""Event data keys holding a bitboard (shown as a list of hole names)."""
LINES_KEYS = frozenset({"lines"})
"""Event data keys holding a list of lines (each shown as a list of hole names)."""


def json_value(key: str, value: Any, naming: Naming) -> Any:
    """An event's or action's value as the wire carries it: holes by name."""
    if key in HOLE_KEYS and isinstance(value, int):
        return naming.name(value)
    if key in SET_KEYS and isinstance(value, int):
        return [naming.name(h) for h in scan_forward(value)]
    if key in LINES_KEYS and isinstance(value, list | tuple):
        return [[naming.name(h) for h in scan_forward(line)] for line in value]
    return value


class EventBase(Struct, frozen=True, kw_only=True, tag_field="type"):
    """What every event is: a frozen struct tagged by its kind.

    ``secret`` events reveal an uncalled line: the HTTP API and the page must drop them.
    """

    secret: ClassVar[bool] = False

    @property
    def type(self) -> str:
        """The kind's name, as the wire writes it (``place``)."""
        return str(self.__struct_config__.tag)

    @property
    def data(self) -> dict[str, Any]:
        """The event's values by their wire names (holes as indices), unset ones left out (the
        class's own field tuples: ``msgspec.structs.fields`` reads the annotations each call)."""
        kind = type(self)
        names = zip(kind.__struct_fields__, kind.__struct_encode_fields__, strict=True)
        return {wire: value for name, wire in names if (value := getattr(self, name)) is not UNSET}

    def to_json(self, naming: Naming = DEFAULT_LAYOUT) -> dict[str, Any]:
        """``{"type": ..., **data}`` with holes written as names (and ``"secret": true``)."""
        result: dict[str, Any] = {"type": self.type}
        result.update({key: json_value(key, value, naming) for key, value in self.data.items()})
        if self.secret:
            result["secret"] = True
        return result


class SeatEvent(EventBase, frozen=True, kw_only=True):
    """What a seat did or is told."""

    seat: int


class TeamEvent(SeatEvent, frozen=True, kw_only=True):
    """What a seat did for its team."""

    team: int


class OnHole(TeamEvent, frozen=True, kw_only=True):
    """A seat's piece put on, or taken from, ``hole``."""

    hole: Hole


class Step(OnHole, frozen=True, kw_only=True):
    """Flip 4: a piece went from ``hole`` to ``to``."""

    to: Hole


# ---------------------------------------------------------------- every game


class GameStarted(EventBase, frozen=True, kw_only=True, tag="game_started"):
    """The first event (not undoable); never the seed, which predicts the deal and the dice."""

    variant: str
    players: int


class Turn(SeatEvent, frozen=True, kw_only=True, tag="turn"):
    """A seat must act now (``free_plays``: Tac-T-Flix; ``burocrats``: its substitution)."""

    phase: str
    free_throws: int
    free_plays: int | UnsetType = UNSET
    burocrats: int | UnsetType = UNSET


class TurnLost(SeatEvent, frozen=True, kw_only=True, tag="turn_lost"):
    reason: str


class Rolled(SeatEvent, frozen=True, kw_only=True, tag="roll"):
    """The dice: ``holes`` the faces name; Lucky Flix's ``reading``, ``lit`` (how many of them
    are empty) and ``free``; Flip 4's ``results`` (sum, difference, product)."""

    throw: str
    holes: Bitboard
    drawn: bool
    reading: str | UnsetType = UNSET
    lit: int | UnsetType = UNSET
    free: bool | UnsetType = UNSET
    results: list[int] | UnsetType = UNSET


class Placed(OnHole, frozen=True, kw_only=True, tag="place"):
    piece: str


class LineCompleted(TeamEvent, frozen=True, kw_only=True, tag="line_completed"):
    """Lines completed and not yet called (**secret**)."""

    secret: ClassVar[bool] = True
    lines: list[Bitboard]


class PendingLost(EventBase, frozen=True, kw_only=True, tag="pending_lost"):
    """An uncalled line lost a Man (**secret**)."""

    secret: ClassVar[bool] = True
    team: int
    line: Bitboard


class Scored(TeamEvent, frozen=True, kw_only=True, tag="scored"):
    """``how``: ``call``, ``late call``, ``auto``, ``placement`` (Qubic), ``line`` (Flip 4)."""

    lines: list[Bitboard]
    how: str


class CalledNothing(TeamEvent, frozen=True, kw_only=True, tag="call_nothing"):
    """FLIX called with no line to score."""


class Penalised(TeamEvent, frozen=True, kw_only=True, tag="penalty"):
    """One per penalised line: ``removed`` went back to supply."""

    against: int
    line: Bitboard
    removed: Bitboard


class PenaltyNothing(TeamEvent, frozen=True, kw_only=True, tag="penalty_nothing"):
    """PENALTY called with nothing to penalise."""


class Resigned(TeamEvent, frozen=True, kw_only=True, tag="resign"):
    """The seat's team gave up."""


class AwaitingCalls(EventBase, frozen=True, kw_only=True, tag="awaiting_calls"):
    """Phase ``await_calls`` begins: ``nobody can place`` or ``board full``."""

    reason: str


class GameOver(EventBase, frozen=True, kw_only=True, tag="game_over"):
    winner: int | None
    draw: bool
    reason: str


# ---------------------------------------------------------------- Lucky Flix


class FreeThrows(SeatEvent, frozen=True, kw_only=True, tag="free_throws"):
    added: int
    left: int


class FreeThrowsEnded(SeatEvent, frozen=True, kw_only=True, tag="free_throws_ended"):
    """FLIX FLIX FLIX thrown during free throws."""

    dropped: int


class OpponentAnywhere(SeatEvent, frozen=True, kw_only=True, tag="opponent_anywhere"):
    opponent: int


# ---------------------------------------------------------------- Qubic


class BlockRequested(SeatEvent, frozen=True, kw_only=True, tag="block_requested"):
    mover: int
    against: int
    line: Bitboard
    hole: Hole


# ---------------------------------------------------------------- Pay-Off


class TokenAttached(OnHole, frozen=True, kw_only=True, tag="token_attached"):
    """Pay-Off: the Man placed carries a token."""


class TokenEntered(EventBase, frozen=True, kw_only=True, tag="token_entered"):
    team: int
    hole: Hole
    token: int | None


class TokenOpened(EventBase, frozen=True, kw_only=True, tag="token_opened"):
    """Pay-Off with openings: the token on the Man in ``hole`` is ``token``, now revealed."""

    team: int
    hole: Hole
    token: int


class PaidOff(EventBase, frozen=True, kw_only=True, tag="paid_off"):
    """The deciding line's ``value`` (its Men's ``values``); the others pay it (``ledger``)."""

    team: int
    line: Bitboard
    values: list[int]
    value: int
    ledger: list[int]


# ---------------------------------------------------------------- Tac-T-Flix


class FreePlay(OnHole, frozen=True, kw_only=True, tag="free_play"):
    left: int


class BurocratsWon(EventBase, frozen=True, kw_only=True, tag="burocrats_won"):
    team: int
    count: int
    held: int
    holder: int


class FreePlaysLost(TeamEvent, frozen=True, kw_only=True, tag="free_plays_lost"):
    lost: int
    reason: str


class Substituted(OnHole, frozen=True, kw_only=True, tag="substitute"):
    """A Burocrat replaced a Man of a line scored this turn."""


class Buroline(EventBase, frozen=True, kw_only=True, tag="buroline"):
    team: int
    line: Bitboard


class Withdrawn(OnHole, frozen=True, kw_only=True, tag="withdraw"):
    """A Man of a completed line went back to supply."""


# ---------------------------------------------------------------- Flip 4


class NoOpenSquare(SeatEvent, frozen=True, kw_only=True, tag="no_open_square"):
    attempts: int


class FreePlacement(SeatEvent, frozen=True, kw_only=True, tag="free_placement"):
    attempts: int


class FreeMove(SeatEvent, frozen=True, kw_only=True, tag="free_move"):
    misses: int


class Moved(Step, frozen=True, kw_only=True, tag="move"):
    """A step onto an open square."""


class IntoCorner(Step, frozen=True, kw_only=True, tag="corner"):
    """A step into a corner: the piece jumps on next."""


class Jumped(Step, frozen=True, kw_only=True, tag="jump"):
    """The piece in ``corner`` landed on ``to`` (``hole``: where it stepped from)."""

    corner: Hole


class Flipped(Step, frozen=True, kw_only=True, tag="flip"):
    """A step onto ``opponent``'s piece, which flips to ``hole`` (``corner``: after a jump)."""

    opponent: int
    corner: Hole | UnsetType = UNSET


class DirectionReversed(SeatEvent, frozen=True, kw_only=True, tag="direction_reversed"):
    direction: int


# ---------------------------------------------------------------- Olix


class PatternScored(TeamEvent, frozen=True, kw_only=True, tag="pattern"):
    """A pattern scored: its counter's ``space`` on the pattern's line (``None``: below it),
    whether it stays (``kept``) and ``super`` (beyond the line: the game is won)."""

    pattern: str
    value: int
    holes: Bitboard
    space: int | None
    kept: bool
    beyond: bool = field(name="super")


Event: TypeAlias = (
    GameStarted
    | Turn
    | TurnLost
    | Rolled
    | Placed
    | LineCompleted
    | PendingLost
    | Scored
    | CalledNothing
    | Penalised
    | PenaltyNothing
    | Resigned
    | AwaitingCalls
    | GameOver
    | FreeThrows
    | FreeThrowsEnded
    | OpponentAnywhere
    | BlockRequested
    | TokenAttached
    | TokenEntered
    | TokenOpened
    | PaidOff
    | FreePlay
    | BurocratsWon
    | FreePlaysLost
    | Substituted
    | Buroline
    | Withdrawn
    | NoOpenSquare
    | FreePlacement
    | FreeMove
    | Moved
    | IntoCorner
    | Jumped
    | Flipped
    | DirectionReversed
    | PatternScored
)
"""Every event of every game, tagged by ``type``."""
