"""The HTTP API of DESIGN §4 as a Starlette app: ``create_app(service)``.

Every order answers the new state (200) or ``{"error": ...}`` with the status of its refusal
(``controller.server.statuses``): 400 (bad input), 401 (token missing or wrong), 403 (sent by a
page of another site), 404 (no simulated board), 409 (not now), 413 (body over ``MAX_BODY``
bytes), 415 (a body that is not JSON by its type), 429 (a client over its rate, with
``Retry-After``) or 503 (the journal cannot store it); nothing changes on an error. Unknown
``/api/`` paths and wrong methods answer a JSON 404 / 405 too.
Every request (page, API, WebSocket) whose ``Host`` is not a name of this service is refused
with 403 (``controller.server.hosts``).
The routes live by concern in ``controller.server.routes``, each declared with its operation
(``controller.server.api_routes``), from which ``GET /api/openapi.json`` is generated.
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.routing import BaseRoute, Route

from controller.core.state import JsonObject
from controller.server import api_document
from controller.server.api_routes import ApiRoute, Operation
from controller.server.bodies import Answer
from controller.server.hosts import HostCheck, host_names
from controller.server.routes import (
    board,
    events,
    game,
    games,
    info,
    pico,
    proof,
    remote,
    seats,
    settings,
    voice,
)
from controller.server.statuses import error_response
from controller.server.web_service import WebService

CATCH_ALL = "/api/{rest:path}"
OPENAPI = "/api/openapi.json"


def create_app(service: WebService) -> Starlette:
    """The web app of a running service."""
    routes: list[BaseRoute] = [
        *game.routes(service),
        *seats.routes(service),
        *info.routes(service),
        *board.routes(service),
        *events.routes(service),
        *games.routes(service),
        *proof.routes(service),
        *remote.routes(service),
        *settings.routes(service),
        *pico.routes(service),
        *voice.routes(service),
    ]

    async def api_not_found(request: Request) -> Answer:
        """Any other ``/api/`` request: a JSON 405 for a known path, else a JSON 404."""
        path = request.url.path
        allowed = sorted(
            method
            for route in routes
            if isinstance(route, Route) and route.path != CATCH_ALL
            if route.path_regex.fullmatch(path)
            for method in route.methods or ()
        )
        if allowed:
            response = error_response(
                405, f"{request.method} is not allowed on {path}: use {', '.join(allowed)}"
            )
            response.headers["allow"] = ", ".join(allowed)
            return response
        return error_response(404, f"no such API path: {path} (see GET /api/state, GET /api/info)")

    async def openapi_json(request: Request) -> Answer:
        """The API's OpenAPI document (``controller.server.api_document``), made once."""
        if not published:
            published.append(api_document.document(routes))
        return Answer(published[0])

    published: list[JsonObject] = []
    document = Operation("This document", JsonObject, ("state",))
    routes.append(ApiRoute(service, "GET", OPENAPI, openapi_json, document))
    routes.append(
        Route(
            CATCH_ALL,
            api_not_found,
            methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
        )
    )
    routes.extend(info.page())
    names = host_names(service.host, service.config.http.hosts, loopback=not service.token_required)
    return Starlette(routes=routes, middleware=[Middleware(HostCheck, names=names)])
