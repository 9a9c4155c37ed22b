"""The HTTP API's bodies as typed values: what each order takes, what each route answers.

A request body is read into its class by ``controller.server.requests.read_body`` (a key the
class does not name, a missing key or a wrong type: 400); an answer is one of these classes (or
the state, ``controller.core.state.State``), encoded by the one encoder through ``Answer``. The
constraints here (``Meta``) are the API's: the OpenAPI document (``controller.server.api_document``)
is generated from these classes.
"""

from __future__ import annotations

import re
from dataclasses import is_dataclass
from types import GenericAlias
from typing import Annotated, Any, Literal, cast, get_args, get_origin, get_type_hints

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType
from starlette.background import BackgroundTask
from starlette.responses import Response

from controller.computer.level_guide import LevelGuide
from controller.config import Config, settings_specs
from controller.config_checks import MAX_SEAT_TABLES, MAX_TOKEN
from controller.config_file import TOKEN_PATTERN
from controller.core.state import EngineState, Hole
from controller.games import game_names
from controller.games.spec import ProofSays
from controller.records.model import GameOptions
from controller.records.queries import GameItem, GameResult, GameSeat, PlayerStats
from controller.remote.fair_dice import DiceBook
from controller.seats import (
    COMPUTER,
    HUMAN,
    MAX_NAME,
    NAME_PATTERN,
    check_name,
    seats_from_json,
)
from controller.settings_spec import Declared, OnPage, SettingSpec
from controller.settings_spec import fields as declared_fields
from controller.wire import Typed, encode
from engine.game import MAX_TOKEN as MAX_TOKEN_VALUE
from engine.game import SEED_LIMIT
from engine.grid import Nouns
from engine.players.base import LEVELS

# Each bound is checked where the body is read (``msgspec.convert``: a 400) and stated in the
# document by the same declaration. A value the document allows that this game or board does not
# have (a seat beyond its players, a hole not on this board) is the game's to refuse: a 409.
MAX_SEAT = 7
"""The highest seat of any game (eight players)."""
Seat = Annotated[int, Meta(ge=0, le=MAX_SEAT, description="a seat 0..7 (one this game lacks: 409)")]
Seed = Annotated[int, Meta(ge=0, le=SEED_LIMIT - 1, description="a seed 0..2**63-1")]
Players = Annotated[int, Meta(ge=1, le=8, description="players 1..8 (as the variant takes)")]
HOLE_PATTERN = (
    "^([A-Za-z]-([Ii]{1,3}|[Ii][Vv])-[A-Za-z]"  # a hole of the spaceboard: Y-II-H
    "|[A-Za-z][1-4][A-Za-z]"  # the same, compact: y2h
    "|[A-Za-z][0-9]{1,2})$"  # a cell of a flat board: c2
)
HoleName = Annotated[
    str,
    Meta(
        pattern=HOLE_PATTERN,
        description="a hole (Y-II-H, y2h) or a cell (c2); one this board lacks: 409",
    ),
]
FACES_PATTERN = "^[A-Za-z0-9]+([ /][A-Za-z0-9]+){0,2}$"
Throw = Annotated[
    str,
    Meta(
        pattern=FACES_PATTERN,
        max_length=40,
        description="the faces thrown, as yellow/II/hearts or 3/5 (faces not of this game's "
        "dice: 409)",
    ),
]
Piece = Literal["man", "burocrat"]
GAMES = game_names()
"""The installed games (``controller.games``), read when the service starts."""
Variant = Annotated[
    str, Meta(pattern=f"^({'|'.join(GAMES)})$", description=f"one of {', '.join(GAMES)}")
]
Level = Annotated[int, Meta(ge=LEVELS.start, le=LEVELS.stop - 1, description="a level 1..5")]
SeatKind = Literal["human", "computer"]
Name = {"type": "string", "minLength": 1, "maxLength": MAX_NAME, "pattern": NAME_PATTERN}
SEAT_SCHEMA = {
    "anyOf": [
        {
            "type": "object",
            "required": ["kind"],
            "additionalProperties": False,
            "properties": {
                "kind": {"const": HUMAN},
                "level": {"type": "null"},
                "name": {"anyOf": [Name, {"type": "null"}]},
            },
        },
        {
            "type": "object",
            "required": ["kind"],
            "additionalProperties": False,
            "properties": {
                "kind": {"const": COMPUTER},
                "level": {
                    "type": "integer",
                    "minimum": LEVELS.start,
                    "maximum": LEVELS.stop - 1,
                },
                "name": {"anyOf": [Name, {"type": "null"}]},
            },
        },
    ],
}
"""A seat's table as the document states it (``new_game``'s seats, ``[[game.seats]]``), each
checked, with the seat it concerns named, by ``controller.seats``."""
SeatChoice = Annotated[
    Any,
    Meta(
        description="Who plays a seat: a person, or the computer at a level (a wrong one "
        "answers 400 naming the seat)",
        extra_json_schema=SEAT_SCHEMA,
    ),
]
PlayerName = Annotated[
    Any,  # checked by ``controller.seats``
    Meta(
        description="A player's name, or null to keep the seat's",
        extra_json_schema={"anyOf": [Name, {"type": "null"}]},
    ),
]


