"""What the page needs: ``GET /api/info`` (board, layout, the variants this board plays, every
game's names and page module, language), ``GET /api/words?lang=de`` (the catalog of a language)
and the page itself, served from ``controller/server/web/`` at ``/``, each game's page module at
``/<game>.js`` and its style sheet at ``/<game>.css``."""

from __future__ import annotations

from importlib.resources.abc import Traversable
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from controller.computer.level_guide import guide
from controller.core.board_controller import variants_on
from controller.errors import BadOrder
from controller.games import GameSpec, game_spec, games
from controller.i18n import LANGUAGES, language
from controller.server.api_routes import ApiRoute, Operation, Query, one_of
from controller.server.bodies import (
    Answer,
    BoardGeometry,
    GameNames,
    Info,
    Layout,
    Messages,
    VariantFacts,
)
from controller.server.web_service import WebService
from controller.words import board_words

WEB_DIR = Path(__file__).parents[1] / "web"
LANG = Query("lang", one_of(LANGUAGES), "The language (the board's by default)")


def routes(service: WebService) -> list[ApiRoute]:
    async def info(request: Request) -> Answer:
        """What the page needs to draw and set up this board."""
        config, layout = service.config, service.controller.game.layout
        geometry = service.controller.geometry
        variants = variants_on(geometry)
        players = sorted({n for name in variants for n in game_spec(name).rules.seat_teams})
        return Answer(
            Info(
                board=service.backend.name,
                sim=service.hands is not None,
                layout=Layout(layout.panels, layout.suits),
                geometry=BoardGeometry(geometry.key, geometry.rows, geometry.cols),
                variants=variants,
                variant_facts={variant: variant_facts(variant) for variant in variants},
                players=players,
                words=board_words(geometry.key, language(config.board.language)).view(),
                language=config.board.language,
                languages=list(LANGUAGES),
                team_of_seat={
                    str(count): list(teams)
                    for variant in variants
                    for count, teams in game_spec(variant).rules.seat_teams.items()
                },
                dice=config.game.dice,
                team_names=list(config.game.team_names),
                team_colours=["#{:02x}{:02x}{:02x}".format(*c) for c in config.leds.team_colours],
                token_required=service.token_required,
                games={name: game_names(spec) for name, spec in games().items()},
            )
        )

    async def words(request: Request) -> Answer:
        """The messages of ``?lang=`` (the board's language by default) by their English ids:
        the page says its own words through them."""
        lang = request.query_params.get(LANG.name, service.config.board.language)
        if lang not in LANGUAGES:
            raise BadOrder(f"no language {lang[:20]!r} (languages: {', '.join(LANGUAGES)})")
        return Answer(Messages(language=lang, messages=dict(language(lang).messages)))

    drawn = Operation("What the page needs to draw and set up this board", Info, ("state",))
    said = Operation(
        "A language's messages by their English ids", Messages, ("state",), query=(LANG,)
    )
    return [
        ApiRoute(service, "GET", "/api/info", info, drawn),
        ApiRoute(service, "GET", "/api/words", words, said),
    ]


def variant_facts(variant: str) -> VariantFacts:
    """What the page's setup needs of a variant: the parts it uses, its seats' teams and what
    the computer's levels do."""
    cls = game_spec(variant).rules
    return VariantFacts(
        uses_dice=cls.uses_dice,
        uses_calls=cls.uses_calls,
        uses_tokens=cls.uses_tokens,
        uses_burocrats=cls.uses_burocrats,
        uses_lines=bool(cls.lines_through),
        players=sorted(cls.seat_teams),
        team_of_seat={str(count): list(teams) for count, teams in cls.seat_teams.items()},
        levels=guide(variant),
    )


def game_names(spec: GameSpec) -> GameNames:
    """What the page needs to name and draw ``spec``'s game."""
    return GameNames(spec.title, spec.choice, None if spec.page is None else f"/{spec.name}.js")


MEDIA_TYPES = {".js": "text/javascript", ".css": "text/css"}
"""A game's page files by their suffix (``GameSpec.page``, ``GameSpec.style``)."""


class PageFiles(StaticFiles):
    """The page's folder, and each game's page module at ``/<game>.js`` and style sheet at
    ``/<game>.css`` (beside the page's own modules, so that its imports of them,
    ``./registry.js``, resolve, wherever the game's package keeps them)."""

    def __init__(self, games_files: dict[str, Traversable]) -> None:
        super().__init__(directory=WEB_DIR, html=True)
        self.games_files = games_files

    async def get_response(self, path: str, scope: Scope) -> Response:
        found = self.games_files.get(path)
        if found is None:
            return await super().get_response(path, scope)
        return Response(found.read_bytes(), media_type=MEDIA_TYPES[Path(path).suffix])


def page() -> list[Mount]:
    """The web page and the games' page modules and style sheets, if the page's folder is
    there."""
    if not WEB_DIR.is_dir():
        return []
    games_files = {
        f"{name}{suffix}": served
        for name, spec in games().items()
        for suffix, served in ((".js", spec.page), (".css", spec.style))
        if served is not None
    }
    return [Mount("/", PageFiles(games_files), name="web")]
