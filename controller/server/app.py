"""The HTTP API of DESIGN §4 as a Starlette app: ``create_app(service)``.

Every order answers the new state (200) or ``{"error": ...}`` with 400 (bad input), 401 (token
missing or wrong), 403 (sent by a page of another site), 404 (no simulated board), 409 (not now),
413 (body over ``MAX_BODY`` bytes) or 415 (a body that is not JSON by its type); nothing changes
on an error. Unknown ``/api/`` paths and wrong methods answer a JSON 404 / 405 too.
``WS /api/events`` sends each public event as JSON and then ``{"type": "state", "state": ...}``.
If ``controller/web/`` exists, its ``index.html`` is served at ``/`` and its files as static.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from controller.core.journal import JournalError
from controller.errors import BadOrder, NotNow
from engine.errors import FlixError, IllegalAction
from engine.variants import VARIANTS
from hal.errors import HalError

if TYPE_CHECKING:
    from controller.server.service import Service

WEB_DIR = Path(__file__).with_name("web")

Handler = Callable[[Request], Awaitable[JSONResponse]]

MAX_BODY = 64 * 1024
"""The largest request body taken; every order fits in a few hundred bytes."""
BODY_TYPES = ("application/json", "application/x-www-form-urlencoded")
"""Content types a JSON body may come with: JSON, or what ``curl -d`` sends by default."""


class BadRequest(ValueError):
    """A request body that does not fit the endpoint."""

    status = 400


class BodyTooLarge(BadRequest):
    status = 413


class NotJsonType(BadRequest):
    status = 415


def _check_content_type(request: Request) -> None:
    given = request.headers.get("content-type")
    if given is None:
        return
    kind = given.partition(";")[0].strip().lower()
    if kind in BODY_TYPES or (kind.startswith("application/") and kind.endswith("+json")):
        return
    raise NotJsonType(f"the body must be JSON (Content-Type: application/json), not {given!r}")


async def _read_body(request: Request) -> bytes:
    """The raw body, refused beyond ``MAX_BODY`` bytes without reading the rest."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise BodyTooLarge(f"the body is too large: {declared} bytes (at most {MAX_BODY})")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BodyTooLarge(f"the body is too large (at most {MAX_BODY} bytes)")
        chunks.append(chunk)
    return b"".join(chunks)


def _cross_site(request: Request) -> bool:
    """Whether a browser sent this request from a page of another site (``Origin`` names
    another host than the one asked): such a page must not drive the board."""
    origin = request.headers.get("origin")
    if origin is None:
        return False
    host = request.headers.get("host", "")
    scheme, sep, rest = origin.partition("://")
    return not sep or scheme not in ("http", "https") or rest.rstrip("/").lower() != host.lower()


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(
    request: Request, required: dict[str, type], optional: dict[str, type]
) -> dict[str, Any]:
    """The JSON object of the request, checked: known keys only, required keys present, types."""
    _check_content_type(request)
    raw = await _read_body(request)
    if not raw.strip():
        data: Any = {}
    else:
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise BadRequest(f"the body is not JSON: {error}") from None
        except RecursionError:
            raise BadRequest("the body is not JSON this API takes: nested too deeply") from None
    if not isinstance(data, dict):
        raise BadRequest("the body must be a JSON object")
    known = {**required, **optional}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise BadRequest(
            f"unknown key {unknown[0]!r}; this endpoint takes {', '.join(known) or 'no keys'}"
        )
    for key in required:
        if key not in data:
            raise BadRequest(f"missing key {key!r}")
    for key, value in data.items():
        expected = known[key]
        if value is None and key in optional:
            continue
        if isinstance(value, bool) or not isinstance(value, expected):
            raise BadRequest(f"{key} has the wrong type: {value!r}")
    return data