class Body(Struct, forbid_unknown_fields=True):
    """The base of the request bodies."""


def refusal(
    kind: type[Struct],
    data: dict[str, Any],  # the request's JSON object as read
    said: str,
) -> str:
    """What a body ``data`` of ``kind`` broke, from ``msgspec``'s words (``"Expected `int` <= 7
    - at `$.seat`"``): a key's wrong type as ``seat has the wrong type: '1'``; a bound as the key
    and the description the bound carries (``seat: a seat 0..7 ...``); an unknown key with the
    keys its table takes."""
    said, _, where = said.partition(" - at `$.")
    where = where.rstrip("`")
    key = re.split(r"[.\[]", where)[0] or "the body"
    if ", got `" in said and (where == key or "[...]" in where):  # a key's, or an option's
        return f"{key} has the wrong type: {data.get(key)!r}"
    hint: Any = kind
    for part in re.sub(r"\[[^\]]*\]", "", where).split(".") if where else ():
        owner = _struct(hint)
        hint = None if owner is None else get_type_hints(owner, include_extras=True).get(part)
    unknown = re.fullmatch(r"Object contains unknown field `(.*)`", said)
    if unknown and (owner := _struct(hint)) is not None:
        takes = ", ".join(field.name for field in msgspec.structs.fields(owner))
        return f"unknown key '{where}.{unknown.group(1)}'; {where} takes {takes}"
    metas = [t for t in _parts(hint) if isinstance(t, Meta) and t.description] if where else []
    described = metas[0].description if metas else said[:1].lower() + said[1:]
    return f"{where or 'the body'}: {described}"


def _struct(hint: Any) -> type[Struct] | None:
    return next((t for t in _parts(hint) if isinstance(t, type) and issubclass(t, Struct)), None)


def _parts(hint: Any) -> list[Any]:
    """The types and ``Meta`` of a hint, through ``Annotated``, unions and lists."""
    found: list[Any] = []
    for arg in get_args(hint) or (hint,):
        found.extend(_parts(arg) if get_args(arg) else [arg])
    if get_origin(hint) is Annotated:
        found.extend(hint.__metadata__)
    return found


class Empty(Body):
    """An order that takes no keys (an empty body, or ``{}``)."""


class NewGame(Body, kw_only=True):
    """``POST /api/new_game``: the variant, the players and, optionally, the seed, options on
    top of the configured ones, who plays each seat, whether hints show, the players' names."""

    variant: Variant
    players: Players
    seed: Seed | None = None
    options: GameOptions | None = None
    seats: list[SeatChoice] | None = None
    hints: bool | None = None
    names: list[PlayerName] | None = None

    def __post_init__(self) -> None:  # each seat and name as the document says, or a 400
        if self.seats is not None:
            seats_from_json(self.seats, len(self.seats))
        for index, name in enumerate(self.names or ()):
            if name is not None:
                check_name(name, f"name {index}")


class Faces(Body):
    """``POST /api/roll``: the faces thrown (physical dice), or none for the service's dice."""

    faces: Throw | None = None


class SeatOrder(Body):
    """``POST /api/call`` and ``POST /api/penalty``: the seat, or none as the board's buttons."""

    seat: Seat | None = None


class Resign(Body):
    seat: Seat


TOKEN_VALUE = f"a token's value 1..{MAX_TOKEN_VALUE} (one this game lacks: 409)"


class Token(Body):
    """``POST /api/token`` (Pay-Off): the mover's token for the next placement (``null``
    clears it), or after a call in physical token mode the token of the Man in ``hole``."""

    token: Annotated[int, Meta(ge=1, le=MAX_TOKEN_VALUE, description=TOKEN_VALUE)] | None
    seat: Seat | None = None
    hole: HoleName | None = None


class SwitchSeat(Body):
    """``POST /api/seats``: who plays ``seat`` from now on."""

    seat: Seat
    kind: SeatKind
    level: Level | None = None
    """The computer's level (a person has none: a level with ``human`` is a 400)."""


class HostGame(Body):
    """``POST /api/remote/host``: the seats played on the other board (default: all but the
    first)."""

    seats: Annotated[list[Seat], Meta(max_length=MAX_SEAT + 1, description="seats 0..7")] | None = (
        None
    )


