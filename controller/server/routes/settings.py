"""The settings page's API (docs/configuration.md): ``GET /api/setup`` (whether the board is set
up), ``GET /api/settings`` and ``POST /api/settings`` (the settings the page may change),
``POST /api/settings/token`` (a new access token) and ``POST /api/settings/restart``.

Settings are a trust boundary: everything but ``GET /api/setup`` needs the token, on this
machine too, and every value is checked before the file is written.
"""

from __future__ import annotations

import asyncio
import secrets
from functools import cache
from typing import Any

import msgspec
from starlette.background import BackgroundTask
from starlette.requests import Request

from controller.config import Config, ConfigError, from_tables, settings_specs
from controller.config_file import (
    TOKEN_PATTERN,
    SettingsTables,
    new_token,
    store_token,
    write_settings,
)
from controller.errors import BadOrder, NotFound, NotNow
from controller.games import games
from controller.seats import Seat
from controller.server.api_routes import OWNER, ApiRoute, Handler, Operation
from controller.server.bodies import (
    Answer,
    Body,
    Empty,
    NewToken,
    Restarting,
    Settings,
    SettingsBoard,
    SettingsChange,
    SetupStatus,
)
from controller.server.qr import qr_svg
from controller.server.requests import read_body
from controller.server.setup import (
    PAGE_SETTINGS,
    Setup,
    check_listen_address,
    page_link,
)
from controller.server.statuses import error_response
from controller.server.web_service import WebService
from controller.settings_spec import RESTART, Option, SettingSpec, Tables

MAX_TEXT = 256
"""The longest text a setting takes (a name, a broker address, a login)."""
PAGE_SPECS = [spec for spec in settings_specs() if spec.page]
"""The declarations of the settings the page may change."""


@cache
def page_schema() -> list[SettingSpec]:
    """``PAGE_SPECS`` as the page is served them: a choice that offers the flat boards
    (``Widget.boards``) offers each installed game's own board, named as its game names it."""
    boards = {game.geometry: game.board for game in games().values() if game.board}
    flat = [Option(geometry, name) for geometry, name in boards.items()]
    return [
        msgspec.structs.replace(spec, options=[*(spec.options or []), *flat], boards=False)
        if spec.boards
        else spec
        for spec in PAGE_SPECS
    ]


RESTART_SETTINGS = [
    (table, key)
    for table, body in PAGE_SETTINGS.items()
    for key, when in body.items()
    if when == RESTART
]
"""The page's settings that wait for a restart, as ``(table, key)``."""


def _value(config: Config, table: str, key: str) -> object:
    """The setting ``table.key`` of ``config``."""
    value: object = getattr(getattr(config, table), key)
    return value


TAGS = ("settings",)


def _texts(value: Any, where: str) -> None:
    """Refuse a text over ``MAX_TEXT`` characters anywhere in ``value``."""
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise BadOrder(f"{where}: at most {MAX_TEXT} characters ({len(value)} given)")
    if isinstance(value, list):
        for item in value:
            _texts(item, where)
    if isinstance(value, dict):
        for key, item in value.items():
            _texts(item, f"{where}.{key}")


def _json(value: object) -> Any:
    """A setting's value as the page reads and writes it (a seat without nulls)."""
    if isinstance(value, tuple) and all(isinstance(item, Seat) for item in value):
        return [seat.to_json() for seat in value]
    return msgspec.to_builtins(value)


def _changes(body: Body) -> SettingsTables:
    """The body's settings (the page's only: the body's document names no other), each
    checked on its own by its declaration as a start checks it, in its canonical form: a value
    of a form the document does not allow (a seat's table it does not describe) is a
    ``BadOrder`` (400), one the document allows that the configuration refuses (a port out of
    range, no such file, no such backend) a ``NotNow`` (409)."""
    changes: SettingsTables = {}
    for section in PAGE_SETTINGS:
        values = getattr(body, section)
        if values is None:
            continue
        for key, value in msgspec.to_builtins(values).items():
            _texts(value, f"{section}.{key}")
            try:
                checked = from_tables({section: {key: value}}, "settings")
            except ConfigError as error:
                raise (BadOrder if error.form else NotNow)(str(error)) from None
            changes.setdefault(section, {})[key] = _json(_value(checked, section, key))
    return changes


def _values(config: Config) -> dict[str, Tables]:
    """The page's settings as they are now (a secret only as whether one is set)."""
    shown: dict[str, Tables] = {}
    for spec in PAGE_SPECS:
        value = _value(config, spec.table, spec.key)
        table = shown.setdefault(spec.table, {})
        table[spec.key] = "" if spec.secret else _json(value)
        if spec.secret:
            table[f"{spec.key}_set"] = bool(value)
    return shown


