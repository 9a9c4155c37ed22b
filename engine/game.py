"""The game object shared by every variant: seats, teams, pieces, turns, calls, events, undo.

A variant is a subclass with class flags (``uses_dice``, ``uses_calls``, ...) and a few overridden
hooks (see :class:`Game`). Every input is an :class:`Action`; :meth:`Game.apply` validates it,
changes the state and appends :class:`Event` values; :meth:`Game.pop` undoes the last action
exactly, events included. The engine has no clock: times (seconds) come in with the actions.

>>> from engine.variants import new_game
>>> game = new_game("qubic", players=2)
>>> [event.type for event in game.place("R-I-S")]
['place', 'turn']
>>> game.to_move, game.piece_at(0)
(1, (0, 'man'))
>>> game.pop().kind
'place'
>>> game.piece_at(0) is None
True
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar, Literal, NoReturn, assert_never, get_args

from engine.bitboard import BB_ALL, Bitboard, bit, popcount, scan_forward
from engine.dice import Throw, parse_throw
from engine.errors import IllegalAction, IllegalPlacement, IllegalRoll, SettingError
from engine.events import (
    HOLE_KEYS,
    AwaitingCalls,
    CalledNothing,
    Event,
    GameOver,
    GameStarted,
    LineCompleted,
    Penalised,
    PenaltyNothing,
    PendingLost,
    Placed,
    Resigned,
    Scored,
    Turn,
    TurnLost,
    json_value,
)
from engine.grid import Grid
from engine.holes import DEFAULT_LAYOUT, Hole, Layout, Naming
from engine.lines import LINES_THROUGH, completed_lines, completing
from engine.phrase import N_, why
from engine.settings import seconds, shown, whole_number

MAN = "man"
BUROCRAT = "burocrat"
PIECE_KINDS: tuple[str, str] = (MAN, BUROCRAT)

TEAMS_OF_PLAYERS: dict[int, tuple[int, ...]] = {
    2: (0, 1),
    3: (0, 1, 2),
    4: (0, 1, 0, 1),
    6: (0, 1, 2, 0, 1, 2),
}
"""Team of each seat by player count: partners sit opposite, so seats alternate teams."""


class Phase(StrEnum):
    """What the seat ``to_move`` must do: every phase of every variant, and the board's own."""

    AWAIT_ROLL = N_("await_roll")
    AWAIT_PLACE = N_("await_place")
    AWAIT_CALLS = N_("await_calls")
    GAME_OVER = N_("game_over")
    AWAIT_TOKENS = N_("await_tokens")
    """Pay-Off with real tokens: the tokens of the scored line's Men are entered."""
    SUBSTITUTE = N_("substitute")
    """Tac-T-Flix: Burocrats replace Men of the lines scored this turn."""
    WITHDRAW = N_("withdraw")
    """Tac-T-Flix: the Men of the completed lines are withdrawn."""
    AWAIT_MOVE = N_("await_move")
    """Flip 4, part 2: a piece standing on a result steps one square."""
    AWAIT_JUMP = N_("await_jump")
    """Flip 4: the piece that stepped into a corner lands on another square."""
    AWAIT_FIX = N_("await_fix")
    """Never a game's own: the board controller's phase while the board disagrees with the game."""


MAX_CALL_WINDOW = 3600.0
"""The longest call window (seconds) a game accepts."""
SEED_LIMIT = 2**63
"""Seeds are whole numbers ``0 <= seed < SEED_LIMIT``."""
MAX_TOKEN = 10**6
"""The largest token value a game with tokens accepts."""
SEALED = 0
"""A placement's token whose value is not known here yet (never a real token: those are 1 and
more): another board holds it under a commitment, and ``open_token`` tells it."""
ActionKind = Literal[
    "roll",
    "place",
    "move",
    "call",
    "penalty",
    "request_block",
    "resign",
    "substitute",
    "withdraw",
    "enter_token",
    "open_token",
]
"""Every kind of action of every game (a variant refuses those it does not know)."""
ACTION_KINDS: frozenset[str] = frozenset(get_args(ActionKind))
AWAIT_CALLS_ACTIONS: frozenset[ActionKind] = frozenset({"call", "penalty", "resign"})
"""The actions accepted in phase ``await_calls`` (nobody can place; lines are uncalled)."""