class JoinGame(Body):
    code: Annotated[str, Meta(max_length=40, description="a code of at most 40 characters")]


class PlacePiece(Body):
    """``POST /api/sim/place``: a piece seated in a hole of the simulated board."""

    hole: HoleName
    piece: Piece | None = None


class LiftPiece(Body):
    hole: HoleName


class SensorWire(Body):
    """``POST /api/sim/wire``: the wire of a hole's sensor on the simulated board breaks
    (``broken``: its input reads 0 V) or is mended."""

    hole: HoleName
    broken: bool


class VoiceChange(Body):
    """``POST /api/voice``: mute or unmute the board, set its volume (until the next start)."""

    muted: bool | None = None
    volume: Annotated[int, Meta(ge=0, le=100, description="an integer 0..100")] | None = None


class Table(Body, omit_defaults=True):
    """A table of the settings page's body: only the keys given are written (each checked in
    the configuration's own words by ``controller.config``: a value the document allows that
    this board cannot use, such as an address not of this machine, answers 409)."""


_BOUNDS = ("gt", "ge", "lt", "le", "multiple_of", "pattern", "min_length", "max_length")


def _page_type(declared: Declared, allowed: str) -> Any:
    """A setting's type as the page's body takes it: the declaration's type and bounds,
    described by the values it takes; the list of tables (the seats) as ``new_game``'s seats
    (up to ``MAX_SEAT_TABLES``), each checked by the setting's own check (which names the seat
    and the key it refuses)."""
    base = declared.base
    bounds = {
        name: getattr(meta, name)
        for meta in declared.metas
        for name in _BOUNDS
        if getattr(meta, name) is not None
    }
    if get_origin(base) is tuple:
        item = get_args(base)[0]
        if isinstance(item, type) and is_dataclass(item):  # a seat, the only table listed
            base = list[Annotated[Any, Meta(extra_json_schema=SEAT_SCHEMA)]]
            bounds["max_length"] = MAX_SEAT_TABLES
        else:
            base = GenericAlias(list, (item,))
    return Annotated[base, Meta(**bounds, description=allowed)]


def _page_table(name: str, table: type[Struct]) -> type[Table]:
    """The page's keys of ``table`` (its settings marked ``OnPage``), each optional."""
    allowed = {(s.table, s.key): s.allowed for s in settings_specs()}
    keys = [
        (key, _page_type(declared, allowed[name, key]) | UnsetType, UNSET)
        for key, declared, _ in declared_fields(table)
        if declared.marker(OnPage) is not None
    ]
    kind = msgspec.defstruct(f"{name.title()}Table", keys, bases=(Table,), module=__name__)
    return cast("type[Table]", kind)


PAGE_TABLES = {
    info.name: _page_table(info.name, info.type)
    for info in msgspec.structs.fields(Config)
    if any(spec.page and spec.table == info.name for spec in settings_specs())
}
"""The page's tables of settings, from the settings' declarations (``controller.config``)."""
SettingsChange = cast(
    "type[Body]",
    msgspec.defstruct(
        "SettingsChange",
        [(name, table | None, None) for name, table in PAGE_TABLES.items()],
        bases=(Body,),
        module=__name__,
        namespace={
            "__doc__": "``POST /api/settings``: the settings to write, by table (``{}`` on the "
            "first run writes the file as it is)."
        },
    ),
)


TokenText = Annotated[
    str,
    Meta(
        pattern=f"^{TOKEN_PATTERN.pattern}$",
        min_length=16,
        max_length=MAX_TOKEN,
        description="a token is 16 to 128 letters, digits, _ or -",
    ),
]
"""A token the page may set: 16..128 letters, digits, ``_`` or ``-``."""


class NewToken(Body):
    """``POST /api/settings/token``: the new token (none: a random one)."""

    token: TokenText | None = None


# ---------------------------------------------------------------------- answers


class Error(Typed):
    """A refused order or request: nothing changed."""

    error: str


class Layout(Typed):
    panels: str
    suits: str


class BoardGeometry(Typed):
    key: str
    rows: int
    cols: int


class VariantFacts(Typed):
    uses_dice: bool
    uses_calls: bool
    uses_tokens: bool
    uses_burocrats: bool
    uses_lines: bool
    players: list[int]
    team_of_seat: dict[str, list[int]]
    levels: list[LevelGuide]
    """The computer's levels: what each does and how it scored against the level below."""


class ProofAnswer(Typed):
    """``GET /api/proof``: what the game's proof says from the position now (``says``), if
    the game has a proof (``has_proof``) and the position is in it."""

    variant: str
    has_proof: bool
    says: ProofSays | None


class GameNames(Typed):
    """A game as the page names and draws it (its ``GameSpec``)."""

    title: str
    """Its name, a message id the page says in its language."""
    choice: str
    """Its entry in the New game form, a message id."""
    page: str | None
    """The URL of its page module, which the page imports (``None``: it has none)."""