def create_app(service: Service) -> Starlette:
    """The web app of a running service."""

    def has_token(request: Request) -> bool:
        given = request.headers.get("authorization", "")
        return secrets.compare_digest(given.encode(), f"Bearer {service.token}".encode())

    def guarded(handler: Handler) -> Handler:
        async def endpoint(request: Request) -> JSONResponse:
            if service.token_required and not has_token(request):
                return _error(401, "this board needs 'Authorization: Bearer <token>' on POST")
            if _cross_site(request):
                origin = request.headers.get("origin")
                return _error(
                    403, f"refused: a page of another site ({origin}) may not drive the board"
                )
            try:
                return await handler(request)
            except BadRequest as error:
                return _error(error.status, str(error))
            except BadOrder as error:
                return _error(400, str(error))
            except (NotNow, IllegalAction, HalError) as error:
                return _error(409, str(error))
            except FlixError as error:
                return _error(400, str(error))
            except JournalError as error:
                return _error(503, str(error))

        return endpoint

    def state() -> JSONResponse:
        return JSONResponse(service.controller.state())

    async def get_state(request: Request) -> JSONResponse:
        """``?team=N``: that team's view (its own Pay-Off tokens); without it the public view.
        A team's view shows hidden tokens, so off loopback it needs the token as a POST does."""
        team = request.query_params.get("team")
        if team is None:
            return state()
        if service.token_required and not has_token(request):
            return _error(401, "a team's view needs 'Authorization: Bearer <token>'")
        teams = service.controller.game.teams
        if not team.isdigit() or int(team) >= teams:
            return _error(400, f"team must be 0..{teams - 1}, not {team!r}")
        return JSONResponse(service.controller.state(view_team=int(team)))

    async def post_game(request: Request) -> JSONResponse:
        body = await _body(
            request,
            {"variant": str, "players": int},
            {"seed": int, "options": dict},
        )
        service.order(
            lambda now: service.controller.new_game(
                body["variant"], body["players"], body.get("seed"), body.get("options"), now
            )
        )
        return state()

    async def post_roll(request: Request) -> JSONResponse:
        body = await _body(request, {}, {"faces": str})
        service.order(lambda now: service.controller.roll(body.get("faces"), now))
        return state()

    async def post_call(request: Request) -> JSONResponse:
        body = await _body(request, {"seat": int}, {})
        service.order(lambda now: service.controller.call(body["seat"], now))
        return state()

    async def post_penalty(request: Request) -> JSONResponse:
        body = await _body(request, {"seat": int}, {})
        service.order(lambda now: service.controller.penalty(body["seat"], now))
        return state()

    async def post_undo(request: Request) -> JSONResponse:
        await _body(request, {}, {})
        service.order(service.controller.undo)
        return state()

    async def post_sim_place(request: Request) -> JSONResponse:
        board = service.hands
        if board is None:
            return _error(404, "no simulated board: hands exist only with --board sim")
        body = await _body(request, {"hole": str}, {"piece": str})
        piece = body.get("piece") or "man"
        if piece not in ("man", "burocrat"):
            raise BadRequest(f"piece must be 'man' or 'burocrat', not {piece!r}")
        board.place(body["hole"], piece)
        return state()

    async def post_sim_lift(request: Request) -> JSONResponse:
        board = service.hands
        if board is None:
            return _error(404, "no simulated board: hands exist only with --board sim")
        body = await _body(request, {"hole": str}, {})
        board.lift(body["hole"])
        return state()

    async def get_info(request: Request) -> JSONResponse:
        """What the page needs to draw and set up this board."""
        config, layout = service.config, service.controller.game.layout
        return JSONResponse(
            {
                "board": service.backend.name,
                "sim": service.hands is not None,
                "layout": {"panels": layout.panels, "suits": layout.suits},
                "variants": list(VARIANTS),
                "players": [2, 3, 4, 6],
                "dice": config.dice,
                "team_names": list(config.team_names),
                "team_colours": ["#{:02x}{:02x}{:02x}".format(*c) for c in config.team_colours],
                "token_required": service.token_required,
            }
        )

    async def post_token(request: Request) -> JSONResponse:
        """Pay-Off: ``{"seat"?, "token"}`` picks the mover's token for the next placement
        (``null`` clears it); in physical token mode, after a call, ``{"hole", "token"}`` enters
        the token of that Man of the scored line (``null``: it carries none)."""
        body = await _body(request, {}, {"seat": int, "token": int, "hole": str})
        if "token" not in body:
            raise BadRequest("missing key 'token' (a number, or null for none)")
        service.order(
            lambda now: service.controller.set_token(
                body.get("seat"), body["token"], body.get("hole"), now
            )
        )
        return state()

    async def post_resign(request: Request) -> JSONResponse:
        body = await _body(request, {"seat": int}, {})
        service.order(lambda now: service.controller.resign(body["seat"], now))
        return state()

    async def events(websocket: WebSocket) -> None:
        await websocket.accept()
        queue = service.subscribe()
        try:
            await websocket.send_json({"type": "state", "state": service.controller.state()})
            receiver = asyncio.ensure_future(websocket.receive())
            while True:
                getter = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait(
                    {getter, receiver}, return_when=asyncio.FIRST_COMPLETED
                )
                if receiver in done:
                    getter.cancel()
                    message = receiver.result()
                    if message["type"] == "websocket.disconnect":
                        return
                    receiver = asyncio.ensure_future(websocket.receive())
                    continue
                await websocket.send_json(getter.result())
        except WebSocketDisconnect:
            return
        finally:
            service.unsubscribe(queue)

    async def api_not_found(request: Request) -> JSONResponse:
        """Any other ``/api/`` request: a JSON 405 for a known path, else a JSON 404."""
        path = request.url.path
        allowed = sorted(
            method
            for route in routes
            if isinstance(route, Route) and route.path != "/api/{rest:path}"
            if route.path_regex.fullmatch(path)
            for method in route.methods or ()
        )
        if allowed:
            response = _error(
                405, f"{request.method} is not allowed on {path}: use {', '.join(allowed)}"
            )
            response.headers["allow"] = ", ".join(allowed)
            return response
        return _error(404, f"no such API path: {path} (see GET /api/state, GET /api/info)")

    routes: list[Route | WebSocketRoute | Mount] = [
        Route("/api/state", get_state, methods=["GET"]),
        Route("/api/game", guarded(post_game), methods=["POST"]),
        Route("/api/roll", guarded(post_roll), methods=["POST"]),
        Route("/api/call", guarded(post_call), methods=["POST"]),
        Route("/api/penalty", guarded(post_penalty), methods=["POST"]),
        Route("/api/undo", guarded(post_undo), methods=["POST"]),
        Route("/api/info", get_info, methods=["GET"]),
        Route("/api/resign", guarded(post_resign), methods=["POST"]),
        Route("/api/token", guarded(post_token), methods=["POST"]),
        Route("/api/sim/place", guarded(post_sim_place), methods=["POST"]),
        Route("/api/sim/lift", guarded(post_sim_lift), methods=["POST"]),
        WebSocketRoute("/api/events", events),
        Route(
            "/api/{rest:path}",
            api_not_found,
            methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
        ),
    ]
    if WEB_DIR.is_dir():
        routes.append(Mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web"))
    return Starlette(routes=routes)
