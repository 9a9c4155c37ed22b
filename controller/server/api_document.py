"""The API's OpenAPI 3.1 document, generated from the app's route table: the paths, methods,
query parameters, statuses and guards from each route's ``Operation``
(``controller.server.api_routes``), the bodies and answers from their classes
(``controller.server.bodies``, ``controller.core.state``: ``msgspec.json.schema_components``,
their bounds included), the limits of the server (body size, rate) from their constants. Served
at ``GET /api/openapi.json``; ``python -m controller.server.openapi`` (``make openapi``) keeps it
in ``docs/api/openapi.json``, and a test checks it is the one generated.

An API route that is not an ``ApiRoute`` stops the document. The messages of ``WS /api/events``
are JSON Schema in the components (``EventsMessage``); remote play's MQTT messages join them
through ``MESSAGE_SCHEMAS``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

import msgspec
from starlette.routing import BaseRoute, Route

from controller.core.state import CONTROLLER_EVENTS, JsonObject, Speech, StateMessage
from controller.remote import messages as remote_messages
from controller.server.api_routes import ApiRoute
from controller.server.bodies import Error
from controller.server.limits import BURST, RATE_PER_S, WRONG_TOKEN_EVERY_S, WRONG_TOKENS
from controller.server.requests import MAX_BODY

REF = "#/components/schemas/{name}"
MESSAGE_SCHEMAS: dict[str, Callable[[str], tuple[dict[str, object], dict[str, object]]]] = {
    "Remote": remote_messages.schema_components,
}
"""Further messages the document carries, by prefix: remote play's MQTT messages (docs/REMOTE.md)
as ``RemoteMessage``, each kind as ``Remote<Kind>`` (each function answers the union's schema and
every kind's, referring to each other through the template it is given)."""
CATCH_ALL = "{rest:path}"
"""The app's last API route: any other path or method answers a JSON 404 or 405."""
BODY = f"A JSON object (or what `curl -d` sends), at most {MAX_BODY} bytes"
REFUSALS = {
    400: "Bad input: a body, key, type or value this document does not allow; nothing changed",
    401: "No token, or the wrong one, where this service needs 'Authorization: Bearer <token>'",
    403: "The Host names another site (DNS rebinding), or a page of another site sent it",
    404: "Not found",
    409: "Not now, or not in this game: the order does not fit the game or the board at this "
    "moment, or names what this game or board lacks (a seat, a team, a hole, a variant)",
    413: f"The body is over {MAX_BODY} bytes",
    415: "The body is not JSON by its Content-Type",
    429: f"Over this client's rate: at most {BURST} orders at once and {RATE_PER_S:g} a second "
    f"(clients on this machine are not held back), or {WRONG_TOKENS} wrong tokens, then one "
    f"try every {WRONG_TOKEN_EVERY_S:g} s; Retry-After says when to send again",
    503: "The order could not be stored (the journal, the settings file): it was not carried out",
}


def _operations(routes: Sequence[BaseRoute]) -> list[ApiRoute]:
    """Each API route, declared with its operation (``TypeError``: an API route without)."""
    found = []
    for route in routes:
        if not isinstance(route, Route) or not route.path.startswith("/api/"):
            continue
        if CATCH_ALL in route.path:
            continue
        if not isinstance(route, ApiRoute):
            methods = ", ".join(sorted((route.methods or set()) - {"HEAD"}))
            raise TypeError(f"{methods} {route.path} is no ApiRoute: it declares no operation")
        found.append(route)
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


def _operation(route: ApiRoute, schemas: dict[str, JsonObject]) -> JsonObject:
    op = route.operation
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
    if op.path_pattern is not None:
        parameters.append(
            {
                "name": "id",
                "in": "path",
                "required": True,
                "schema": {"type": "string", "pattern": op.path_pattern},
                "description": "A kept game's id (from 1)",
            }
        )
    path = route.path.removeprefix("/api")
    operation: JsonObject = {
        "operationId": route.method.lower()
        + path.replace("/", "_").replace("{id}", "id").replace(".", "_"),
        "summary": op.summary,
        "tags": list(op.tags),
        "responses": responses,
    }
    if parameters:
        operation["parameters"] = parameters
    if op.body is not None:
        fields = msgspec.structs.fields(op.body)
        operation["requestBody"] = {  # no body: no keys
            "description": BODY,
            "required": any(field.required for field in fields),
            "content": _content(schemas["body"]),
        }
    if op.guard is not None:
        operation["security"] = list(op.guard.security)
    return operation


def document(routes: Sequence[BaseRoute]) -> JsonObject:
    """The OpenAPI 3.1 document of an app with ``routes``."""
    operations = _operations(routes)
    answers: list[object] = [Error]
    for route in operations:
        op = route.operation
        if isinstance(op.answer, tuple):
            answers.extend(op.answer)
        elif op.answer is not JsonObject and op.answer is not str:
            answers.append(op.answer)
        if op.body is not None:
            answers.append(op.body)
    refs, components = _schemas(answers)
    schema_of = dict(zip([id(a) for a in answers], refs, strict=False))
    paths: JsonObject = {}
    for route in operations:
        op = route.operation
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
        paths.setdefault(route.path, {})[route.method.lower()] = _operation(route, schemas)
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
            "off loopback; the settings and the Pico's update need it on this machine too. "
            "`WS /api/events` sends `EventsMessage`s.",
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
