"""``flixboard run``: the board service (simulated board by default)."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import traceback
from pathlib import Path
from typing import TypedDict

from controller.cli.language import command_language
from controller.cli.status import FAILED, USER_FAULT
from controller.cli.values import GRID_SIZES, SHAPES
from controller.config import (
    Config,
    ConfigError,
    apply_overrides,
    from_tables,
    load_config,
    parse_address,
)
from controller.config_file import (
    CONFIG_FILE,
    TOKEN_FILE,
    keep_last_good,
    last_good,
    new_token,
    remove_orphans,
    stored_token,
)
from controller.core.board_search import BoardSearch
from controller.i18n import N_, Language, error_words, language
from controller.records.journal import Journal, JournalError, default_data_dir, make_private
from controller.seats import Seat
from controller.server.service import Service, ServiceFailed, bind
from controller.server.setup import Setup, config_path, held_settings
from engine.holes import Layout
from engine.players.base import DEFAULT_LEVEL, LEVELS
from hal.base import FLIX_GEOMETRY, Backend, BoardGeometry
from hal.errors import BackendUnavailable, HalError
from hal.geometry import GridWiring, load_geometry
from hal.pi_grid import load_pi_grid
from hal.registry import available_backends, open_backend
from hal.serial_backend import DEFAULT_PORT
from hal.serial_errors import ProfileMismatch


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--board",
        metavar="sim|serial[:PORT]|gpio",
        help="the board: the simulator (default), a Pico on USB serial, or direct GPIO; "
        f"without it: [board] backend of the configuration, else ${BOARD_VARIABLE}",
    )
    parser.add_argument(
        "--geometry",
        metavar=f"{SHAPES}|FILE",
        help="the board's shape: the FLIX spaceboard (default), a flat board of wiring/NAME.toml "
        f"({GRID_SIZES}) or the path of such a wiring file; flat boards play their own "
        "games, on the simulator, on a Pico set up for them (--board serial; flixboard "
        "pico-setup) or on a Pi's GPIO (--board gpio reads wiring/NAME-pi.toml, or a wiring file "
        "whose mcu is a Raspberry Pi); without it: [board] geometry of the configuration, else "
        f"${GEOMETRY_VARIABLE}",
    )
    parser.add_argument(
        "--http", metavar="HOST:PORT", help="where to serve (default 127.0.0.1:8640)"
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help=f"where the game journal lives (default {default_data_dir()})",
    )
    parser.add_argument("--config", metavar="FILE", help="a TOML configuration file")
    parser.add_argument(
        "--set", action="append", default=[], metavar="TABLE.KEY=VALUE", help="override a setting"
    )
    parser.add_argument(
        "--computer",
        action="append",
        default=[],
        metavar="SEAT[:LEVEL]",
        help="the computer plays this seat (counted from 1, as the page shows seats) at LEVEL "
        "1..5 (default 3); repeat for more seats. Adds to [[game.seats]] of the configuration",
    )
    parser.add_argument(
        "--remote",
        metavar="mqtt[s]://HOST:PORT",
        help="the MQTT broker of remote play (sets [remote] broker for this run)",
    )
    parser.add_argument(
        "--sim-state",
        metavar="FILE",
        help=f"simulated board: where it keeps its panels and pieces between runs "
        f"(default DATA_DIR/{SIM_STATE_FILE})",
    )


def settings(args: argparse.Namespace, path: Path) -> Config:
    """The configuration: defaults, the file (``--config``, else ``path`` when it exists), then
    the command line's settings (``command_line``)."""
    return command_line(args, load_config(args.config or (path if path.exists() else None)))


class Start(TypedDict):
    """The settings a start uses: the file's (``in_file``), with the command line's on top
    (``config``), and what the start says when it fell back to the last good file."""

    config: Config
    in_file: Config
    notice: str


def start_settings(args: argparse.Namespace, path: Path, say: Language) -> Start:
    """The file's settings, or, when they cannot be used (a ``ConfigError``, or an address this
    machine cannot listen on), those of the last file a start came up with
    (``config.toml.last-good``), with a notice that says so; the command line's on top."""
    good = last_good(path)
    try:
        in_file = load_config(path) if args.config or path.exists() else Config()
        config = command_line(args, in_file)
    except ConfigError as error:
        if not good.is_file():
            raise
        reason, kept = str(error), None
    else:
        try:
            if not args.http and good.is_file():  # the page may have saved one that is not ours
                bind(*parse_address(config.http.address)).close()
            return Start(config=config, in_file=in_file, notice="")
        except OSError as error:
            reason, kept = (
                f"{config.http.address}: {error.strerror}",
                Start(config=config, in_file=in_file, notice=""),
            )
    try:
        in_file = load_config(good)
        config = command_line(args, in_file)
    except ConfigError:  # the copy is no better: the file's own error (or its address's)
        if kept is None:
            raise ConfigError(reason) from None
        return kept
    notice = say.gettext(
        "the settings in {file} cannot be used ({error}); started with the last ones that "
        "worked, {good}: change them on the settings page"
    ).format(file=path, error=reason, good=good)
    return Start(config=config, in_file=in_file, notice=notice)