def player(seat: int | None) -> str:
    """A seat as people count it (and the page shows it): seat 0 is ``player 1``."""
    if isinstance(seat, int):
        return why("player {number}", number=seat + 1)
    return why("seat {seat}", seat=repr(seat))


def seat_range(players: int) -> str:
    """The seats the API takes, with the players they are: ``seats are 0..1 (players 1..2)``."""
    return why("seats are 0..{last} (players 1..{players})", last=players - 1, players=players)


@dataclass(frozen=True)
class Action:
    """One replayable input. ``kind`` selects its handler (``Game._handler``).

    ``roll`` with ``throw=None`` draws from the game's seeded RNG (and replays to the same faces).
    ``to`` is where a ``move`` takes the piece standing on ``hole`` (Flip 4).
    """

    kind: ActionKind
    seat: int | None = None
    hole: Hole | None = None
    throw: str | None = None
    at: float = 0.0
    piece: str = MAN
    token: int | None = None
    to: Hole | None = None

    def to_json(self, naming: Naming = DEFAULT_LAYOUT) -> dict[str, Any]:
        """The non-default fields, holes as names: ``{"kind": "place", "hole": "Y-II-H"}``."""
        result: dict[str, Any] = {"kind": self.kind}
        for item in fields(self)[1:]:
            value = getattr(self, item.name)
            if value != item.default:
                result[item.name] = json_value(item.name, value, naming)
        return result

    @classmethod
    def from_json(cls, data: Mapping[str, Any], naming: Naming = DEFAULT_LAYOUT) -> Action:
        """The action written by :meth:`to_json`."""
        known = {item.name for item in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown or "kind" not in data:
            raise IllegalAction(
                why(
                    "not an action: {data} (unknown keys {unknown})",
                    data=repr(dict(data)),
                    unknown=unknown,
                )
            )
        values = dict(data)
        for key in HOLE_KEYS:
            if isinstance(values.get(key), str):
                values[key] = naming.parse(values[key])
        return cls(**values)


@dataclass(frozen=True)
class Options:
    """Game settings (RULES.md). Variants with settings of their own subclass this.

    ``men_per_team=None`` means the variant's default (18 for the FLIX games, enough to fill the
    board in Qubic).
    """

    auto_call: bool = False
    call_window: float = 3.0
    men_per_team: int | None = None
    burocrats_per_team: int = 8
    panels: str = "RYGB"
    suits: str = "SHDC"

    def __post_init__(self) -> None:
        if not isinstance(self.auto_call, bool):
            raise SettingError(f"auto_call must be true or false: {self.auto_call!r}")
        seconds("call_window", self.call_window, 0.0, MAX_CALL_WINDOW)
        for key in ("men_per_team", "burocrats_per_team"):
            value = getattr(self, key)
            if value is None and key == "men_per_team":
                continue
            whole_number(key, value, 0, 65)
        for key in ("panels", "suits"):
            if not isinstance(getattr(self, key), str):
                raise SettingError(f"{key} must be letters such as RYGB: {getattr(self, key)!r}")
        Layout(self.panels, self.suits)

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> Options:
        """Options from a settings mapping; unknown keys are a :class:`SettingError`."""
        known = {item.name for item in fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise SettingError(
                f"unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
            )
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """All settings as a plain mapping."""
        return asdict(self)


@dataclass(frozen=True)
class Uncalled:
    """A completed line not yet called: ``team``'s ``line``, completed by placement ``serial``.

    The call window closes at ``deadline`` (seconds) or with the next placement; after that the
    line is pending: open to a late call by its team and to PENALTY by any other team.
    """

    team: int
    line: Bitboard
    serial: int
    deadline: float


Snapshot = tuple[Any, ...]
PackedRng = tuple[int, bytes, int, Any]


def _copy(value: Any) -> Any:
    return value.copy() if isinstance(value, list | dict | set) else value


class Game:
    """One game: the placement layer (pieces per team) under turns, calls and the event list.

    Class flags: ``variant`` (registry name), ``uses_dice``, ``uses_calls``, ``uses_burocrats``,
    ``uses_tokens``, ``default_men_per_team`` (``None``: enough to fill the board),
    ``options_class``, ``grid`` (the flat board it is played on, none: the spaceboard; its key
    is ``geometry``), ``seat_teams``.

    Hooks a variant may override (each small): ``_init_state`` (its own state),
    ``_first_phase`` (phase a turn starts in), ``_turn_reach`` (holes a new turn may fill),
    ``_check_piece`` (piece kind, token),
    ``_line_pieces`` (pieces that count for a team's lines), ``_after_place`` (lines, calls),
    ``_on_scored`` (what scoring does; default: the team wins), ``_end_placement`` (who acts
    next), ``_json_extra`` (more state keys), ``read_move`` (a move written in the game's own
    words). New actions: a method ``_act_<kind>(action)``,
    named in ``_handler``'s ``match``.
    New state: set it up in ``_init_state`` and extend ``_state_fields`` (copied on every action
    for undo, one level deep: immutable values, or lists/dicts/sets of immutable values).
    """

    variant: ClassVar[str] = ""
    rank: ClassVar[int] = 100
    """Where the variant stands in lists of games (lower first, then by name)."""
    perft_depth: ClassVar[int] = 0
    """The deepest :meth:`perft` the engine protocol runs (0: the variant counts none)."""
    uses_dice: ClassVar[bool] = False
    uses_calls: ClassVar[bool] = False
    uses_burocrats: ClassVar[bool] = False
    uses_tokens: ClassVar[bool] = False
    default_men_per_team: ClassVar[int | None] = 18
    grid: ClassVar[Grid | None] = None
    """The flat board the variant is played on (its cells then name the holes and bound the
    board); ``None``: the spaceboard."""
    geometry: ClassVar[str] = "flix"
    """The board's key, set from ``grid``: ``flix`` (the spaceboard) or the grid's key."""
    lines_through: ClassVar[tuple[tuple[Bitboard, ...], ...]] = LINES_THROUGH
    """Per hole, the lines of four through it that the variant scores (none: no lines)."""
    seat_teams: ClassVar[Mapping[int, tuple[int, ...]]] = TEAMS_OF_PLAYERS
    """The team of each seat for every player count the variant allows."""
    options_class: ClassVar[type[Options]] = Options
    _state_fields: ClassVar[tuple[str, ...]] = (
        "phase",
        "to_move",
        "men",
        "burocrats",
        "supply",
        "burocrat_supply",
        "tokens",
        "scored_lines",
        "winner",
        "draw",
        "free_throws",
        "last_throw",
        "reach",
        "uncalled",
        "placements",
        "resigned",
        "due_seat",
    )

    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        options: Options | Mapping[str, Any] | None = None,
    ) -> None:
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or players not in self.seat_teams
        ):
            raise SettingError(f"players must be {self.player_counts()}, not {shown(players)}")
        whole_number("seed", seed, 0, SEED_LIMIT)
        if isinstance(options, self.options_class):
            self.options: Options = options
        elif isinstance(options, Options):
            self.options = self.options_class.from_dict(options.to_dict())
        else:
            self.options = self.options_class.from_dict(options or {})
        self.players: int = players
        self.seed: int = seed
        self.layout: Layout = Layout(self.options.panels, self.options.suits)
        self.team_of_seat: tuple[int, ...] = self.seat_teams[players]
        self.teams: int = max(self.team_of_seat) + 1
        self.men_per_team: int = self._men_per_team()
        self._rng = random.Random(seed)

        self.phase: str = Phase.AWAIT_PLACE
        self.to_move: int = 0
        self.men: list[Bitboard] = [0] * self.teams
        self.burocrats: list[Bitboard] = [0] * self.teams
        self.supply: list[int] = [self.men_per_team] * self.teams
        self.burocrat_supply: list[int] = [
            self.options.burocrats_per_team if self.uses_burocrats else 0
        ] * self.teams
        self.tokens: dict[Hole, int] = {}
        self.scored_lines: list[tuple[int, Bitboard]] = []
        self.winner: int | None = None
        self.draw: bool = False
        self.free_throws: int = 0
        self.last_throw: Throw | None = None
        self.reach: Bitboard = 0
        self.uncalled: list[Uncalled] = []
        self.placements: int = 0
        self.resigned: set[int] = set()
        self.due_seat: int = 0
        self._init_state()

        self.events: list[Event] = []
        self.actions: list[Action] = []
        self._history: list[tuple[Snapshot, int, PackedRng | None]] = []
        self._emit(GameStarted(variant=self.variant, players=players))  # never the seed
        self._start_turn(0)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A variant's ``geometry`` is its grid's key (``flix`` without one)."""
        super().__init_subclass__(**kwargs)
        cls.geometry = "flix" if cls.grid is None else cls.grid.key

    def read_move(self, text: str, token: int | None = None) -> Action | None:
        """Hook: the action that the move ``text`` (as the engine protocol writes it, not a
        throw) names now in the game's own words, else ``None``: a hole name, a placement of a
        piece carrying ``token``."""
        return None

    def perft(self, depth: int) -> int:
        """How many leaves the variant's tree has ``depth`` actions deep (``perft_depth``)."""
        raise NotImplementedError(f"{self.variant} counts no perft")

    @classmethod
    def player_counts(cls) -> str:
        """The player counts the variant allows, in words: ``2, 3, 4 (2 teams) or 6 (3 teams)``."""
        counts = []
        for players, teams in cls.seat_teams.items():
            team_count = max(teams) + 1
            counts.append(
                str(players) if team_count == players else f"{players} ({team_count} teams)"
            )
        return counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]

    def _init_state(self) -> None:
        """Hook: set up a variant's own state fields (also listed in ``_state_fields``)."""

    def _men_per_team(self) -> int:
        if self.options.men_per_team is not None:
            return self.options.men_per_team
        if self.default_men_per_team is not None:
            return self.default_men_per_team
        return -(-popcount(self.board_mask) // self.teams)

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} players={self.players} seed={self.seed} phase={self.phase} "
            f"to_move={self.to_move} placements={self.placements}>"
        )

    # ----------------------------------------------------------------- reading the state

    @property
    def naming(self) -> Naming:
        """What names this game's holes: the FLIX layout, or the grid of a flat board."""
        return self.layout if self.grid is None else self.grid

    @property
    def board_mask(self) -> Bitboard:
        """Every hole of the variant's board (a flat board: every cell of its grid)."""
        return BB_ALL if self.grid is None else self.grid.all

    def completing(self, team: int) -> Bitboard:
        """The empty holes where one more piece of ``team`` completes a line of four (the
        threats everyone at the table can see); 0 in a variant without lines."""
        if not self.lines_through:
            return 0
        empty = self.board_mask & ~self.occupied
        return completing(self.pieces(team), empty, self.lines_through)

    @property
    def occupied(self) -> Bitboard:
        """Every hole holding a piece."""
        total = 0
        for team in range(self.teams):
            total |= self.men[team] | self.burocrats[team]
        return total

    @property
    def tokens_to_open(self) -> Bitboard:
        """The Men whose hidden value each board is to open now (a game with hidden values
        opened at their reveal: Pay-Off's; none here)."""
        return 0

    @property
    def allowed(self) -> Bitboard:
        """The holes ``to_move`` may fill now (0 unless a placement is due)."""
        if self.phase != Phase.AWAIT_PLACE:
            return 0
        return self.reach & ~self.occupied & self.board_mask

    def pieces(self, team: int) -> Bitboard:
        """All pieces (Men and Burocrats) of a team."""
        return self.men[team] | self.burocrats[team]

    def piece_at(self, hole: Hole) -> tuple[int, str] | None:
        """``(team, "man" | "burocrat")`` of the piece in ``hole``, or ``None``."""
        mask = bit(hole)
        for team in range(self.teams):
            if self.men[team] & mask:
                return team, MAN
            if self.burocrats[team] & mask:
                return team, BUROCRAT
        return None

    @property
    def game_over(self) -> bool:
        """Whether the game has ended (a winner or a draw)."""
        return self.phase == Phase.GAME_OVER

    def pending_count(self) -> int:
        """Test tool: how many completed lines are uncalled (in their window or pending)."""
        return len(self.uncalled)

    def next_seat(self, seat: int) -> int:
        """The seat on the left (next seat number, wrapping), skipping resigned teams."""
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if self.team_of_seat[candidate] not in self.resigned:
                return candidate
        return seat

    def to_json(self, reveal_pending: bool = False, view_team: int | None = None) -> dict[str, Any]:
        """The state for the controller (DESIGN.md §4 keys the engine knows).

        ``view_team``: the team whose own secrets may show (Pay-Off token values); ``None`` is
        the public view. Variants without team secrets ignore it.
        """
        pieces: list[tuple[Hole, int, str]] = []
        for team in range(self.teams):
            for kind, mask in ((MAN, self.men[team]), (BUROCRAT, self.burocrats[team])):
                pieces.extend((hole, team, kind) for hole in scan_forward(mask))
        board = {
            self.naming.name(hole): {"team": team, "piece": kind}
            for hole, team, kind in sorted(pieces)
        }
        state: dict[str, Any] = {
            "variant": self.variant,
            "players": self.players,
            "phase": str(self.phase),
            "to_move": self.to_move,
            "team_of_seat": list(self.team_of_seat),
            "board": board,
            "allowed": self._names(self.allowed),
            "scored_lines": [[team, self._names(line)] for team, line in self.scored_lines],
            "winner": self.winner,
            "draw": self.draw,
            "ledger": [0] * self.teams,
            "free_throws": self.free_throws,
            "last_throw": self.thrown(),
            "supply": list(self.supply),
        }
        if reveal_pending:
            state["pending_lines"] = self.pending_count()
        state.update(self._json_extra())
        return state

    def _json_extra(self) -> dict[str, Any]:
        return {}

    def next_game_options(self) -> dict[str, Any]:
        """Options for the next game of the same match (Pay-Off carries its ledger over)."""
        return self.options.to_dict()

    def _names(self, mask: Bitboard) -> list[str]:
        return [self.naming.name(hole) for hole in scan_forward(mask)]

    # ----------------------------------------------------------------- acting

    def throw_text(self, text: str) -> str:
        """The canonical text of a throw given as ``text`` (``IllegalRoll`` if it is none)."""
        return str(parse_throw(text))

    def thrown(self) -> str | None:
        """The last throw's faces as a roll's ``throw`` replays them; ``None`` before one."""
        return None if self.last_throw is None else str(self.last_throw)

    def roll(self, throw: Throw | str | None = None) -> list[Event]:
        """Throw the dice: given faces, or (``None``) a throw drawn from the seeded RNG."""
        if isinstance(throw, str):
            throw = parse_throw(throw)
        return self.apply(Action("roll", throw=None if throw is None else str(throw)))

    def place(
        self,
        hole: Hole | str,
        *,
        at: float = 0.0,
        piece: str = MAN,
        token: int | None = None,
    ) -> list[Event]:
        """Seat ``to_move`` places a piece at time ``at`` (seconds; opens the call window)."""
        index = self.naming.parse(hole) if isinstance(hole, str) else hole
        return self.apply(Action("place", hole=index, at=at, piece=piece, token=token))

    def call(self, seat: int, *, at: float = 0.0) -> list[Event]:
        """``seat`` calls FLIX at time ``at``: its team's uncalled lines score."""
        return self.apply(Action("call", seat=seat, at=at))

    def penalty(self, seat: int, *, at: float = 0.0) -> list[Event]:
        """``seat`` calls PENALTY at time ``at``: other teams' pending lines lose their Men."""
        return self.apply(Action("penalty", seat=seat, at=at))

    def request_block(self, seat: int) -> list[Event]:
        """``seat`` asks the mover to block the open three formed first (Qubic, 3 players)."""
        return self.apply(Action("request_block", seat=seat))

    def resign(self, seat: int) -> list[Event]:
        """``seat``'s team gives up; the last team left wins."""
        return self.apply(Action("resign", seat=seat))

    def apply(self, action: Action) -> list[Event]:
        """Validate and perform one action; return its events. Illegal: raises, no change."""
        handler = self._handler(action.kind)
        if self.phase == Phase.GAME_OVER:
            raise IllegalAction(
                why(
                    "the game is over: no {action} (phase {phase})",
                    action=repr(action.kind),
                    phase=self.phase,
                )
            )
        if self.phase == Phase.AWAIT_CALLS and action.kind not in AWAIT_CALLS_ACTIONS:
            error = {"place": IllegalPlacement, "roll": IllegalRoll}.get(action.kind, IllegalAction)
            raise error(
                why(
                    "nobody can place: call FLIX or PENALTY (or resign), "
                    "no {action} (phase {phase})",
                    action=repr(action.kind),
                    phase=self.phase,
                )
            )
        snapshot = self._snapshot()
        start = len(self.events)
        rng_state = self._packed_rng() if self.uses_dice else None
        try:
            handler(action)
        except BaseException:
            self._restore(snapshot, start, rng_state)
            raise
        self._history.append((snapshot, start, rng_state))
        self.actions.append(action)
        return self.events[start:]

    def _handler(self, kind: ActionKind) -> Callable[[Action], None]:
        """The method that performs an action of ``kind``; an unknown kind is refused."""
        match kind:
            case "roll":
                return self._act_roll
            case "place":
                return self._act_place
            case "move":
                return self._act_move
            case "call":
                return self._act_call
            case "penalty":
                return self._act_penalty
            case "request_block":
                return self._act_request_block
            case "resign":
                return self._act_resign
            case "substitute":
                return self._act_substitute
            case "withdraw":
                return self._act_withdraw
            case "enter_token":
                return self._act_enter_token
            case "open_token":
                return self._act_open_token
            case _:
                if kind not in ACTION_KINDS:  # a kind no type names (read, or made by a test)
                    self._unknown(kind)
                assert_never(kind)

    def _unknown(self, kind: str) -> NoReturn:
        """Refuse an action the variant does not know."""
        raise IllegalAction(
            why("unknown action {action} in {variant}", action=repr(kind), variant=self.variant)
        )

    def pop(self) -> Action:
        """Undo the last action exactly (state, events, RNG) and return it."""
        if not self._history:
            raise IllegalAction(why("nothing to undo"))
        snapshot, start, rng_state = self._history.pop()
        self._restore(snapshot, start, rng_state)
        return self.actions.pop()

    def before(self, index: int) -> tuple[str, int]:
        """The phase and the seat to move just before action ``index`` was applied: a placement
        or a step is made by that seat.

        >>> from engine.variants import new_game
        >>> game = new_game("qubic", players=2)
        >>> _ = game.place(0), game.place(1)
        >>> game.before(1)
        ('await_place', 1)
        """
        snapshot = self._history[index][0]
        fields = self._state_fields
        return str(snapshot[fields.index("phase")]), int(snapshot[fields.index("to_move")])

    def _snapshot(self) -> Snapshot:
        return tuple(_copy(getattr(self, item)) for item in self._state_fields)

    def _packed_rng(self) -> PackedRng:
        """The dice's generator state as compact bytes (2.5 KB instead of 625 int objects, about
        25 KB), the previous action's own object when no die was thrown since: a long record's
        history stays small."""
        version, words, gauss = self._rng.getstate()
        packed = (version, array("I", words[:-1]).tobytes(), words[-1], gauss)
        previous = self._history[-1][2] if self._history else None
        return previous if previous == packed else packed

    def _restore(self, snapshot: Snapshot, start: int, rng_state: PackedRng | None) -> None:
        for item, value in zip(self._state_fields, snapshot, strict=True):
            setattr(self, item, _copy(value))
        del self.events[start:]
        if rng_state is not None:
            version, words, position, gauss = rng_state
            self._rng.setstate((version, (*array("I", words), position), gauss))

    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def _seat(self, seat: int | None) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(
                why("no seat {seat}: {seats}", seat=repr(seat), seats=seat_range(self.players))
            )
        return seat

    # ----------------------------------------------------------------- turns

    def _first_phase(self) -> str:
        return Phase.AWAIT_ROLL if self.uses_dice else Phase.AWAIT_PLACE

    def _turn_reach(self, seat: int) -> Bitboard:
        return 0 if self.uses_dice else self.board_mask

    def _start_turn(self, seat: int) -> None:
        """Give the turn to ``seat`` or, skipping seats that cannot place, the next who can.

        When nobody can place, the game is a draw unless completed lines are still uncalled:
        then phase ``await_calls`` waits for a call (which may score) or a penalty (which gives
        Men back, so play may go on from ``seat``).
        """
        self.due_seat = seat
        if self.occupied == self.board_mask:
            self._nobody_can_place(N_("board full"))
            return
        for _ in range(self.players):
            team = self.team_of_seat[seat]
            if team not in self.resigned:
                if self.supply[team] > 0:
                    self.to_move = seat
                    self.phase = self._first_phase()
                    self.reach = self._turn_reach(seat)
                    self.free_throws = 0
                    self._emit(Turn(seat=seat, phase=str(self.phase), free_throws=0))
                    return
                self._emit(TurnLost(seat=seat, reason=N_("no Men in supply")))
            seat = (seat + 1) % self.players
        self._nobody_can_place(N_("nobody can place"))

    def _nobody_can_place(self, reason: str) -> None:
        if not self.uncalled:
            self._finish(None, reason)
            return
        self.phase = Phase.AWAIT_CALLS
        self.reach = 0
        self.free_throws = 0
        self._emit(AwaitingCalls(reason=reason))

    def _resume_after_calls(self, start: int) -> None:
        """After a scoring call or a penalty in ``await_calls`` that left the game waiting there
        (events from ``start`` on), check again who can place, from the seat that was due."""
        if self.phase == Phase.AWAIT_CALLS and all(
            not isinstance(event, AwaitingCalls) for event in self.events[start:]
        ):
            self._start_turn(self.due_seat)

    def _finish(self, winner: int | None, reason: str) -> None:
        self.phase = Phase.GAME_OVER
        self.winner = winner
        self.draw = winner is None
        self.reach = 0
        self.free_throws = 0
        self._emit(GameOver(winner=winner, draw=winner is None, reason=reason))

    # ----------------------------------------------------------------- placing

    def _act_roll(self, action: Action) -> None:
        raise IllegalAction(why("{variant} uses no dice: nothing to roll", variant=self.variant))

    def _act_place(self, action: Action) -> None:
        seat, hole = self.to_move, action.hole
        if self.phase != Phase.AWAIT_PLACE:
            raise IllegalPlacement(
                why(
                    "player {number} cannot place now (phase {phase})",
                    number=seat + 1,
                    phase=self.phase,
                )
            )
        last = self.board_mask.bit_length() - 1
        if not isinstance(hole, int) or isinstance(hole, bool) or not 0 <= hole <= last:
            raise IllegalPlacement(why("not a hole: {hole}", hole=repr(hole)))
        where = self.naming.name(hole)
        if self.occupied >> hole & 1:
            raise IllegalPlacement(why("{where} is occupied", where=where))
        if not self.reach >> hole & 1:
            raise IllegalPlacement(
                why(
                    "player {number} may not place at {where} now; allowed: {allowed}",
                    number=seat + 1,
                    where=where,
                    allowed=" ".join(self._names(self.allowed)),
                )
            )
        team = self.team_of_seat[seat]
        self._check_piece(seat, team, hole, action.piece, action.token)
        if action.piece == BUROCRAT:
            self.burocrats[team] |= bit(hole)
            self.burocrat_supply[team] -= 1
        else:
            self.men[team] |= bit(hole)
            self.supply[team] -= 1
        if action.token is not None:
            self.tokens[hole] = action.token
        self.placements += 1
        self._emit(Placed(seat=seat, team=team, hole=hole, piece=action.piece))
        self._after_place(seat, team, hole, action.at)

    def _check_piece(self, seat: int, team: int, hole: Hole, piece: str, token: int | None) -> None:
        if piece not in PIECE_KINDS:
            raise IllegalPlacement(
                why("not a piece kind: {piece} (man or burocrat)", piece=repr(piece))
            )
        if piece == BUROCRAT:
            if not self.uses_burocrats:
                raise IllegalPlacement(why("{variant} uses no Burocrats", variant=self.variant))
            if self.burocrat_supply[team] <= 0:
                raise IllegalPlacement(why("team {team} has no Burocrat to place", team=team))
        elif self.supply[team] <= 0:
            raise IllegalPlacement(why("team {team} has no Man left in supply", team=team))
        if token is not None and not self.uses_tokens:
            raise IllegalPlacement(
                why(
                    "{variant} uses no tokens: cannot attach {token}",
                    variant=self.variant,
                    token=repr(token),
                )
            )

    def _line_pieces(self, team: int) -> Bitboard:
        return self.men[team] | self.burocrats[team]

    def _after_place(self, seat: int, team: int, hole: Hole, at: float) -> None:
        lines = completed_lines(self._line_pieces(team), hole)
        if lines and self.uses_calls and not self.options.auto_call:
            deadline = at + self.options.call_window
            self.uncalled.extend(Uncalled(team, line, self.placements, deadline) for line in lines)
            self._emit(LineCompleted(seat=seat, team=team, lines=lines))
        elif lines:
            self._score(seat, team, lines, "auto" if self.uses_calls else "placement")
        if self.phase != Phase.GAME_OVER:
            self._end_placement(seat)

    def _end_placement(self, seat: int) -> None:
        self._start_turn(self.next_seat(seat))

    def _score(self, seat: int, team: int, lines: list[Bitboard], how: str) -> None:
        self.scored_lines.extend((team, line) for line in lines)
        self._emit(Scored(seat=seat, team=team, lines=lines, how=how))
        self._on_scored(seat, team, lines)

    def _on_scored(self, seat: int, team: int, lines: list[Bitboard]) -> None:
        self._finish(team, "line")

    # ----------------------------------------------------------------- calls

    def calling_teams(self) -> frozenset[int]:
        """The teams whose FLIX would score now: each has an uncalled line (secret: only the
        board's own buttons use it, to act for the team that can; the outcome shows it anyway)."""
        return frozenset(entry.team for entry in self.uncalled)

    def penalised_teams(self, at: float) -> frozenset[int]:
        """The teams with a line open to PENALTY at time ``at`` (secret, as ``calling_teams``)."""
        return frozenset(entry.team for entry in self.uncalled if self._penalisable(entry, at))

    def _penalisable(self, entry: Uncalled, at: float) -> bool:
        return entry.serial < self.placements or at > entry.deadline

    def _act_call(self, action: Action) -> None:
        if not self.uses_calls:
            raise IllegalAction(why("{variant} has no calls", variant=self.variant))
        seat = self._seat(action.seat)
        team = self.team_of_seat[seat]
        mine = [entry for entry in self.uncalled if entry.team == team]
        if not mine:
            self._emit(CalledNothing(seat=seat, team=team))
            return
        start = len(self.events)
        self.uncalled = [entry for entry in self.uncalled if entry.team != team]
        late = any(self._penalisable(entry, action.at) for entry in mine)
        self._score(seat, team, [entry.line for entry in mine], "late call" if late else "call")
        self._resume_after_calls(start)

    def _act_penalty(self, action: Action) -> None:
        if not self.uses_calls:
            raise IllegalAction(why("{variant} has no calls", variant=self.variant))
        seat = self._seat(action.seat)
        team = self.team_of_seat[seat]
        targets = [
            entry
            for entry in self.uncalled
            if entry.team != team and self._penalisable(entry, action.at)
        ]
        if not targets:
            self._emit(PenaltyNothing(seat=seat, team=team))
            return
        start = len(self.events)
        self.uncalled = [entry for entry in self.uncalled if entry not in targets]
        for entry in targets:
            removed = entry.line & self.men[entry.team]
            self._remove_men(entry.team, removed)
            self._emit(
                Penalised(
                    seat=seat, team=team, against=entry.team, line=entry.line, removed=removed
                )
            )
        self._drop_broken_lines()
        self._resume_after_calls(start)

    def _remove_men(self, team: int, holes: Bitboard) -> None:
        """Take ``team``'s Men off ``holes`` back to supply (Burocrats are never removed)."""
        holes &= self.men[team]
        self.men[team] &= ~holes
        self.supply[team] += popcount(holes)
        for hole in scan_forward(holes):
            self.tokens.pop(hole, None)

    def _drop_broken_lines(self) -> None:
        """Uncalled lines that lost a piece stop being pending."""
        kept = []
        for entry in self.uncalled:
            if self._line_pieces(entry.team) & entry.line == entry.line:
                kept.append(entry)
            else:
                self._emit(PendingLost(team=entry.team, line=entry.line))
        self.uncalled = kept

    # ----------------------------------------------------------------- other actions

    def _act_move(self, action: Action) -> None:
        self._unknown(action.kind)  # Flip 4's

    def _act_substitute(self, action: Action) -> None:
        self._unknown(action.kind)  # Tac-T-Flix's

    def _act_withdraw(self, action: Action) -> None:
        self._unknown(action.kind)  # Tac-T-Flix's

    def _act_enter_token(self, action: Action) -> None:
        self._unknown(action.kind)  # Pay-Off's

    def _act_open_token(self, action: Action) -> None:
        self._unknown(action.kind)  # Pay-Off's, with openings

    def _act_request_block(self, action: Action) -> None:
        raise IllegalAction(why("{variant} has no block requests", variant=self.variant))

    def _act_resign(self, action: Action) -> None:
        seat = self._seat(action.seat)
        team = self.team_of_seat[seat]
        if team in self.resigned:
            raise IllegalAction(why("team {team} has already resigned", team=team))
        self.resigned.add(team)
        self._emit(Resigned(seat=seat, team=team))
        left = [other for other in range(self.teams) if other not in self.resigned]
        if len(left) == 1:
            self._finish(left[0], "resign")
        elif self.team_of_seat[self.to_move] == team:
            self._start_turn(self.next_seat(self.to_move))


def replay_actions(game: Game, actions: Iterable[Action]) -> Game:
    """Apply ``actions`` to ``game`` in order and return it."""
    for action in actions:
        game.apply(action)
    return game
