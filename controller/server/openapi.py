"""The API's OpenAPI 3.1 document, generated: the paths from the app's route table, the bodies
from their classes (``controller.server.bodies``, ``controller.core.state``), served at
``GET /api/openapi.json`` and kept in ``docs/api/openapi.json`` (``make openapi`` writes it,
a test checks it is the one generated).

Each route of the app has its entry in ``OPERATIONS`` (what it takes and every status it may
answer); a route without one stops the app from being built. The messages of ``WS
/api/events`` are JSON Schema in the components (``EventsMessage``); remote play's
MQTT messages join them through ``MESSAGE_SCHEMAS``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import msgspec
from starlette.routing import BaseRoute, Route

from controller.core.state import (
    CONTROLLER_EVENTS,
    JsonObject,
    RemoteView,
    Speech,
    State,
    StateMessage,
)
from controller.i18n import LANGUAGES
from controller.records.queries import GameDetail
from controller.remote import messages as remote_messages
from controller.remote.shown import Hosted
from controller.seats import MAX_NAME, NAME_PATTERN
from controller.server.bodies import (
    Empty,
    Error,
    Faces,
    GameExport,
    GamesPage,
    Hint,
    HostGame,
    Info,
    JoinGame,
    LiftPiece,
    Messages,
    NewGame,
    NewToken,
    PicoUpdateOrder,
    PicoUpdateStatus,
    PlacePiece,
    Replay,
    Resign,
    Restarting,
    SeatOrder,
    SensorWire,
    Settings,
    SettingsChange,
    SetupStatus,
    Stats,
    SwitchSeat,
    Token,
    VoiceChange,
)
from controller.server.routes.game import MAX_TEAMS
from controller.voice.voice import VoiceView
from engine.variants import VARIANTS

DOCUMENT = Path(__file__).parents[2] / "docs" / "api" / "openapi.json"
"""Where ``make openapi`` writes the document (in a checkout)."""
REF = "#/components/schemas/{name}"
MESSAGE_SCHEMAS: dict[str, Callable[[str], tuple[dict[str, object], dict[str, object]]]] = {
    "Remote": remote_messages.schema_components,
}
"""Further messages the document carries, by prefix: remote play's MQTT messages (docs/REMOTE.md)
as ``RemoteMessage``, each kind as ``Remote<Kind>`` (each function answers the union's schema and
every kind's, referring to each other through the template it is given)."""

HOST = "403 when the Host names another site (DNS rebinding) or a page of another site sent it"
REFUSALS = {
    400: "Bad input: a body, key, type or value this document does not allow; nothing changed",
    401: "No token, or the wrong one, where this service needs 'Authorization: Bearer <token>'",
    403: HOST,
    404: "Not found",
    409: "Not now, or not in this game: the order does not fit the game or the board at this "
    "moment, or names what this game or board lacks (a seat, a team, a hole, a variant)",
    413: "The body is over 64 KiB",
    415: "The body is not JSON by its Content-Type",
    429: "Over this client's rate of orders; Retry-After says when to send again",
    503: "The journal cannot store the order: it was not carried out",
}
ORDER = (400, 401, 403, 409, 413, 415, 429, 503)
"""What every order (a POST) may answer besides 200."""
SETTINGS = (401, 403, 404, 429)
"""What every settings route answers before its own checks: the token (on this machine too), the
site, the rate, and 404 where the service keeps no settings file."""


@dataclass(frozen=True)
class Query:
    """A query parameter and its JSON Schema."""

    name: str
    schema: JsonObject
    description: str


@dataclass(frozen=True)
class Operation:
    """One method on one path: its summary, body, query, 200 answer and other statuses."""

    summary: str
    answer: object
    """The answer's type (a tuple: any one of them)."""
    refusals: tuple[int, ...]
    body: type[msgspec.Struct] | None = None
    query: tuple[Query, ...] = ()
    order: bool = False
    """Needs the token off loopback (``Authorization: Bearer``)."""
    media_type: str = "application/json"
    path_pattern: str = r"^[1-9][0-9]{0,18}$"
    tags: tuple[str, ...] = field(default=())
    status: int = 200
    """The status of the answer (202: accepted, done after it)."""


TEAM = Query(
    "team",
    {"type": "integer", "minimum": 0, "maximum": MAX_TEAMS - 1},
    "That team's view (its own Pay-Off tokens); off loopback it needs the token; a team this "
    "game lacks: 409",
)
FILTER = (
    Query(
        "player",
        {"type": "string", "minLength": 1, "maxLength": MAX_NAME, "pattern": NAME_PATTERN},
        "Games with a seat of this player (any case)",
    ),
    Query("variant", {"type": "string", "enum": list(VARIANTS)}, "Games of this variant"),
)


def _order(summary: str, body: type[msgspec.Struct], answer: object = State) -> Operation:
    return Operation(summary, answer, ORDER, body=body, order=True, tags=("orders",))


def _sim_order(summary: str, body: type[msgspec.Struct]) -> Operation:
    """An order to the simulated board's hands: the state after it, 404 on a real board."""
    return Operation(summary, State, (*ORDER, 404), body, order=True, tags=("simulated board",))


OPERATIONS: dict[tuple[str, str], Operation] = {
    ("GET", "/api/state"): Operation(
        "The state (DESIGN §4): the game, the board, what each button may do now",
        State,
        (400, 401, 403, 409),
        query=(TEAM,),
        tags=("state",),
    ),
    ("POST", "/api/new_game"): _order("Start a game", NewGame),
    ("POST", "/api/roll"): _order("Throw the dice (or enter the faces thrown)", Faces),
    ("POST", "/api/call"): _order("Call FLIX", SeatOrder),
    ("POST", "/api/penalty"): _order("Call PENALTY (Qubic: ask for a block)", SeatOrder),
    ("POST", "/api/undo"): _order("Take back my move", Empty),
    ("POST", "/api/resign"): _order("A seat's team gives up", Resign),
    ("POST", "/api/token"): _order("Pay-Off: choose or enter a token", Token),
    ("POST", "/api/seats"): _order("Switch who plays a seat", SwitchSeat),
    ("GET", "/api/hint"): Operation(
        "The best move of the seat to move and why (an order: its hole blinks)",
        Hint,
        (400, 401, 403, 409, 429),
        query=(TEAM,),
        order=True,
        tags=("orders",),
    ),
    ("GET", "/api/info"): Operation(
        "What the page needs to draw and set up this board", Info, (403,), tags=("state",)
    ),
    ("GET", "/api/events/schema"): Operation(
        "The JSON Schema of every event kind on WS /api/events", JsonObject, (403,), tags=("state",)
    ),
    ("GET", "/api/words"): Operation(
        "A language's messages by their English ids",
        Messages,
        (400, 403),
        query=(
            Query(
                "lang",
                {"type": "string", "enum": list(LANGUAGES)},
                "The language (the board's by default)",
            ),
        ),
        tags=("state",),
    ),
    ("POST", "/api/sim/place"): _sim_order("Simulated board: seat a piece", PlacePiece),
    ("POST", "/api/sim/lift"): _sim_order("Simulated board: lift a piece", LiftPiece),
    ("POST", "/api/sim/wire"): _sim_order(
        "Simulated board: break or mend a sensor's wire", SensorWire
    ),
    ("POST", "/api/sim/clear"): _sim_order("Simulated board: lift every piece", Empty),
    ("GET", "/api/games"): Operation(
        "A page of the kept games, newest first",
        GamesPage,
        (400, 403),
        query=(
            *FILTER,
            Query("page", {"type": "integer", "minimum": 1, "maximum": 10**6}, "From 1"),
            Query("per_page", {"type": "integer", "minimum": 1, "maximum": 100}, "Default 20"),
        ),
        tags=("records",),
    ),
    ("GET", "/api/games/stats"): Operation(
        "Each player's games, results and lines",
        Stats,
        (400, 403),
        query=FILTER,
        tags=("records",),
    ),
    ("GET", "/api/games/{id}"): Operation(
        "One kept game with its notation; `{id}.json`: a download with its moves as actions",
        (GameDetail, GameExport),
        (400, 403, 404),
        path_pattern=r"^[1-9][0-9]{0,18}(\.json)?$",
        tags=("records",),
    ),
    ("GET", "/api/games/{id}/notation"): Operation(
        "One kept game in the text notation (docs/NOTATION.md), a download",
        str,
        (400, 403, 404),
        media_type="text/plain",
        tags=("records",),
    ),
    ("GET", "/api/games/{id}/replay"): Operation(
        "The public state before the first move and after each one",
        Replay,
        (400, 403, 404),
        tags=("records",),
    ),
    ("POST", "/api/remote/host"): _order("Remote play: host this game", HostGame, Hosted),
    ("POST", "/api/remote/join"): _order("Remote play: join (or watch) a game", JoinGame),
    ("POST", "/api/remote/leave"): _order("Remote play: leave the remote game", Empty),
    ("GET", "/api/remote"): Operation(
        "Remote play: the role, the codes (with the token), the link (null outside a game)",
        RemoteView | None,
        (403,),
        tags=("remote play",),
    ),
    ("GET", "/api/openapi.json"): Operation("This document", JsonObject, (403,), tags=("state",)),
    ("POST", "/api/next_game"): _order("After a game: the next one with the same players", Empty),
    ("GET", "/api/voice"): Operation(
        "The board's voice: whether it speaks, its engine, mute, volume",
        VoiceView,
        (403,),
        tags=("voice",),
    ),
    ("POST", "/api/voice"): Operation(
        "Mute or unmute the board, set its volume (until the next start)",
        VoiceView,
        (400, 401, 403, 413, 415, 429),
        VoiceChange,
        order=True,
        tags=("voice",),
    ),
    ("GET", "/api/setup"): Operation(
        "Whether the board waits to be set up, and this run's id",
        SetupStatus,
        (403,),
        tags=("settings",),
    ),
    ("GET", "/api/settings"): Operation(
        "The settings the page may change, the token and the page's link (always the token)",
        Settings,
        SETTINGS,
        order=True,
        tags=("settings",),
    ),
    ("POST", "/api/settings"): Operation(
        "Write settings to the configuration file and apply what applies now",
        Settings,
        (*SETTINGS, 400, 409, 413, 415, 503),
        SettingsChange,
        order=True,
        tags=("settings",),
    ),
    ("POST", "/api/settings/token"): Operation(
        "A new access token (random when none is given), kept across restarts",
        Settings,
        (*SETTINGS, 400, 413, 415, 503),
        NewToken,
        order=True,
        tags=("settings",),
    ),
    ("POST", "/api/settings/restart"): Operation(
        "Stop cleanly and start again with the same command line",
        Restarting,
        (*SETTINGS, 400, 413, 415),
        Empty,
        order=True,
        tags=("settings",),
        status=202,
    ),
    ("GET", "/api/pico/update"): Operation(
        "How far the update of the Pico's firmware is, and how the last one ended",
        PicoUpdateStatus,
        (401, 403, 429),
        order=True,
        tags=("settings",),
    ),
    ("POST", "/api/pico/update"): Operation(
        "Update the Pico's firmware to the UF2 this release carries (as flixboard pico-update)",
        PicoUpdateStatus,
        (400, 401, 403, 409, 413, 415, 429),
        PicoUpdateOrder,
        order=True,
        tags=("settings",),
        status=202,
    ),
}


def _operations(routes: Sequence[BaseRoute]) -> list[tuple[str, str, Operation]]:
    """Each method of each API route, with its entry in ``OPERATIONS`` (``KeyError``: a route
    without one)."""
    found = []
    for route in routes:
        if not isinstance(route, Route) or not route.path.startswith("/api/"):
            continue
        if "{rest:path}" in route.path:
            continue  # the catch-all: JSON 404 and 405
        for method in sorted((route.methods or set()) - {"HEAD"}):
            key = (method, route.path)
            if key not in OPERATIONS:
                raise KeyError(f"{method} {route.path} has no entry in OPERATIONS")
            found.append((method, route.path, OPERATIONS[key]))
    return found


def _schemas(answers: Sequence[object]) -> tuple[list[JsonObject], JsonObject]:
    types = [*answers, StateMessage, Speech, *CONTROLLER_EVENTS]
    refs, components = msgspec.json.schema_components(types, ref_template=REF)
    found = dict(components)
    for prefix, schemas in MESSAGE_SCHEMAS.items():
        union, kinds = schemas(REF.replace("{name}", prefix + "{name}"))
        found[f"{prefix}Message"] = union
        found.update({prefix + name: schema for name, schema in kinds.items()})
    return list(refs), found


def _content(schema: JsonObject, media_type: str = "application/json") -> JsonObject:
    return {media_type: {"schema": schema}}


def _operation(method: str, path: str, op: Operation, schemas: dict[str, JsonObject]) -> JsonObject:
    error = {"$ref": REF.format(name="Error")}
    responses: JsonObject = {
        str(op.status): {
            "description": "OK" if op.status == 200 else "Accepted",
            "content": _content(schemas["answer"], op.media_type),
        }
    }
    for status in op.refusals:
        answer: JsonObject = {"description": REFUSALS[status], "content": _content(error)}
        if status == 429:
            answer["headers"] = {
                "Retry-After": {"schema": {"type": "integer", "minimum": 1}},
            }
        responses[str(status)] = answer
    parameters: list[JsonObject] = [
        {
            "name": q.name,
            "in": "query",
            "required": False,
            "schema": q.schema,
            "description": q.description,
        }
        for q in op.query
    ]
    if "{id}" in path:
        parameters.append(
            {
                "name": "id",
                "in": "path",
                "required": True,
                "schema": {"type": "string", "pattern": op.path_pattern},
                "description": "A kept game's id (from 1)",
            }
        )
    operation: JsonObject = {
        "operationId": method.lower()
        + path.removeprefix("/api").replace("/", "_").replace("{id}", "id").replace(".", "_"),
        "summary": op.summary,
        "tags": list(op.tags),
        "responses": responses,
    }
    if parameters:
        operation["parameters"] = parameters
    if op.body is not None:
        fields = msgspec.structs.fields(op.body)
        operation["requestBody"] = {  # no body: no keys
            "required": any(field.required for field in fields),
            "content": _content(schemas["body"]),
        }
    if op.order:
        operation["security"] = [{}, {"token": []}]
    return operation


def document(routes: Sequence[BaseRoute]) -> JsonObject:
    """The OpenAPI 3.1 document of an app with ``routes``."""
    operations = _operations(routes)
    answers: list[object] = [Error]
    for _, _, op in operations:
        if isinstance(op.answer, tuple):
            answers.extend(op.answer)
        elif op.answer is not JsonObject and op.answer is not str:
            answers.append(op.answer)
        if op.body is not None:
            answers.append(op.body)
    refs, components = _schemas(answers)
    schema_of = dict(zip([id(a) for a in answers], refs, strict=False))
    paths: JsonObject = {}
    for method, path, op in operations:
        if op.answer is JsonObject:
            answer_schema: JsonObject = {"type": "object"}
        elif op.answer is str:
            answer_schema = {"type": "string"}
        elif isinstance(op.answer, tuple):
            answer_schema = {"anyOf": [schema_of[id(one)] for one in op.answer]}
        else:
            answer_schema = schema_of[id(op.answer)]
        schemas = {"answer": answer_schema}
        if op.body is not None:
            schemas["body"] = schema_of[id(op.body)]
        paths.setdefault(path, {})[method.lower()] = _operation(method, path, op, schemas)
    state_ref, speech_ref = refs[len(answers) : len(answers) + 2]
    typed = refs[len(answers) + 2 : len(answers) + 2 + len(CONTROLLER_EVENTS)]
    tags = sorted(str(cls.__struct_config__.tag) for cls in CONTROLLER_EVENTS)
    components["EventsMessage"] = {
        "title": "EventsMessage",
        "description": "A message of WS /api/events: the state first, then each public event "
        "and each new state (a state waiting to be sent is replaced by the newer one), and each "
        "line the board says (speech). A reader that falls behind is closed with 4008; a page "
        "of another site with 1008.",
        "anyOf": [
            state_ref,
            speech_ref,
            *typed,
            {
                "title": "Event",
                "description": "An event of the game (the engine's), of the computer seats or "
                "of remote play: its type and the keys of its kind",
                "type": "object",
                "required": ["type", "at"],
                "properties": {
                    "type": {"type": "string", "not": {"enum": ["state", "speech", *tags]}},
                    "at": {"type": "number"},
                },
            },
        ],
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "FLIX board controller",
            "version": "1",
            "description": "The HTTP API of `flixboard run` (docs/DESIGN.md §4). Orders (POST, "
            "and GET /api/hint) need `Authorization: Bearer <token>` when the service is bound "
            "off loopback. `WS /api/events` sends `EventsMessage`s.",
        },
        "servers": [{"url": "http://127.0.0.1:8640"}],
        "paths": paths,
        "components": {
            "schemas": components,
            "securitySchemes": {
                "token": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The token from the configuration, or printed at start",
                }
            },
        },
    }


def text(routes: Sequence[BaseRoute]) -> str:
    """The document as ``docs/api/openapi.json`` holds it."""
    return json.dumps(document(routes), indent=1, sort_keys=True) + "\n"


def main(argv: Sequence[str]) -> int:
    """``python -m controller.server.openapi [FILE]``: write the document (``make openapi``)."""
    from controller.config import Config
    from controller.records.journal import Journal
    from controller.server.app import create_app
    from controller.server.service import Service
    from sim.board import SimBoard

    service = Service(SimBoard(), Config(), Journal(None), host="127.0.0.1", port=0, token="-")
    target = Path(argv[0]) if argv else DOCUMENT
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text(create_app(service).routes))
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
