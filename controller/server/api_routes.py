"""The API's route table: each route declared once with its operation (what it takes, what it
answers, what may refuse it), from which ``controller.server.api_document`` writes the OpenAPI
document.

An ``ApiRoute`` applies what it declares: its guard (``ORDER``, ``OWNER``) is checked before
its handler runs, and every refusal is answered by its status (``controller.server.statuses``).
The statuses an operation may answer follow from its parts: the Host check (403) for every
route, its guard's, its body's (``read_body``: 400, 413, 415), its query parameters' and its
path's, and those its handler raises itself (``refuses``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Literal

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from controller.core.state import JsonObject, State
from controller.server.requests import check_order, check_owner
from controller.server.statuses import answer
from controller.server.web_service import WebService

Handler = Callable[[Request], Awaitable[Response]]
HOST_REFUSAL = 403
"""Every request whose Host names another site is refused (``controller.server.hosts``)."""
BODY_REFUSALS = (400, 413, 415)
"""A body that is not one the operation takes, too large, or not JSON (``read_body``)."""
GAME_ORDER = (409, 503)
"""What an order carried out on the game may answer: the game or the board cannot take it now
(409), the journal cannot store it (503)."""
ID_PATTERN = r"^[1-9][0-9]{0,18}$"
"""A kept game's id in a path: a whole number from 1, at most 19 digits."""


@dataclass(frozen=True)
class Guard:
    """Who may send a request, checked before its handler runs, and how it refuses."""

    check: Callable[[Request, WebService], None]
    refusals: tuple[int, ...]
    security: tuple[JsonObject, ...]
    """The document's security requirements (``{}``: none where the service needs none)."""


ORDER = Guard(check_order, (401, 403, 429), ({}, {"token": []}))
"""An order: the token off loopback, a same-site page, within the client's rate."""
OWNER = Guard(check_owner, (401, 403, 429), ({"token": []},))
"""The board's owner: the token on this machine too, a same-site page, within the rate."""


@dataclass(frozen=True)
class Query:
    """A query parameter: its type (with its bounds, ``Annotated[int, Meta(ge=..., le=...)]``),
    and the statuses a value of it may be refused with."""

    name: str
    kind: object
    description: str
    refusals: tuple[int, ...] = (400,)

    @property
    def schema(self) -> JsonObject:
        """The JSON Schema of its values."""
        return msgspec.json.schema(self.kind)


def one_of(names: Iterable[str]) -> object:
    """The type of a value that is one of ``names`` (an enum in the document)."""
    return Literal.__getitem__(tuple(names))


@dataclass(frozen=True)
class Operation:
    """One method on one path: what it takes, what it answers, what may refuse it."""

    summary: str
    answer: object
    """The answer's type (a tuple: any one of them; ``str``: text; ``JsonObject``: any
    object)."""
    tags: tuple[str, ...]
    guard: Guard | None = None
    body: type[msgspec.Struct] | None = None
    query: tuple[Query, ...] = ()
    path_pattern: str | None = None
    """The pattern of the path's ``{id}``, where it has one (a game that is not kept: 404)."""
    refuses: tuple[int, ...] = ()
    """The statuses the handler itself may answer (409: not now, 503: not stored, ...)."""
    status: int = 200
    """The status of the answer (202: accepted, done after it)."""
    media_type: str = "application/json"

    @property
    def refusals(self) -> list[int]:
        """Every status other than ``status`` this operation may answer."""
        found = {HOST_REFUSAL, *self.refuses}
        if self.guard is not None:
            found.update(self.guard.refusals)
        if self.body is not None:
            found.update(BODY_REFUSALS)
        for parameter in self.query:
            found.update(parameter.refusals)
        if self.path_pattern is not None:
            found.update((400, 404))
        return sorted(found)


class ApiRoute(Route):
    """A route of the API: one method on one path, its handler behind its operation's guard."""

    def __init__(
        self,
        service: WebService,
        method: str,
        path: str,
        handler: Handler,
        operation: Operation,
    ) -> None:
        guard = operation.guard

        async def guarded(request: Request) -> Response:
            if guard is not None:
                guard.check(request, service)
            return await handler(request)

        super().__init__(path, answer(guarded), methods=[method])
        self.method = method
        self.operation = operation


def state_order(
    service: WebService,
    path: str,
    handler: Handler,
    summary: str,
    body: type[msgspec.Struct],
    tag: str = "orders",
    refuses: tuple[int, ...] = GAME_ORDER,
) -> ApiRoute:
    """``POST path``: an order that answers the state after it."""
    operation = Operation(summary, State, (tag,), ORDER, body, refuses=refuses)
    return ApiRoute(service, "POST", path, handler, operation)
