"""Game orders and the state: ``GET /api/state`` and the POSTs that change the game.

Every order answers the new state. ``new_game`` starts a game (a hosting board refuses one that
remote play does not carry: ``controller.remote.host``), ``next_game`` the next one after a game;
``roll``, ``call``, ``penalty``, ``resign``, ``undo`` and ``token`` act on the game being played.
The state carries what the page needs instead of the rules (``controller.core.facts``).
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from controller.core.session import game_entry
from controller.errors import BadOrder, Unauthorized
from controller.server.numbers import parse_whole
from controller.server.privacy import may_see_codes, state_without_codes
from controller.server.requests import check_order, has_token, read_body
from controller.server.statuses import Handler, answer
from controller.server.web_service import WebService


def guarded(service: WebService, handler: Handler) -> Handler:
    """An order route: only from a sender that may drive the board, refusals answered."""

    async def endpoint(request: Request) -> JSONResponse:
        check_order(request, service)
        return await handler(request)

    return answer(endpoint)


def routes(service: WebService) -> list[Route]:
    controller = service.controller

    def state() -> JSONResponse:
        return JSONResponse(controller.state())

    def order(act: Callable[[float], None]) -> JSONResponse:
        service.order(act)
        return state()

    async def get_state(request: Request) -> JSONResponse:
        """``?team=N``: that team's view (its own Pay-Off tokens); without it the public view.
        A team's view shows hidden tokens, so off loopback it needs the token as a POST does;
        the remote game's codes show only with the token there too
        (``controller.server.privacy``)."""
        team = request.query_params.get("team")
        if team is None:
            shown = controller.state()
            if not may_see_codes(request, service.token, service.token_required):
                shown = state_without_codes(shown)
            return JSONResponse(shown)
        if service.token_required and not has_token(request, service.token):
            raise Unauthorized("a team's view needs 'Authorization: Bearer <token>'")
        chosen = parse_whole(team, "team", 0, controller.game.teams - 1)
        return JSONResponse(controller.state(view_team=chosen))

    async def new_game(request: Request) -> JSONResponse:
        body = await read_body(
            request,
            {"variant": str, "players": int},
            {"seed": int, "options": dict, "seats": list, "hints": bool, "names": list},
        )
        entry = game_entry(
            service.config,
            body["variant"],
            body["players"],
            body.get("seed"),
            body.get("options"),
            body.get("seats"),
            body.get("hints"),
            body.get("names"),
        )
        return order(lambda now: controller.new_game(entry, now))

    async def roll(request: Request) -> JSONResponse:
        body = await read_body(request, {}, {"faces": str})
        return order(lambda now: controller.roll(body.get("faces"), now))

    async def call(request: Request) -> JSONResponse:
        """``{"seat"?}``: without a seat, as the board's FLIX button: the seat that placed last."""
        body = await read_body(request, {}, {"seat": int})
        return order(
            lambda now: controller.call(body.get("seat", controller.session.caller()), now)
        )

    async def penalty(request: Request) -> JSONResponse:
        """``{"seat"?}``: without a seat, as the board's PENALTY button: the first seat from the
        mover on of another team than the last placer's."""
        body = await read_body(request, {}, {"seat": int})
        return order(
            lambda now: controller.penalty(body.get("seat", controller.session.penaliser()), now)
        )

    async def resign(request: Request) -> JSONResponse:
        body = await read_body(request, {"seat": int}, {})
        return order(lambda now: controller.resign(body["seat"], now))

    async def undo(request: Request) -> JSONResponse:
        await read_body(request, {}, {})
        return order(controller.undo)

    async def next_game(request: Request) -> JSONResponse:
        """After a game: the next one of the same kind with the same players (the board's
        MENU); 409 while a game is under way."""
        await read_body(request, {}, {})
        return order(controller.next_game)

    async def token(request: Request) -> JSONResponse:
        """Pay-Off: ``{"seat"?, "token"}`` picks the mover's token for the next placement
        (``null`` clears it); in physical token mode, after a call, ``{"hole", "token"}`` enters
        the token of that Man of the scored line (``null``: it carries none)."""
        body = await read_body(request, {}, {"seat": int, "token": int, "hole": str})
        if "token" not in body:
            raise BadOrder("missing key 'token' (a number, or null for none)")
        return order(
            lambda now: controller.set_token(body.get("seat"), body["token"], body.get("hole"), now)
        )

    posts = {
        "new_game": new_game,
        "roll": roll,
        "call": call,
        "penalty": penalty,
        "undo": undo,
        "next_game": next_game,
        "resign": resign,
        "token": token,
    }
    return [
        Route("/api/state", answer(get_state), methods=["GET"]),
        *(
            Route(f"/api/{path}", guarded(service, handler), methods=["POST"])
            for path, handler in posts.items()
        ),
    ]
