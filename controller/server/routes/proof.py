"""The proof viewer's answer: ``GET /api/proof``, what the game's proof says from the position on
the board now (``GameSpec.proof``: who wins in how many plies, the move that does it, the
longest-holding replies).

The proof is worked out off the event loop (a position between the book's rows costs a forcing
search a reply), one position at a time, and the last answers are kept: asking again, or many
asking at once, costs one search a position.
"""

from __future__ import annotations

import asyncio
import copy
from collections import OrderedDict

from starlette.requests import Request

from controller.games import game_spec
from controller.server.api_routes import ApiRoute, Operation
from controller.server.bodies import Answer, ProofAnswer
from controller.server.web_service import WebService

KEPT = 64
"""Positions whose answers are kept."""


def routes(service: WebService) -> list[ApiRoute]:
    controller = service.controller
    kept: OrderedDict[tuple[object, ...], ProofAnswer] = OrderedDict()
    one_at_a_time = asyncio.Lock()

    async def proof(request: Request) -> Answer:
        """``{"variant", "has_proof", "says"}``: ``says`` is ``null`` where the game has no
        proof, the game is over, or the position left the proof (the winning side played
        elsewhere)."""
        game = controller.game
        says = game_spec(game.variant).proof
        if says is None:
            return Answer(ProofAnswer(game.variant, False, None))
        key = (game.variant, game.phase, game.to_move, *(game.pieces(t) for t in range(game.teams)))
        if key in kept:
            return Answer(kept[key])
        position = copy.deepcopy(game)  # as it is now: the game may move on while this works
        async with one_at_a_time:
            if key not in kept:
                found = await asyncio.to_thread(says, position)
                kept[key] = ProofAnswer(position.variant, True, found)
                while len(kept) > KEPT:
                    kept.popitem(last=False)
        return Answer(kept[key])

    shown = Operation(
        "What the game's proof says from the position now (who wins in how many plies)",
        ProofAnswer,
        ("state",),
    )
    return [ApiRoute(service, "GET", "/api/proof", proof, shown)]