def routes(service: WebService) -> list[ApiRoute]:
    started = service.config
    """The settings the service started with: those needing a restart stay these until then."""
    run = secrets.token_hex(8)
    wanted = [service.config]
    """The settings of the file (with the command line's on top), as the page last wrote them."""
    writing = asyncio.Lock()
    """One write at a time, each off the loop (a Pi's SD card may take a while to sync a file):
    the board keeps playing meanwhile."""

    def check(request: Request) -> Setup:
        """The settings file of the service (the owner's request, ``OWNER``: checked before)."""
        if service.setup is None:
            raise NotFound("this service keeps no settings file")
        return service.setup

    def restart_needed(config: Config) -> list[str]:
        return [
            f"{section}.{key}"
            for section, body in PAGE_SETTINGS.items()
            for key, when in body.items()
            if when == RESTART and _value(config, section, key) != _value(started, section, key)
        ]

    def answer_settings(request: Request, setup: Setup, config: Config) -> Answer:
        link, reachable = page_link(
            request.headers.get("host", ""), service.host, service.port, service.token
        )
        shown = Settings(
            first_run=setup.first_run(),
            file=str(setup.path),
            settings=_values(config),
            schema=page_schema(),
            when=PAGE_SETTINGS,
            restart_needed=restart_needed(config),
            token=service.token,
            link=link,
            reachable=reachable,
            qr_svg=qr_svg(link),
            language=config.board.language,
            board=SettingsBoard(
                backend=service.backend.name, geometry=service.controller.geometry.key
            ),
            held=setup.held,
            notice=setup.notice,
        )
        return Answer(shown, headers={"cache-control": "no-store"})  # it carries the token

    def keep_token(setup: Setup, token: str) -> None:
        """``token`` is kept across restarts: in the file when it sets one, else in the data
        directory."""
        if setup.file_token:
            write_settings(setup.path, {"http": {"token": token}})
        else:
            store_token(setup.data_dir, token)

    async def setup_status(request: Request) -> Answer:
        """Whether the board still waits to be set up (the page's first-run screen), and this
        run's id (a new one after a restart)."""
        first = service.setup is not None and service.setup.first_run()
        return Answer(SetupStatus(first_run=first, run=run))

    async def show(request: Request) -> Answer:
        return answer_settings(request, check(request), wanted[0])

    async def change(request: Request) -> Answer:
        """``{"game": {"call_window": 2.5}, ...}``: write these settings, apply what can be
        applied now; ``{}`` on the first run writes the file as it is and keeps the token."""
        setup = check(request)
        body = await read_body(request, SettingsChange)
        changes = _changes(body)

        def save() -> Config:
            address = changes.get("http", {}).get("address")
            if isinstance(address, str) and address != started.http.address:
                check_listen_address(address, service.port)
            in_file = write_settings(setup.path, changes)
            if setup.first_run():
                keep_token(setup, token_in_use)
            return in_file

        token_in_use = service.token
        try:
            async with writing:
                in_file = await asyncio.to_thread(save)
        except ConfigError as error:  # a value the document allows that this board cannot use
            raise NotNow(str(error)) from None
        except OSError as error:
            return error_response(503, f"cannot write {setup.path}: {error.strerror}")
        wanted[0] = setup.command_line(in_file)
        service.reconfigure(
            wanted[0].but(
                token=service.token,
                **{key: _value(started, table, key) for table, key in RESTART_SETTINGS},
            )
        )
        return answer_settings(request, setup, wanted[0])

    async def token(request: Request) -> Answer:
        """``{"token"?: "..."}``: a new access token (a random one when none is given), in use
        at once and kept across restarts."""
        setup = check(request)
        body = await read_body(request, NewToken)
        chosen = new_token() if body.token is None else body.token  # "" is no token
        if not TOKEN_PATTERN.fullmatch(chosen):
            raise BadOrder(
                f"a token is 16 to 128 letters, digits, _ or - ({len(chosen)} characters given)"
            )
        try:
            async with writing:
                await asyncio.to_thread(keep_token, setup, chosen)
        except (ConfigError, OSError) as error:
            return error_response(503, f"cannot keep the token: {error}")
        service.token = chosen
        return answer_settings(request, setup, wanted[0])

    async def restart(request: Request) -> Answer:
        """Stop cleanly and start again with the same command line (after this answer)."""
        check(request)
        await read_body(request, Empty)
        return Answer(
            Restarting(restarting=True), status_code=202, background=BackgroundTask(service.restart)
        )

    def setting(method: str, path: str, handler: Handler, operation: Operation) -> ApiRoute:
        return ApiRoute(service, method, f"/api/settings{path}", handler, operation)

    status = Operation("Whether the board waits to be set up, and this run's id", SetupStatus, TAGS)
    return [
        ApiRoute(service, "GET", "/api/setup", setup_status, status),
        setting(
            "GET",
            "",
            show,
            Operation(
                "The settings the page may change, the token and the page's link (always the "
                "token)",
                Settings,
                TAGS,
                OWNER,
                refuses=(404,),
            ),
        ),
        setting(
            "POST",
            "",
            change,
            Operation(
                "Write settings to the configuration file and apply what applies now",
                Settings,
                TAGS,
                OWNER,
                SettingsChange,
                refuses=(404, 409, 503),
            ),
        ),
        setting(
            "POST",
            "/token",
            token,
            Operation(
                "A new access token (random when none is given), kept across restarts",
                Settings,
                TAGS,
                OWNER,
                NewToken,
                refuses=(404, 503),
            ),
        ),
        setting(
            "POST",
            "/restart",
            restart,
            Operation(
                "Stop cleanly and start again with the same command line",
                Restarting,
                TAGS,
                OWNER,
                Empty,
                refuses=(404,),
                status=202,
            ),
        ),
    ]
