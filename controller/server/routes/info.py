"""What the page needs: ``GET /api/info`` (board, layout, the variants this board plays, names,
language), ``GET /api/words?lang=de`` (the catalog of a language) and the page itself, served
from ``controller/server/web/`` at ``/``."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from controller.core.board_controller import variants_on
from controller.errors import BadOrder
from controller.i18n import LANGUAGES, language
from controller.server.statuses import answer
from controller.server.web_service import WebService
from controller.words import board_words
from engine.variants import VARIANTS

WEB_DIR = Path(__file__).parents[1] / "web"


def routes(service: WebService) -> list[Route]:
    async def info(request: Request) -> JSONResponse:
        """What the page needs to draw and set up this board."""
        config, layout = service.config, service.controller.game.layout
        geometry = service.controller.geometry
        variants = variants_on(geometry)
        players = sorted({n for name in variants for n in VARIANTS[name].seat_teams})
        return JSONResponse(
            {
                "board": service.backend.name,
                "sim": service.hands is not None,
                "layout": {"panels": layout.panels, "suits": layout.suits},
                "geometry": {"key": geometry.key, "rows": geometry.rows, "cols": geometry.cols},
                "variants": variants,
                "variant_facts": {
                    variant: {
                        "uses_dice": VARIANTS[variant].uses_dice,
                        "uses_calls": VARIANTS[variant].uses_calls,
                        "uses_tokens": VARIANTS[variant].uses_tokens,
                        "uses_burocrats": VARIANTS[variant].uses_burocrats,
                        "uses_lines": bool(VARIANTS[variant].lines_through),
                        "players": sorted(VARIANTS[variant].seat_teams),
                        "team_of_seat": {
                            str(count): list(teams)
                            for count, teams in VARIANTS[variant].seat_teams.items()
                        },
                    }
                    for variant in variants
                },
                "players": players,
                "words": board_words(geometry.key, language(config.language)).to_json(),
                "language": config.language,
                "languages": list(LANGUAGES),
                "team_of_seat": {
                    str(count): list(teams)
                    for variant in variants
                    for count, teams in VARIANTS[variant].seat_teams.items()
                },
                "dice": config.dice,
                "team_names": list(config.team_names),
                "team_colours": ["#{:02x}{:02x}{:02x}".format(*c) for c in config.team_colours],
                "token_required": service.token_required,
            }
        )

    async def words(request: Request) -> JSONResponse:
        """The messages of ``?lang=`` (the board's language by default) by their English ids:
        the page says its own words through them."""
        lang = request.query_params.get("lang", service.config.language)
        if lang not in LANGUAGES:
            raise BadOrder(f"no language {lang!r} (languages: {', '.join(LANGUAGES)})")
        return JSONResponse({"language": lang, "messages": language(lang).messages})

    return [
        Route("/api/info", answer(info), methods=["GET"]),
        Route("/api/words", answer(words), methods=["GET"]),
    ]


def page() -> list[Mount]:
    """The web page, if its folder is there."""
    if not WEB_DIR.is_dir():
        return []
    return [Mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")]
