"""The public state (DESIGN §4) as typed values: what ``GET /api/state``, every order and the
live stream answer.

``State`` holds every key of every variant; the keys of one variant only, or of the test view,
are ``UNSET`` elsewhere and then left out of the JSON. The board controller builds it in one
place (``BoardController.public_state``); ``controller.wire.encode`` is the one encoder that turns
it (and every other answer and message) into JSON. The OpenAPI document's schemas are generated
from these classes (``controller.server.openapi``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeAlias, get_args

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from controller.core.combination import VOICE_BUTTON
from controller.i18n import Said
from controller.records.model import GameOptions
from controller.wire import Typed, encode
from controller.words import GrooveProblem, LanguageView, MismatchView
from engine.grid import Nouns
from engine.phrase import Phrase

Hole = Annotated[str, Meta(description="A hole's canonical name (``Y-II-H``) or a cell's (``b3``)")]
Line = tuple[int, list[Hole]]
"""A scored (or open) line: the team, its holes."""
Event = Annotated[
    dict[str, Any],  # an event as published: engine events carry the keys of their kind
    Meta(
        title="Event",
        description="One published event: its ``type``, the game time it happened ``at``, and "
        "the keys of its kind (DESIGN §4).",
        extra_json_schema={
            "required": ["type"],
            "properties": {"type": {"type": "string"}, "at": {"type": "number"}},
        },
    ),
]


class BoardPiece(Typed):
    team: int
    piece: str


class SensedPiece(Typed):
    piece: str


class GeometryView(Typed):
    key: str
    cells: int
    rows: int
    cols: int


class FixOrder(Typed):
    """After a take-back: the holes to fix now, and those that wait their turn."""

    now: list[Hole]
    later: list[Hole]


class Actions(Typed):
    """What each button may do now (the server still checks every order)."""

    roll: bool
    flix: bool
    penalty: bool
    block: bool
    undo: bool
    resign: bool
    hint: bool
    token: bool
    enter_token: bool
    new_game: bool


class CallWindow(Typed):
    seconds: float
    left: float


class SeatView(Typed):
    """Who plays a seat; ``place`` in remote play (``local`` or ``remote``)."""

    kind: str
    level: int | None
    name: str | None
    thinking: bool
    place: str | UnsetType = UNSET


class ComputerMove(Typed):
    seat: int
    action: str
    hole: Hole


class Threat(Typed):
    team: int
    holes: list[Hole]


class PaidLine(Typed):
    """Pay-Off: the line that decided the game and what it is worth."""

    team: int | None
    value: int
    line: list[Hole]
    men: dict[str, int]


class PatternScoring(Typed):
    """A pattern kind's scoring line (Olix), as the engine's state gives it."""

    pattern: str
    line: list[int]
    top: int | None
    teams: list[int]


class ScoredPattern(Typed):
    """A pattern a team scored (Olix): its worth, its holes, whether its counter stayed."""

    team: int
    pattern: str
    value: int
    holes: list[Hole]
    kept: bool


class JoinDoors(Typed):
    """The host's join doors: the join code's wrong codes and wrong gate proofs now, the join
    codes drawn, the wrong tries of the hosting (both codes) and the spectator code's wrong
    codes now (docs/REMOTE.md)."""

    failed: int
    missed: int
    codes: int
    guessed: int
    spectator_failed: int


Peer = Literal["unknown", "online", "gone", "left"]
"""What a board knows of the other side of a remote game."""


LinkSide = Literal["broker", "peer"]
"""Whose drop: this board's connection to the broker, or the other board gone."""


class LinkDropView(Typed):
    """One drop of a remote link (docs/REMOTE.md#the-links-history)."""

    side: LinkSide
    at: float
    """When it began (Unix seconds)."""
    lasted_s: float
    """How long it lasted (so far, while ``ongoing``)."""
    ongoing: bool


class LinkHistoryView(Typed):
    """A remote link's history: its latest drops (at most 20, oldest first), how many and the
    longest, the round trip to the broker now and its p95 over the latest 200, and a guest's
    moves' round trip to the other board likewise."""

    drops: list[LinkDropView]
    drop_count: int
    longest_s: float
    rtt_ms: float | None
    rtt_p95_ms: float | None
    rtt_samples: int
    move_rtt_ms: float | None
    """A guest's latest move round trip to the other board (an order to its outcome)."""
    move_rtt_p95_ms: float | None


class LinkView(Typed):
    """The remote link: the connection, the other side, the messages dropped."""

    state: str
    for_s: float
    error: str | None
    restarts: int
    internal_error: str | None
    broker: str
    peer: Peer
    peer_gone_s: float | None
    applied: int
    dropped: dict[str, int]
    history: LinkHistoryView | UnsetType = UNSET
    """The link's drops and round trips (``controller.remote.link_history``)."""


