"""Who plays each seat and what the computer suggests: ``POST /api/seats``, ``GET /api/hint``."""

from __future__ import annotations

import asyncio

from msgspec import UNSET
from starlette.requests import Request

from controller.computer.think_worker import Answer as Found
from controller.errors import NotNow
from controller.i18n import language
from controller.seats import seat_from_json
from controller.server.api_routes import ORDER, ApiRoute, Operation, state_order
from controller.server.bodies import Answer, Hint, SwitchSeat
from controller.server.requests import read_body
from controller.server.routes.game import TEAM, team_of_game
from controller.server.statuses import asked_language, in_this_game
from controller.server.web_service import WebService
from engine.phrase import why

HINT_MARGIN_S = 10.0
"""How long past the movetime a hint may take before the request gives up."""


def routes(service: WebService) -> list[ApiRoute]:
    controller = service.controller
    computer = service.computer

    async def seats(request: Request) -> Answer:
        """``{"seat": N, "kind": "computer", "level": L}`` or ``{"seat": N, "kind": "human"}``:
        switch a seat now; answers the new state."""
        body = await read_body(request, SwitchSeat)
        with in_this_game():
            seat = controller.session.seat(body.seat)
            asked = {"kind": body.kind, **({} if body.level is None else {"level": body.level})}
            chosen = seat_from_json(asked, f"seat {seat}")
            service.order(lambda now: computer.switch(seat, chosen, now))
        return Answer(controller.public_state())

    async def hint(request: Request) -> Answer:
        """The best move of the seat to move and why; its hole blinks on the board. An order:
        the token off loopback, a same-site page, the client's rate. ``?team=N`` (the mover's
        team) adds the Pay-Off token to place."""
        text = request.query_params.get(TEAM.name)
        team: int | None = None
        if text is not None:
            team = team_of_game(text, controller.game)
        loop = asyncio.get_running_loop()
        found: asyncio.Future[tuple[Found | None, str]] = loop.create_future()

        def done(answer: Found | None, refusal: str) -> None:
            if not found.done():
                found.set_result((answer, refusal))

        mover_team = controller.game.team_of_seat[controller.game.to_move]
        service.order(lambda now: computer.ask_hint(now, done))
        limit = service.config.game.computer_movetime_ms / 1000 + HINT_MARGIN_S
        try:
            result, refusal = await asyncio.wait_for(found, limit)
        except TimeoutError:
            raise NotNow(why("no hint came in time: ask again")) from None
        if result is None:
            raise NotNow(refusal)
        action = result.action
        if action is None:
            raise NotNow(why("no hint: no move found"))
        naming = controller.game.naming
        own = team == mover_team
        return Answer(
            Hint(
                seat=result.seat,
                action=action.kind,
                hole=None if action.hole is None else naming.name(action.hole),
                token=action.token if own else None,
                reason=hint_reason(result, request),
                to=UNSET if action.to is None else naming.name(action.to),
            )
        )

    hinted = Operation(  # it starts a search and blinks a hole: an order
        "The best move of the seat to move and why (an order: its hole blinks)",
        Hint,
        ("orders",),
        ORDER,
        query=(TEAM,),
        refuses=(409,),
    )
    return [
        state_order(service, "/api/seats", seats, "Switch who plays a seat", SwitchSeat),
        ApiRoute(service, "GET", "/api/hint", hint, hinted),
    ]


def hint_reason(found: Found, request: Request) -> str:
    """Why the hint's move, in the language the request asks for (``Accept-Language``)."""
    if found.said is None:
        return found.reason
    return found.said.in_language(language(asked_language(request)))
