"""Board orders: hands that seat and lift pieces, or clear the board, on a board that has them
(the simulator), and a sensor's wire broken or mended there."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
from starlette.requests import Request

from controller.errors import NotFound
from controller.server.api_routes import GAME_ORDER, ApiRoute, Handler, state_order
from controller.server.bodies import Answer, Empty, LiftPiece, PlacePiece, SensorWire
from controller.server.requests import read_body
from controller.server.statuses import in_this_game
from controller.server.web_service import WebService
from engine.bitboard import scan_forward
from hal.capabilities import Hands, Wires

NO_HANDS = "no simulated board: hands exist only with --board sim"
TAG = "simulated board"


def routes(service: WebService) -> list[ApiRoute]:
    def hands() -> Hands:
        if service.hands is None:
            raise NotFound(NO_HANDS)
        return service.hands

    def moved(board: Hands, move: Callable[[], object]) -> Answer:
        """The hands move; the board is read and its LED frame sent at once (not when the loop
        next wakes), before the simulator writes its state file, so that the answer shows what
        the move did."""
        with board.moving(), in_this_game():  # a hole this board lacks: 409
            move()
            service.step()
        return Answer(service.controller.public_state())

    async def place(request: Request) -> Answer:
        board = hands()
        body = await read_body(request, PlacePiece)
        piece = body.piece or "man"
        return moved(board, lambda: board.place(body.hole, piece))

    async def lift(request: Request) -> Answer:
        board = hands()
        body = await read_body(request, LiftPiece)
        return moved(board, lambda: board.lift(body.hole))

    async def clear(request: Request) -> Answer:
        """Lift every piece: the board emptied in one order (after a game, or to start over)."""
        board = hands()
        await read_body(request, Empty)
        naming = service.controller.game.naming
        occupied = scan_forward(service.controller.sensed.occupied())
        return moved(board, lambda: [board.lift(naming.name(hole)) for hole in occupied])

    async def wire(request: Request) -> Answer:
        """A sensor's wire breaks or is mended: the board's health says so (a sensor fault)."""
        board = hands()
        body = await read_body(request, SensorWire)
        if not isinstance(board, Wires):
            raise NotFound(NO_HANDS)
        if body.broken:
            return moved(board, lambda: board.fault_disconnected(body.hole))
        return moved(board, lambda: board.clear_fault(body.hole))

    def post(path: str, handler: Handler, summary: str, body: type[msgspec.Struct]) -> ApiRoute:
        """An order to the simulated board's hands: the state after it, 404 on a real board."""
        refuses = (*GAME_ORDER, 404)
        return state_order(service, f"/api/sim/{path}", handler, summary, body, TAG, refuses)

    return [
        post("place", place, "Simulated board: seat a piece", PlacePiece),
        post("wire", wire, "Simulated board: break or mend a sensor's wire", SensorWire),
        post("lift", lift, "Simulated board: lift a piece", LiftPiece),
        post("clear", clear, "Simulated board: lift every piece", Empty),
    ]