class RemoteView(Typed):
    """Remote play (docs/REMOTE.md): the role, the codes (blanked without the token), the seats
    played on the other board, the log and the link."""

    role: Literal["joining", "guest", "spectator", "host"]
    code: str | None
    game_id: str | None
    seats: list[int]
    log: int
    problem: str | None
    link: LinkView
    problem_said: SaidView | UnsetType = UNSET
    """The problem as a message, for a page in another language."""
    waiting: bool | UnsetType = UNSET
    spectator_code: str | UnsetType | None = UNSET
    joined: bool | UnsetType = UNSET
    join: JoinDoors | UnsetType = UNSET


class EngineState(Typed, kw_only=True):
    """The engine's keys of the state (``Game.to_json``): every variant's, then those of one
    variant (``UNSET`` in the others) and the test view's ``pending_lines``. A replay step
    carries these only."""

    variant: str
    players: int
    phase: str
    to_move: int
    team_of_seat: list[int]
    board: dict[str, BoardPiece]
    allowed: list[Hole]
    scored_lines: list[Line]
    winner: int | None
    draw: bool
    ledger: list[int]
    free_throws: int
    last_throw: str | None
    supply: list[int]
    pending_lines: int | UnsetType = UNSET
    token_mode: str | UnsetType = UNSET
    game_value: PaidLine | UnsetType | None = UNSET
    token_holes: dict[str, int | None] | UnsetType = UNSET
    tokens_left: list[int] | UnsetType = UNSET
    view_team: int | UnsetType = UNSET
    hand: list[int] | UnsetType = UNSET
    dealt: list[int] | UnsetType = UNSET
    open_threes: list[Line] | UnsetType = UNSET
    free_plays: int | UnsetType = UNSET
    burocrats_held: list[int] | UnsetType = UNSET
    burocrats_in_hand: list[int] | UnsetType = UNSET
    burocrat_holder: list[int] | UnsetType = UNSET
    lines_scored: list[int] | UnsetType = UNSET
    lines_to_win: int | UnsetType = UNSET
    turn_lines: list[list[Hole]] | UnsetType = UNSET
    buroline: list[Hole] | UnsetType | None = UNSET
    scoring: list[PatternScoring] | UnsetType = UNSET
    area_counters: list[int] | UnsetType = UNSET
    patterns: list[ScoredPattern] | UnsetType = UNSET
    last_patterns: list[ScoredPattern] | UnsetType = UNSET
    results: list[int] | UnsetType | None = UNSET
    squares: dict[str, int] | UnsetType = UNSET
    part: int | UnsetType = UNSET
    direction: int | UnsetType = UNSET
    misses: list[int] | UnsetType = UNSET
    free_move: bool | UnsetType = UNSET
    moves: dict[str, list[Hole]] | UnsetType = UNSET
    jump_from: Hole | UnsetType | None = UNSET
    geometry: str | UnsetType = UNSET
    """Flip 4's board (the service's state names the whole geometry instead)."""


class State(EngineState, kw_only=True):
    """The state JSON of DESIGN §4: the engine's keys, the options, the board's, the page's
    facts, the computer seats', remote play's and the recent public events."""

    options: GameOptions
    sensed: dict[str, SensedPiece]
    grooves: list[str | None]
    mismatch: MismatchView
    geometry: GeometryView  # type: ignore[assignment]  # the board, not only its key
    players_allowed: list[int]
    fix: list[str]
    fix_order: FixOrder | None
    message: str
    language: str
    languages: dict[str, LanguageView]
    connected: bool
    board_status: str
    board_health: list[str]
    sensing: str
    dice: str
    team_names: list[str]
    team_colours: list[str]
    notice: str | None
    banner: Event | None
    clearing: bool
    ready: bool
    # what the page is told instead of knowing the rules (``controller.core.facts``)
    uses_dice: bool
    uses_calls: bool
    uses_tokens: bool
    uses_burocrats: bool
    uses_lines: bool
    seat_labels: list[str]
    actions: Actions
    throw: str | None
    last_move: Hole | None
    call_window: CallWindow | None
    words: Nouns
    remote: RemoteView | None
    events: list[Event]
    computer_waits: bool | UnsetType = UNSET
    seats: list[SeatView] | UnsetType = UNSET
    computer_move: ComputerMove | UnsetType | None = UNSET
    hints: bool | UnsetType = UNSET
    threats: list[Threat] | UnsetType = UNSET
    seed: int | UnsetType = UNSET
    token_chosen: bool | UnsetType = UNSET
    token: int | UnsetType = UNSET
    to_substitute: int | UnsetType = UNSET
    steps: list[Hole] | UnsetType = UNSET


