"""What the page needs: ``GET /api/info`` (board, layout, the variants this board plays, names)
and the page itself, served from ``controller/server/web/`` at ``/``."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from controller.core.session import playable
from controller.server.statuses import answer
from controller.server.web_service import WebService
from engine.game import TEAMS_OF_PLAYERS
from engine.variants import VARIANTS

WEB_DIR = Path(__file__).parents[1] / "web"


def routes(service: WebService) -> list[Route]:
    async def info(request: Request) -> JSONResponse:
        """What the page needs to draw and set up this board."""
        config, layout = service.config, service.controller.game.layout
        return JSONResponse(
            {
                "board": service.backend.name,
                "sim": service.hands is not None,
                "layout": {"panels": layout.panels, "suits": layout.suits},
                "variants": [variant for variant in VARIANTS if playable(variant)],
                "variant_facts": {
                    variant: {
                        "uses_dice": game.uses_dice,
                        "uses_calls": game.uses_calls,
                        "uses_tokens": game.uses_tokens,
                        "uses_burocrats": game.uses_burocrats,
                    }
                    for variant, game in VARIANTS.items()
                    if playable(variant)
                },
                "players": [2, 3, 4, 6],
                "team_of_seat": {
                    str(players): list(teams) for players, teams in TEAMS_OF_PLAYERS.items()
                },
                "dice": config.dice,
                "team_names": list(config.team_names),
                "team_colours": ["#{:02x}{:02x}{:02x}".format(*c) for c in config.team_colours],
                "token_required": service.token_required,
            }
        )

    return [Route("/api/info", answer(info), methods=["GET"])]


def page() -> list[Mount]:
    """The web page, if its folder is there."""
    if not WEB_DIR.is_dir():
        return []
    return [Mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")]
