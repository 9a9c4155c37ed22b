"""The game records: ``GET /api/games`` (a page, filtered by player and variant), one game, its
notation and JSON exports, its replay step by step, and each player's statistics.

Reading records needs no token, as reading the board does. No answer carries a game's seed: the
next game of a match plays the seed after it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Annotated

import msgspec
from msgspec import Meta
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from controller.errors import BadOrder, NotFound
from controller.records.queries import Filter, GameDetail, get_game, list_games, player_stats
from controller.records.store import GameStore
from controller.remote.fair_dice import DiceBook
from controller.seats import MAX_NAME, NAME_PATTERN, check_name
from controller.server.api_routes import ID_PATTERN, ApiRoute, Handler, Operation, Query, one_of
from controller.server.bodies import (
    Answer,
    ExportedMove,
    GameExport,
    GamesPage,
    Layout,
    Replay,
    ReplayHead,
    ReplayStep,
    Stats,
)
from controller.server.numbers import MAX_DIGITS, parse_whole
from controller.server.web_service import WebService
from controller.wire import encode
from engine.notation import read_record, replay_steps
from engine.variants import VARIANTS

PER_PAGE = 20
"""Games per page unless ``per_page`` says otherwise (at most ``MAX_PER_PAGE``)."""
MAX_PER_PAGE = 100
MAX_PAGE = 10**6
ID_LIMIT = 2**63 - 1
"""The largest id a game may have; a larger one (of at most ``MAX_DIGITS`` digits) names no
game: 404."""
JSON_SUFFIX = ".json"
STEPS_PER_PIECE = 50
"""Replay steps sent in one piece (each piece is a turn of the board's loop in between)."""
REPLAYING = threading.Semaphore(1)
"""One replay computed at a time: each keeps a core busy while it runs."""
TAGS = ("records",)
FILTER = (
    Query(
        "player",
        Annotated[str, Meta(min_length=1, max_length=MAX_NAME, pattern=NAME_PATTERN)],
        "Games with a seat of this player (any case)",
    ),
    Query("variant", one_of(VARIANTS), "Games of this variant"),
)
PAGES = (
    Query("page", Annotated[int, Meta(ge=1, le=MAX_PAGE)], "From 1"),
    Query("per_page", Annotated[int, Meta(ge=1, le=MAX_PER_PAGE)], f"Default {PER_PAGE}"),
)


def query(request: Request, parameters: tuple[Query, ...]) -> dict[str, str]:
    """The query's parameters: only those of ``parameters``, each once (``BadOrder``
    otherwise)."""
    allowed = [parameter.name for parameter in parameters]
    found: dict[str, str] = {}
    for key, value in request.query_params.multi_items():
        if key not in allowed:
            takes = ", ".join(allowed) or "no parameters"
            raise BadOrder(f"unknown query parameter {key!r}; this path takes {takes}")
        if key in found:
            raise BadOrder(f"query parameter {key!r} is given twice")
        found[key] = value
    return found


def chosen_filter(params: dict[str, str]) -> Filter:
    """The ``player`` and ``variant`` of a query, checked."""
    player = params.get("player")
    if player is not None:
        check_name(player, "player")
    variant = params.get("variant")
    if variant is not None and variant not in VARIANTS:
        raise BadOrder(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    return Filter(player, variant)


def routes(service: WebService) -> list[ApiRoute]:
    def store() -> GameStore:
        return service.controller.session.records

    def game_of(text: str) -> GameDetail:
        game_id = parse_whole(text, "a game id", 1, 10**MAX_DIGITS - 1)
        found = get_game(store(), game_id) if game_id <= ID_LIMIT else None
        if found is None:
            raise NotFound(f"no game {game_id} in the records (see GET /api/games)")
        return found

    async def games(request: Request) -> Answer:
        params = query(request, (*FILTER, *PAGES))
        page = parse_whole(params.get("page", "1"), "page", 1, MAX_PAGE)
        per_page = parse_whole(params.get("per_page", str(PER_PAGE)), "per_page", 1, MAX_PER_PAGE)
        items, total = list_games(
            store(), chosen_filter(params), offset=(page - 1) * per_page, limit=per_page
        )
        return Answer(GamesPage(items, total, page, per_page))

    async def stats(request: Request) -> Answer:
        chosen = chosen_filter(query(request, FILTER))
        return Answer(Stats(player_stats(store(), chosen)))

    async def game(request: Request) -> Response:
        """The record as JSON; ``/api/games/{id}.json`` the same as a download, with its moves
        as engine actions."""
        query(request, ())
        text = request.path_params["id"]
        if not text.endswith(JSON_SUFFIX):
            return Answer(game_of(text))
        found = game_of(text.removesuffix(JSON_SUFFIX))
        record = read_record(found.notation)
        moves = [
            ExportedMove(move.line, move.text, move.seat, move.action.to_json(record.game.naming))
            for move in record.moves
        ]
        fields = msgspec.structs.asdict(found)
        dice = None if found.dice is None else msgspec.json.decode(found.dice, type=DiceBook)
        exported = GameExport(**{**fields, "moves": moves, "dice": dice})
        return Response(
            msgspec.json.format(encode(exported), indent=1),
            media_type="application/json",
            headers=download(f"flix-game-{found.id}.json"),
        )

    async def notation(request: Request) -> Response:
        query(request, ())
        found = game_of(request.path_params["id"])
        return Response(
            found.notation,
            media_type="text/plain; charset=utf-8",
            headers=download(f"flix-game-{found.id}.flix"),
        )

    async def replay(request: Request) -> StreamingResponse:
        """The public state before the first move and after each one: the page steps through
        them without knowing the rules. Computed off the service's loop and sent as it is
        computed (``replay_json``)."""
        query(request, ())
        found = game_of(request.path_params["id"])
        return StreamingResponse(replay_json(found), media_type="application/json")

    def kept(path: str, handler: Handler, operation: Operation) -> ApiRoute:
        return ApiRoute(service, "GET", f"/api/games{path}", handler, operation)

    one = ID_PATTERN
    return [
        kept(
            "",
            games,
            Operation(
                "A page of the kept games, newest first", GamesPage, TAGS, query=(*FILTER, *PAGES)
            ),
        ),
        kept(
            "/stats",
            stats,
            Operation("Each player's games, results and lines", Stats, TAGS, query=FILTER),
        ),
        kept(
            "/{id}",
            game,
            Operation(
                "One kept game with its notation; `{id}.json`: a download with its moves as "
                "actions",
                (GameDetail, GameExport),
                TAGS,
                path_pattern=one.removesuffix("$") + r"(\.json)?$",
            ),
        ),
        kept(
            "/{id}/notation",
            notation,
            Operation(
                "One kept game in the text notation (docs/NOTATION.md), a download",
                str,
                TAGS,
                path_pattern=one,
                media_type="text/plain",
            ),
        ),
        kept(
            "/{id}/replay",
            replay,
            Operation(
                "The public state before the first move and after each one",
                Replay,
                TAGS,
                path_pattern=one,
            ),
        ),
    ]


def replay_json(found: GameDetail) -> Iterator[bytes]:
    """The replay of a kept game as JSON, a few steps at a time. Starlette runs a plain
    iterator in a worker thread, so the board's loop goes on between the pieces; one replay is
    computed at a time (``REPLAYING``), the others wait their turn in their own threads."""
    with REPLAYING:
        record = read_record(found.notation)
        layout = record.game.layout
        shown = Layout(layout.panels, layout.suits)
        head = ReplayHead(found.id, found.variant, found.players, found.result, shown)
        yield encode(head)[:-1] + b', "steps": ['
        batch: list[bytes] = []
        sent = False
        for step in replay_steps(record):
            batch.append(encode(msgspec.convert(step, ReplayStep)))
            if len(batch) == STEPS_PER_PIECE:
                yield (b", " if sent else b"") + b", ".join(batch)
                batch, sent = [], True
        yield (b", " if sent and batch else b"") + b", ".join(batch) + b"]}"


def download(filename: str) -> dict[str, str]:
    """The header that saves an answer as ``filename``."""
    return {"content-disposition": f'attachment; filename="{filename}"'}