def command_line(args: argparse.Namespace, config: Config) -> Config:
    """``--set`` overrides, then ``--http``, ``--remote``, ``--computer``, ``--board`` and
    ``--geometry`` on top of ``config``; the board and its shape resolved (``board_choice``)."""
    config = board_choice(args, apply_overrides(config, args.set))
    if args.http:
        parse_address(args.http)
        config = apply_overrides(config, [f'http.address="{args.http}"'])
    if args.remote:
        config = from_tables({"remote": {"broker": args.remote}}, "--remote", config)
    return computer_seats(config, args.computer)


def held_by(args: argparse.Namespace) -> dict[str, str]:
    """The page's settings this command line sets (``controller.server.setup.held_settings``)."""
    options = {
        "board.backend": f"--board {args.board}" if args.board else "",
        "board.geometry": f"--geometry {args.geometry}" if args.geometry else "",
        "remote.broker": f"--remote {args.remote}" if args.remote else "",
        "http.address": f"--http {args.http}" if args.http else "",
        "game.seats": " ".join(f"--computer {seat}" for seat in args.computer or []),
    }
    return held_settings(options, args.set)


BOARD_VARIABLE = "FLIXBOARD_BOARD"
GEOMETRY_VARIABLE = "FLIXBOARD_GEOMETRY"
"""The installer's choice of board and shape (a Pi's ``/etc/flixboard/environment``)."""


def board_choice(args: argparse.Namespace, config: Config) -> Config:
    """``config`` with the board and its shape the service opens: ``--board``/``--geometry``,
    else the configuration's ``[board] backend``/``geometry`` (the settings page writes them),
    else the installer's environment, else the simulated spaceboard."""
    backend = args.board or config.board.backend or os.environ.get(BOARD_VARIABLE) or "sim"
    geometry = (
        args.geometry
        or config.board.geometry
        or os.environ.get(GEOMETRY_VARIABLE)
        or FLIX_GEOMETRY.key
    )
    return config.but(backend=backend, geometry=geometry)


def parse_computers(specs: list[str], players: int) -> dict[int, Seat]:
    """The seats of ``--computer SEAT[:LEVEL]`` (seats counted from 1), by seat from 0."""
    chosen: dict[int, Seat] = {}
    for spec in specs:
        seat_text, _, level_text = spec.partition(":")
        if not seat_text.isdigit() or not 1 <= int(seat_text) <= players:
            raise ConfigError(f"--computer {spec}: SEAT is a seat 1..{players} (counted from 1)")
        if level_text and not (level_text.isdigit() and int(level_text) in LEVELS):
            raise ConfigError(f"--computer {spec}: LEVEL is a level 1..5")
        chosen[int(seat_text) - 1] = Seat.computer(int(level_text) if level_text else DEFAULT_LEVEL)
    return chosen


def computer_seats(config: Config, specs: list[str]) -> Config:
    """``config`` with the seats of ``--computer SEAT[:LEVEL]`` (seats counted from 1)."""
    seats = list(config.game.seats)
    for seat, chosen in parse_computers(specs, config.game.players).items():
        seats.extend(Seat() for _ in range(seat + 1 - len(seats)))
        seats[seat] = chosen
    return config.but(seats=tuple(seats))


def take_seats(service: Service, chosen: dict[int, Seat]) -> None:
    """A game resumed from the journal: the seats named by ``--computer`` are the computer's
    from now on (a journalled switch), as in a new game."""
    session = service.controller.session
    switches = {
        seat: to
        for seat, to in chosen.items()
        if seat < session.game.players and session.seats[seat] != to
    }

    def switch(now: float) -> None:
        for seat, to in switches.items():
            service.computer.switch(seat, to, now)

    if switches:
        service.order(switch)


SIM_STATE_FILE = "sim-board.json"
"""The spaceboard's state file; a flat board's is ``sim-<geometry>.json``."""


def sim_state_file(geometry: BoardGeometry) -> str:
    """The default name of the simulated board's state file (one per board shape)."""
    return f"sim-{geometry.key}.json" if geometry.flat else SIM_STATE_FILE


SIM_FRAME_LIMIT = 1000
"""A long-running simulated board keeps only its recent LED frames (the recorder is for tests)."""


