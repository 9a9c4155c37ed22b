"""The settings page's API (docs/SETTINGS.md): ``GET /api/setup`` (whether the board is set
up), ``GET /api/settings`` and ``POST /api/settings`` (the settings the page may change),
``POST /api/settings/token`` (a new access token) and ``POST /api/settings/restart``.

Settings are a trust boundary: everything but ``GET /api/setup`` needs the token, on this
machine too, and every value is checked before the file is written.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import replace
from typing import Any

import msgspec
from starlette.background import BackgroundTask
from starlette.requests import Request

from controller.config import Config, ConfigError
from controller.config_file import (
    TOKEN_PATTERN,
    SettingsTables,
    new_token,
    store_token,
    write_settings,
)
from controller.errors import BadOrder, NotFound, NotNow
from controller.server.api_routes import OWNER, ApiRoute, Handler, Operation
from controller.server.bodies import (
    Answer,
    BoardSettings,
    Empty,
    GameSettings,
    HttpSettings,
    LedSettings,
    NewToken,
    PageSettings,
    RemoteSettings,
    Restarting,
    SeatSetting,
    Settings,
    SettingsBoard,
    SettingsChange,
    SetupStatus,
    VoiceSettings,
)
from controller.server.qr import qr_svg
from controller.server.requests import read_body
from controller.server.setup import (
    PAGE_SETTINGS,
    RESTART,
    Setup,
    check_listen_address,
    page_link,
)
from controller.server.statuses import error_response
from controller.server.web_service import WebService

MAX_TEXT = 256
"""The longest text a setting takes (a name, a broker address, a login)."""
TAGS = ("settings",)
RESTART_KEYS = tuple(
    key for body in PAGE_SETTINGS.values() for key, when in body.items() if when == RESTART
)


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


def _changes(body: SettingsChange) -> SettingsTables:
    """The body's settings, only those the page may change."""
    changes: SettingsTables = {}
    for section in PAGE_SETTINGS:
        values = getattr(body, section)
        if values is None:
            continue
        allowed = PAGE_SETTINGS[section]
        for key, value in msgspec.to_builtins(values).items():
            if key not in allowed:
                raise BadOrder(
                    f"{section}.{key} is not a setting of this page "
                    f"(keys of {section}: {', '.join(allowed)})"
                )
            _texts(value, f"{section}.{key}")
            changes.setdefault(section, {})[key] = value
    return changes


def _values(config: Config) -> PageSettings:
    """The page's settings as they are now (the password only as whether one is set)."""
    return PageSettings(
        board=BoardSettings(
            backend=config.backend,
            geometry=config.geometry,
            panels=config.panels,
            suits=config.suits,
            language=config.language,
        ),
        game=GameSettings(
            team_names=list(config.team_names),
            call_window=config.call_window,
            hints=config.hints,
            seats=[msgspec.convert(seat.to_json(), SeatSetting) for seat in config.seats],
            computer_movetime_ms=config.computer_movetime_ms,
        ),
        leds=LedSettings(brightness_cap=config.brightness_cap),
        remote=RemoteSettings(
            broker=config.broker,
            username=config.username,
            password="",
            password_set=bool(config.password),
        ),
        voice=VoiceSettings(
            enabled=config.enabled, engine=config.engine, volume=config.volume, rate=config.rate
        ),
        http=HttpSettings(address=config.address),
    )


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
            if when == RESTART and getattr(config, key) != getattr(started, key)
        ]

    def answer_settings(request: Request, setup: Setup, config: Config) -> Answer:
        link, reachable = page_link(
            request.headers.get("host", ""), service.host, service.port, service.token
        )
        shown = Settings(
            first_run=setup.first_run(),
            file=str(setup.path),
            settings=_values(config),
            when=PAGE_SETTINGS,
            restart_needed=restart_needed(config),
            token=service.token,
            link=link,
            reachable=reachable,
            qr_svg=qr_svg(link),
            language=config.language,
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
            if isinstance(address, str) and address != started.address:
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
            replace(
                wanted[0],
                token=service.token,
                **{key: getattr(started, key) for key in RESTART_KEYS},
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
