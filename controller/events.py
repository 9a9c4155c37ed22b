"""Every event the service publishes, as one tagged union: the game's (``engine.events``), the
controller's own (``controller.core.state``), the computer seats' and remote play's.

A reader of published events matches on these classes and ends with ``typing.assert_never``,
so mypy names a kind it forgot. :func:`events_schema` is the union's JSON Schema as the wire
carries it (holes by name; every published event also carries ``at``), served at
``GET /api/events/schema``; the page's words for each kind are checked against it.
"""

from __future__ import annotations

from typing import TypeAlias, cast, get_args

import msgspec

from controller.computer.events import ComputerEvent
from controller.core.state import ControllerEvent, Happened, JsonObject
from controller.remote.events import RemoteEvent
from engine.events import HOLE_KEYS, LINES_KEYS, SET_KEYS, EventBase
from engine.events import Event as GameEvent

Published: TypeAlias = GameEvent | ControllerEvent | ComputerEvent | RemoteEvent
"""Every kind of event on ``WS /api/events`` and in the state's ``events``."""
PUBLISHED: tuple[type[EventBase | Happened], ...] = get_args(Published)


def published(event: Happened | GameEvent) -> Published:
    """``event`` as a member of the union (a controller event of a class the union does not
    name is a mistake of the program: ``TypeError``)."""
    if not isinstance(event, PUBLISHED):
        raise TypeError(f"{type(event).__name__} is not in controller.events.Published")
    return cast(Published, event)


def event_kinds() -> list[str]:
    """Every published kind's ``type``, in the union's order."""
    return [str(kind.__struct_config__.tag) for kind in PUBLISHED]


def events_schema() -> JsonObject:
    """The JSON Schema of :data:`Published` as the wire carries it: ``msgspec.json.schema`` of
    the union, with the game's holes by name (the keys ``EventBase.to_json`` names them by), the
    time ``at`` every published event carries and ``secret`` on the kinds that are."""
    schema: JsonObject = msgspec.json.schema(Published)
    kinds = {kind.__name__: kind for kind in PUBLISHED}
    for name, shape in schema["$defs"].items():
        if name not in kinds:
            continue
        properties = shape["properties"]
        for key, value in properties.items():
            properties[key] = _by_name(key, value)
        properties["at"] = {"type": "number", "description": "When it was published (seconds)"}
        if getattr(kinds[name], "secret", False):
            properties["secret"] = {"const": True}
            shape["required"].append("secret")
    return schema


def _by_name(key: str, value: JsonObject) -> JsonObject:
    """A game event's property as the wire writes it (``engine.events.json_value``)."""
    if value.get("type") == "integer" and key in HOLE_KEYS:
        return {"type": "string", "description": "A hole's name (``Y-II-H``) or a cell's (``b3``)"}
    if value.get("type") == "integer" and key in SET_KEYS:
        return {"type": "array", "items": {"type": "string"}, "description": "Holes by name"}
    if value.get("items") == {"type": "integer"} and key in LINES_KEYS:
        lines = {"type": "array", "items": {"type": "string"}}
        return {"type": "array", "items": lines, "description": "Lines, each its holes by name"}
    return value