class BackendOptions(TypedDict, total=False):
    """What a backend is opened with (``hal.registry.open_backend``)."""

    max_brightness: float
    geometry: BoardGeometry
    layout: Layout
    state_file: str | Path | None
    frame_limit: int
    sensing: str
    wiring: GridWiring


def open_board(
    spec: str,
    config: Config,
    sim_state: str | Path | None,
    geometry: BoardGeometry = FLIX_GEOMETRY,
    wiring: str | Path | None = None,
) -> Backend:
    """The board named by ``spec``, its LEDs capped at ``brightness_cap``. The simulated board
    keeps its panels and pieces in ``sim_state``, as a real board keeps them while it is off. A
    flat board (``geometry``) is simulated, read by a Pico set up for it (a Pico set up for
    another board is refused: ``ProfileMismatch``), or wired to the Pi's GPIO as the Pi's wiring
    of ``wiring`` (a board name or a wiring file's path, by default the geometry's name) says;
    each senses presence only, as its switches do."""
    options: BackendOptions = {"max_brightness": config.leds.brightness_cap}
    name = spec.partition(":")[0]
    if geometry.flat and name not in available_backends(geometry.shape):
        raise ConfigError(
            f"the {geometry.key} board runs on the simulator (--board sim), a Pico (--board "
            f"serial) or a Raspberry Pi's GPIO (--board gpio), not on {name!r}"
        )
    if name == "serial":  # the Pico says how it senses; a Pico of another board is refused
        options["geometry"] = geometry
    if name == "sim":
        options["layout"] = config.layout
        options["state_file"] = sim_state
        options["frame_limit"] = SIM_FRAME_LIMIT
    if geometry.flat and name == "sim":
        options["geometry"] = geometry
        options["sensing"] = "presence"
    if geometry.flat and name == "gpio":
        options["wiring"] = load_pi_grid(wiring or geometry.key)
    return open_backend(spec, shape=geometry.shape, **options)


def search_board(
    spec: str, config: Config, error: HalError, geometry: BoardGeometry = FLIX_GEOMETRY
) -> BoardSearch:
    """A serial board that did not answer at start: the service comes up and searches for it
    (a Pico plugged in later, a service started by systemd before the board)."""
    words = language(config.board.language)
    where = spec.partition(":")[2] or words.gettext("the default port")
    searching = words.gettext("flixboard: searching for the board on {where}: {error}")
    print(searching.format(where=where, error=error), file=sys.stderr, flush=True)

    def say(news: str) -> None:
        print(f"flixboard: {news}", file=sys.stderr, flush=True)

    return BoardSearch(
        lambda: open_board(spec, config, None, geometry),
        geometry=geometry,
        where=where,
        max_brightness=config.leds.brightness_cap,
        say=say,
        port=spec.partition(":")[2] or DEFAULT_PORT,
    )


def main(args: argparse.Namespace) -> int:
    say = command_language()  # the board's language once its configuration is read
    try:
        data_dir = Path(args.data_dir) if args.data_dir else default_data_dir()
        path = config_path(args.config, data_dir)
        tidy(path, data_dir)
        start = start_settings(args, path, say)
        config, in_file = start["config"], start["in_file"]
        say = language(config.board.language)
        host, port = parse_address(config.http.address)
        journal = Journal(data_dir)
    except (ConfigError, JournalError) as error:
        print(f"flixboard run: {error}", file=sys.stderr)
        return USER_FAULT
    try:
        sock = bind(host, port)
    except OSError as error:
        refused = say.gettext(
            "flixboard run: cannot listen on {address}: {error}. "
            "Choose another address with --http HOST:PORT."
        )
        print(refused.format(address=f"{host}:{port}", error=error.strerror), file=sys.stderr)
        return USER_FAULT
    try:
        geometry = load_geometry(config.board.geometry)
        sim_state = args.sim_state or data_dir / sim_state_file(geometry)
        backend = open_board(
            config.board.backend, config, sim_state, geometry, config.board.geometry
        )
    except BackendUnavailable as error:
        if config.board.backend.partition(":")[0] != "serial" or isinstance(error, ProfileMismatch):
            print(_cannot_open(say, config.board.backend, error), file=sys.stderr)
            sock.close()
            return USER_FAULT
        backend = search_board(config.board.backend, config, error, geometry)
    except (HalError, ConfigError, ValueError) as error:
        print(_cannot_open(say, config.board.backend, error), file=sys.stderr)
        sock.close()
        return USER_FAULT
    token = config.http.token or stored_token(data_dir) or new_token()
    setup = Setup(
        path,
        data_dir,
        lambda file: command_line(args, file),
        file_token=bool(in_file.http.token),
        held=held_by(args),
        notice=start["notice"],
    )
    simulated = config.board.backend.partition(":")[0] == "sim"
    view = sys.stdout if simulated and sys.stdout.isatty() else None
    try:
        with backend:
            try:
                service = Service(
                    backend,
                    config,
                    journal,
                    host=host,
                    port=int(sock.getsockname()[1]),
                    token=token,
                    view=view,
                    setup=setup,
                )
            except (JournalError, ConfigError) as error:  # the journal, Home Assistant's broker
                print(f"flixboard run: {error}", file=sys.stderr)
                return USER_FAULT
            take_seats(service, parse_computers(args.computer, config.game.players))
            if not setup.notice and path.exists():
                keep_last_good(path)
            _announce(service, config, journal, setup, say)
            asyncio.run(service.run(sock))
    except (HalError, JournalError) as error:
        print(f"flixboard run: {error}", file=sys.stderr)
        return FAILED
    except ServiceFailed as error:
        traceback.print_exception(error.__cause__ or error, file=sys.stderr)
        saved = say.gettext("flixboard run: {error}; the game is saved.")
        print(saved.format(error=error), file=sys.stderr)
        return FAILED
    finally:
        sock.close()
        journal.close()
    if service.restart_requested:
        print(say.gettext("flixboard: restarting with the new settings; the game is saved."))
        sys.stdout.flush()
        try:
            restart()
        except OSError as error:
            again = say.gettext("flixboard run: cannot start again: {error}")
            print(again.format(error=error), file=sys.stderr)
            return FAILED
    stopped = say.gettext("flixboard: stopped; the game is saved and resumes at the next start.")
    print(stopped, flush=True)
    return 0