class Happened(Typed, tag_field="type", kw_only=True):
    """The base of the controller's own events (the engine's, and those of the computer seats
    and remote play, are ``Event`` dicts); ``at`` is stamped when it is published."""

    at: float = 0.0


class Refused(Happened, tag="refused"):
    """An order or a press refused (``button``: the press refused; ``said``: the reason as a
    message, for a page in another language)."""

    reason: str
    button: str | UnsetType = UNSET
    said: SaidView | UnsetType = UNSET


class BoardConnected(Happened, tag="board_connected"):
    """The board answers again."""


class BoardLost(Happened, tag="board_lost"):
    """The board stopped answering: the game waits."""


class SaidView(Typed):
    """A message with its values (``controller.i18n.Said``), for a page in another language: a
    value that is itself a message nests as one."""

    id: str
    args: dict[str, str | SaidView]

    @classmethod
    def of(cls, said: Said) -> SaidView:
        """The message as the page reads it."""
        return msgspec.convert(said.to_json(), cls)

    @classmethod
    def of_text(cls, text: str | None) -> SaidView | UnsetType:
        """The message of ``text`` when it is marked (the rules' words, ``why``), else
        ``UNSET``."""
        return cls.of(Said.of(text)) if isinstance(text, Phrase) else UNSET

    def said(self) -> Said:
        """The message again, to say in a language."""
        return Said.from_json(msgspec.to_builtins(self))


class PlacementRefused(Happened, tag="placement_refused"):
    hole: Hole
    reason: str
    said: SaidView | UnsetType = UNSET


class ButtonPressed(Happened, tag="button"):
    button: str
    seat: int | None


class ClearBoard(Happened, tag="clear_board"):
    """The win animation is over: the board must be emptied for the next game."""


class TakenBack(Happened, tag="undo"):
    """Moves taken back: the hole of the first, how many actions."""

    hole: Hole | None
    actions: int


class TokenChosen(Happened, tag="token_chosen"):
    seat: int
    chosen: bool


class BoardMatched(Happened, tag="board_matched"):
    """The board matches the game again."""


class BoardMismatch(Happened, tag="board_mismatch"):
    missing: list[Hole]
    extra: list[Hole]
    wrong_kind: list[Hole]
    grooves: list[GrooveProblem]


class FixHint(Happened, tag="fix_hint"):
    """What to fix, in words."""

    words: list[str]


class Resumed(Happened, tag="resumed"):
    """The journal's game resumed after a restart."""

    actions: int


class SeatSwitched(Happened, tag="seat"):
    seat: int
    kind: str
    level: int | UnsetType | None = UNSET
    name: str | UnsetType | None = UNSET


class VoicePressed(Happened, tag=VOICE_BUTTON):
    """VOICE pressed: the board is muted or unmuted."""


class RecordsFailed(Happened, tag="records_failed"):
    """The game could not be kept in the records; play goes on."""

    reason: str


ControllerEvent: TypeAlias = (
    Refused
    | BoardConnected
    | BoardLost
    | PlacementRefused
    | ButtonPressed
    | ClearBoard
    | TakenBack
    | TokenChosen
    | BoardMatched
    | BoardMismatch
    | FixHint
    | Resumed
    | SeatSwitched
    | VoicePressed
    | RecordsFailed
)
"""The controller's own events, published on ``WS /api/events`` and in the state (the union of
every published kind: ``controller.events``)."""
CONTROLLER_EVENTS: tuple[type[Happened], ...] = get_args(ControllerEvent)


class StateMessage(Typed, tag="state", tag_field="type"):
    """``WS /api/events``: a new state (the first message, then after each change)."""

    state: State


class SpokenLine(Typed):
    """A line the board says (``controller.voice``): its message id, words, topic and number."""

    key: str
    text: str
    topic: str
    serial: int


class Speech(Typed, tag="speech", tag_field="type"):
    """``WS /api/events``: a line the board says, for the page to say or show too."""

    line: SpokenLine


JsonObject = dict[str, Any]  # plain JSON as written out: the outer edge scripts and tests read
"""A value as the plain JSON its answer carries: the outer edge where scripts and tests read it
(and the OpenAPI document, ``controller.server.openapi``)."""


def as_json(value: Struct) -> JsonObject:
    """A typed value as the plain JSON data its answer carries (scripts and tests read the
    state as a dict)."""
    shown: JsonObject = msgspec.json.decode(encode(value))
    return shown
