"""Game orders and the state: ``GET /api/state`` and the POSTs that change the game.

Every order answers the new state. ``new_game`` starts a game (a hosting board refuses one that
remote play does not carry: ``controller.remote.host``), ``next_game`` the next one after a game;
``roll``, ``call``, ``penalty``, ``resign``, ``undo`` and ``token`` act on the game being played.
The state carries what the page needs instead of the rules (``controller.core.facts``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from msgspec import Meta
from starlette.requests import Request

from controller.core.session import game_entry
from controller.core.state import State
from controller.errors import NotNow, Unauthorized
from controller.server.api_routes import ApiRoute, Operation, Query, state_order
from controller.server.bodies import (
    Answer,
    Empty,
    Faces,
    NewGame,
    Resign,
    SeatOrder,
    Token,
)
from controller.server.numbers import parse_whole
from controller.server.privacy import may_see_codes, state_without_codes
from controller.server.requests import has_token, read_body
from controller.server.statuses import in_this_game
from controller.server.web_service import WebService
from engine.game import Game
from engine.phrase import why

MAX_TEAMS = 4
"""The most teams of any game: ``?team=`` takes 0..3, and a team this game lacks is a 409."""
TEAM = Query(
    "team",
    Annotated[int, Meta(ge=0, le=MAX_TEAMS - 1)],
    "That team's view (its own hidden tokens, in a game with tokens); off loopback it needs the "
    "token; a team this game lacks: 409",
    refusals=(400, 401, 409),
)


def team_of_game(text: str, game: Game) -> int:
    """The team of ``?team=``: a whole number 0..3 (else 400), one of this game's (else 409)."""
    team = parse_whole(text, "team", 0, MAX_TEAMS - 1)
    if team >= game.teams:
        raise NotNow(why("no team {team}: teams are 0..{last}", team=team, last=game.teams - 1))
    return team


def routes(service: WebService) -> list[ApiRoute]:
    controller = service.controller

    def state() -> Answer:
        return Answer(controller.public_state())

    def order(act: Callable[[float], None]) -> Answer:
        with in_this_game():
            service.order(act)
        return state()

    async def get_state(request: Request) -> Answer:
        """``?team=N``: that team's view (its own Pay-Off tokens); without it the public view.
        A team's view shows hidden tokens, so off loopback it needs the token as a POST does;
        the remote game's codes show only with the token there too
        (``controller.server.privacy``)."""
        team = request.query_params.get(TEAM.name)
        if team is None:
            shown = controller.public_state()
            if not may_see_codes(request, service):
                shown = state_without_codes(shown)
            return Answer(shown)
        if service.token_required and not has_token(request, service, refuse=False):
            raise Unauthorized("a team's view needs 'Authorization: Bearer <token>'")
        return Answer(controller.public_state(view_team=team_of_game(team, controller.game)))

    async def new_game(request: Request) -> Answer:
        body = await read_body(request, NewGame)
        with in_this_game():  # a variant or player count this board does not play: 409
            entry = game_entry(
                service.config,
                body.variant,
                body.players,
                body.seed,
                body.options,
                body.seats,
                body.hints,
                body.names,
            )
        return order(lambda now: controller.new_game(entry, now))

    async def roll(request: Request) -> Answer:
        body = await read_body(request, Faces)
        return order(lambda now: controller.roll(body.faces, now))

    async def call(request: Request) -> Answer:
        """``{"seat"?}``: without a seat, as the board's FLIX button (``button_seat``)."""
        seat = (await read_body(request, SeatOrder)).seat
        return order(
            lambda now: controller.call(
                controller.button_seat("flix", now) if seat is None else seat, now
            )
        )

    async def penalty(request: Request) -> Answer:
        """``{"seat"?}``: without a seat, as the board's PENALTY button: a person's seat that
        would penalise a forgotten line (``button_seat``)."""
        seat = (await read_body(request, SeatOrder)).seat
        return order(
            lambda now: controller.penalty(
                controller.button_seat("penalty", now) if seat is None else seat, now
            )
        )

    async def resign(request: Request) -> Answer:
        body = await read_body(request, Resign)
        return order(lambda now: controller.resign(body.seat, now))

    async def undo(request: Request) -> Answer:
        await read_body(request, Empty)
        return order(controller.undo)

    async def next_game(request: Request) -> Answer:
        """After a game: the next one of the same kind with the same players (the board's
        MENU); 409 while a game is under way."""
        await read_body(request, Empty)
        return order(controller.next_game)

    async def token(request: Request) -> Answer:
        """Pay-Off: ``{"seat"?, "token"}`` picks the mover's token for the next placement
        (``null`` clears it); in physical token mode, after a call, ``{"hole", "token"}`` enters
        the token of that Man of the scored line (``null``: it carries none)."""
        body = await read_body(request, Token)
        return order(lambda now: controller.set_token(body.seat, body.token, body.hole, now))

    return [
        ApiRoute(
            service,
            "GET",
            "/api/state",
            get_state,
            Operation(
                "The state (DESIGN §4): the game, the board, what each button may do now",
                State,
                ("state",),
                query=(TEAM,),
            ),
        ),
        state_order(service, "/api/new_game", new_game, "Start a game", NewGame),
        state_order(
            service, "/api/roll", roll, "Throw the dice (or enter the faces thrown)", Faces
        ),
        state_order(service, "/api/call", call, "Call FLIX", SeatOrder),
        state_order(
            service,
            "/api/penalty",
            penalty,
            "Call PENALTY (where the game asks for a block: the block request)",
            SeatOrder,
        ),
        state_order(service, "/api/undo", undo, "Take back my move", Empty),
        state_order(
            service,
            "/api/next_game",
            next_game,
            "After a game: the next one with the same players",
            Empty,
        ),
        state_order(service, "/api/resign", resign, "A seat's team gives up", Resign),
        state_order(
            service, "/api/token", token, "Choose or enter a token, in a game with tokens", Token
        ),
    ]