class Info(Typed):
    """``GET /api/info``: what the page needs to draw and set up this board."""

    board: str
    sim: bool
    layout: Layout
    geometry: BoardGeometry
    variants: list[str]
    variant_facts: dict[str, VariantFacts]
    players: list[int]
    words: Nouns
    language: str
    languages: list[str]
    team_of_seat: dict[str, list[int]]
    dice: str
    team_names: list[str]
    team_colours: list[str]
    token_required: bool
    games: dict[str, GameNames]
    """Every installed game (those of other boards too: the history lists them)."""


class Messages(Typed):
    """``GET /api/words``: a language's messages by their English ids (``controller.i18n``)."""

    language: str
    messages: dict[str, str]


class Hint(Typed):
    """``GET /api/hint``: the best move of the seat to move and why (``to``: a Flip 4 step)."""

    seat: int
    action: str
    hole: Hole | None
    token: int | None
    reason: str
    to: Hole | UnsetType = UNSET


class GamesPage(Typed):
    games: list[GameItem]
    total: int
    page: int
    per_page: int


class Stats(Typed):
    players: list[PlayerStats]


class ExportedMove(Typed):
    line: int
    text: str
    seat: int
    action: dict[str, str | int | float | None]


class GameExport(Typed):
    """``GET /api/games/{id}.json`` (a download): the game with its notation, and its moves as
    the engine's actions instead of their count."""

    id: int
    variant: str
    players: list[GameSeat]
    player_count: int
    options: GameOptions
    result: GameResult
    started: str | None
    ended: str | None
    placements: int
    moves: list[ExportedMove]
    source: str
    notation: str
    dice: DiceBook | None = None
    """A remote game's dice: the commitments and every throw's proof
    (``flixboard games --verify-dice``)."""


class ReplayStep(Typed):
    """The public state of the engine before the first move (step 0) and after each move, with
    the move's text, seat and the hole where its piece went."""

    step: int
    text: str | None
    seat: int | None
    hole: Hole | None
    state: EngineState


class ReplayHead(Typed):
    id: int
    variant: str
    players: list[GameSeat]
    result: GameResult
    layout: Layout


class Replay(ReplayHead):
    """``GET /api/games/{id}/replay`` (sent as it is computed)."""

    steps: list[ReplayStep]


class SetupStatus(Typed):
    """``GET /api/setup``: whether the board waits to be set up, and this run's id (a new one
    after a restart)."""

    first_run: bool
    run: str


class SettingsBoard(Typed):
    backend: str
    geometry: str


class Settings(Typed):
    """``GET /api/settings``: the settings the page may change (the password only as
    ``password_set``), when each applies, the token and the page's link and QR code."""

    first_run: bool
    file: str
    settings: dict[str, dict[str, Any]]  # the settings as written to the page
    """The page's settings as they are now, by table (a secret only as whether one is set:
    ``password`` empty, ``password_set``)."""
    schema: list[SettingSpec]
    """The declarations of the page's settings: bounds, description, when each applies."""
    when: dict[str, dict[str, str]]
    restart_needed: list[str]
    token: str
    link: str
    reachable: bool
    qr_svg: str
    language: str
    board: SettingsBoard
    held: dict[str, str]
    """The page's settings the command line sets (``"board.backend": "--board sim"``): written
    to the file, but the service keeps the command line's while it is started so."""
    notice: str
    """Why this start did not use the file's settings but the last ones that worked (empty
    when it used the file)."""


class PicoUpdateOrder(Body):
    """``POST /api/pico/update``: ``force`` flashes the Pico even when it runs the carried
    version."""

    force: bool = False


PicoOutcome = Literal["updated", "current", "failed"]


class PicoUpdateStatus(Typed):
    """``/api/pico/update``: the update of the Pico's firmware from the page: whether it runs,
    each step said so far, its outcome (``updated``, ``current``: nothing to do, ``failed``),
    the message that ends it (a failure's says how to recover) and the firmware the Pico runs
    after it."""

    running: bool
    steps: list[str]
    outcome: PicoOutcome | None = None
    message: str | None = None
    firmware: str | None = None


class Restarting(Typed):
    """``POST /api/settings/restart`` (202): the service stops and starts again."""

    restarting: bool


class Answer(Response):
    """A typed answer as JSON, through the one encoder."""

    media_type = "application/json"

    def __init__(
        self,
        content: object,
        status_code: int = 200,
        headers: dict[str, str] | None = None,
        background: BackgroundTask | None = None,
    ) -> None:
        super().__init__(content, status_code, headers, None, background)

    def render(self, content: Any) -> bytes:
        return encode(content)