def _cannot_open(say: Language, board: str, error: Exception) -> str:
    return say.gettext("flixboard run: cannot open the board {board}: {error}").format(
        board=repr(board), error=say.words(error_words(error))
    )


def restart() -> None:
    """Start this process again with the same command line (the same process id: systemd and a
    terminal keep following it)."""
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, sys.orig_argv)


def tidy(path: Path, data_dir: Path) -> None:
    """Before a start: the temporary files a write cut short left beside the configuration file
    and the token removed, and the data directory's configuration file made this user's only
    (it may hold the token and the broker's password)."""
    remove_orphans(path.parent, path.name)
    remove_orphans(data_dir, TOKEN_FILE)
    own = data_dir / CONFIG_FILE
    if own.is_file():
        make_private(own)


def _announce(
    service: Service, config: Config, journal: Journal, setup: Setup, say: Language
) -> None:
    """What the service serves and how to reach it, in the board's language. A token made at
    this start is shown once; one kept in the data directory or set by the owner never."""
    url = service.url()
    lines = [
        say.gettext("flixboard: serving on {url} (board: {board}, journal: {journal})").format(
            url=url, board=config.board.backend, journal=journal.path
        ),
        say.gettext("Open {url} in a browser, or use the HTTP API: {command}").format(
            url=url, command=f"curl {url}api/state"
        ),
    ]
    if stored_token(setup.data_dir) == service.token:  # set up: the token stays out of the log
        token = say.gettext("<the token in {file}, shown on the settings page>").format(
            file=setup.data_dir / TOKEN_FILE
        )
    elif config.http.token == service.token:  # the owner's own ([http] token, --set http.token)
        token = say.gettext("<the token of [http] token, shown on the settings page>")
    elif setup.first_run():  # made at this start: shown once, in the next line
        token = say.gettext("<the token above>")
    else:
        token = service.token
    if setup.first_run():
        once = service.token if token == say.gettext("<the token above>") else token
        lines.append(
            say.gettext("Not set up yet: open {url} and give it the token {token}").format(
                url=f"{url}settings.html", token=once
            )
        )
    if setup.notice:
        lines.append(setup.notice)
        print(f"flixboard run: {setup.notice}", file=sys.stderr, flush=True)
    if service.token_required:
        lines.append(
            say.gettext("POST requests need the header: {header}").format(
                header=f"Authorization: Bearer {token}"
            )
        )
    if service.hands is not None:
        flat = service.controller.geometry.flat
        example, pieces = ("c3", N_("pieces")) if flat else ("Y-II-H", N_("Men"))
        command = f'curl -X POST {url}api/sim/place -d \'{{"hole": "{example}"}}\'' + (
            "" if not service.token_required else f" -H 'Authorization: Bearer {token}'"
        )
        lines.append(
            say.gettext("Simulated board: place {pieces} with the page or {command}").format(
                pieces=say.gettext(pieces), command=command
            )
        )
    stops = say.gettext("Ctrl+C stops the service.")
    now = say.gettext("Now: {message}").format(message=service.controller.message())
    print("\n".join([*lines, f"{now}  {stops}"]), flush=True)
    service.banner = [*lines, stops]
