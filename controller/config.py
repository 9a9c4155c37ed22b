"""The service's settings: one declaration each, a TOML file, CLI overrides.

Every setting is declared once below, in the struct of its table of the file (``[board]``,
``[game]``, ``[leds]``, ``[http]``, ``[remote]``, ``[homeassistant]``, ``[voice]``): its type,
range, default and description, and its markers (``controller.settings_spec``: whether the
settings page offers it and when a change takes effect, the values in words, a check only this
program can make). Loading, the settings page, ``config.example.toml`` and the documentation's
tables all come from these declarations. A setting can be overridden on the command line with
``--set table.key=value``. A bad key or value is a ``ConfigError`` naming the file, the key and
the value.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, TypedDict

import msgspec
from msgspec import Meta, Struct, field

from controller import config_checks as checks
from controller.config_checks import MAX_PEM_FILE, MAX_VOICE_FILE, TOPIC_WORD, Color
from controller.config_checks import ConfigError as ConfigError
from controller.config_checks import parse_address as parse_address
from controller.i18n import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, N_
from controller.seats import MAX_NAME, NAME_PATTERN, Seat
from controller.settings_spec import (
    NEXT_GAME,
    NOW,
    RESTART,
    Check,
    OnPage,
    Option,
    Refused,
    Secret,
    SettingSpec,
    Tables,
    Widget,
    Words,
    specs,
)
from controller.settings_spec import checks as field_checks
from engine.holes import Layout
from hal.files import SettingFileError, read_setting_file

MAX_CONFIG_FILE = 1024 * 1024
"""The largest configuration file read (the commented example is a few kilobytes)."""
_PEM = f"the path of a PEM file (a regular file of at most {MAX_PEM_FILE // 2**20} MiB), or empty"
_TEXT = "any text without control characters"
_LANGUAGES = tuple(Option(code, LANGUAGE_NAMES[code]) for code in LANGUAGES)
"""The languages the settings page offers, each named in its own words."""


def _listed(values: tuple[str, ...]) -> str:
    """``values`` as the documents list them: ```"en"`, `"de"```."""
    return ", ".join(f'`"{value}"`' for value in values)


class ConfigOptions(TypedDict):
    """The engine options that come from the configuration."""

    call_window: float
    auto_call: bool
    panels: str
    suits: str


class Table(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One table of the configuration file."""


class Board(Table, frozen=True):
    """``[board]``: the board the service opens and how it reads it."""

    settle_ms: Annotated[
        int,
        Meta(ge=0, le=5000, description="milliseconds a sensor change must hold before it counts"),
    ] = 120
    fix_after_s: Annotated[
        float,
        Meta(
            ge=0,
            le=600,
            description="seconds until the page says in words what to fix (a single Man in an "
            "unlit hole: at once)",
        ),
    ] = 5.0
    backend: Annotated[
        str,
        Meta(
            description="the board the service opens: the simulator, a Pico on USB "
            "(`serial:PORT` names its port: a character device, or a path not there yet, for a "
            'board plugged in later), the Pi\'s GPIO; `""`: `--board`, else `FLIXBOARD_BOARD` '
            '(a Pi\'s `/etc/flixboard/environment`), else `"sim"`; `--board` wins over it'
        ),
        Words('`""`, `"sim"`, `"serial"`, `"serial:/dev/ttyACM0"`, `"gpio"`'),
        Check(checks.backend),
        OnPage(
            RESTART,
            N_("Board"),
            N_("What the service opens at its start; --board on its command line wins."),
        ),
        Widget(
            "choice",
            "set-backend",
            (
                Option("sim", N_("the simulated board")),
                Option("serial", N_("a Pico on USB")),
                Option("gpio", N_("the Pi's GPIO")),
            ),
        ),
    ] = ""
    geometry: Annotated[
        str,
        Meta(
            description="the board's shape: the spaceboard or a flat board (`--geometry`); "
            '`""`: `--geometry`, else `FLIXBOARD_GEOMETRY`, else `"flix"`; `--geometry` wins '
            "over it"
        ),
        Words(
            f'`""`, {_listed(checks.SHAPES)} or a wiring file\'s path (a regular TOML file of '
            "at most 64 KiB with a [board] table)"
        ),
        Check(checks.geometry),
        OnPage(
            RESTART,
            N_("Shape"),
            N_("The board's shape at the service's start; --geometry on its command line wins."),
        ),
        Widget("choice", "set-geometry", (Option("flix", N_("the FLIX spaceboard")),), boards=True),
    ] = ""
    language: Annotated[
        str,
        Meta(
            pattern=checks.one_of(LANGUAGES),
            description="the board's language: its message line, what to fix and the log in "
            "English or German, and the language of the pages that have not chosen their own "
            "([Languages](languages.md))",
        ),
        Words(_listed(LANGUAGES)),
        OnPage(
            NOW,
            N_("Language"),
            N_(
                "The board's message line, what to fix and the log, and the pages that have "
                "not chosen their own language."
            ),
        ),
        Widget("choice", "set-language", _LANGUAGES),
    ] = DEFAULT_LANGUAGE
    panels: Annotated[
        str,
        Meta(
            pattern=checks.letters_pattern("RYGB"),
            description="panel letters front to back (an assumption: set it to your board)",
        ),
        Words("the letters R, Y, G, B once each"),
        Check(checks.panels),
        OnPage(
            RESTART,
            N_("Panels front to back"),
            N_("R red, Y yellow, G green, B blue: e.g. RYGB."),
        ),
    ] = "RYGB"
    suits: Annotated[
        str,
        Meta(
            pattern=checks.letters_pattern("SHDC"),
            description="suit strips left to right (an assumption)",
        ),
        Words("the letters S, H, D, C once each"),
        Check(checks.suits),
        OnPage(
            RESTART,
            N_("Suits left to right"),
            N_("S spades, H hearts, D diamonds, C clubs: e.g. SHDC."),
        ),
    ] = "SHDC"
    sim_autoplace: Annotated[
        bool,
        Meta(
            description="simulated board only: the computer's hands make its moves; `false`: "
            "its hole blinks and you make them, as on a real board"
        ),
    ] = True
    pico_drive: Annotated[
        str,
        Meta(
            description="where the Pico's `RPI-RP2` drive gets mounted while the settings page "
            "updates its firmware (`flixboard pico-update --drive`); empty: looked for under "
            "`/media`, `/run/media`, `/mnt` and by its label ([Updating the Pico](PICO-UPDATE.md))"
        ),
        Words("a folder (no control characters), or empty"),
        Check(checks.plain_text),
    ] = ""
    pico_drive_wait_s: Annotated[
        float,
        Meta(
            ge=1,
            le=600,
            description="how long the settings page's Pico update waits for the `RPI-RP2` drive "
            "to appear after asking the Pico into its bootloader (`flixboard pico-update "
            "--drive-wait`)",
        ),
    ] = 30.0
    pico_back_wait_s: Annotated[
        float,
        Meta(
            ge=1,
            le=600,
            description="how long the settings page's Pico update waits for the Pico to come "
            "back on USB after the copy (`flixboard pico-update --back-wait`)",
        ),
    ] = 30.0


class Game(Table, frozen=True):
    """``[game]``: the game a start begins and who plays it."""

    variant: Annotated[
        str,
        Meta(
            description="the game a fresh start begins (by default the first game registered); "
            "a game of another board gives way to the first game played on the board (each "
            "game's board: `GET /api/info`)"
        ),
        Words(_listed(checks.VARIANTS)),
        Check(checks.variant),
    ] = checks.DEFAULT_VARIANT
    players: Annotated[
        Literal[2, 3, 4, 6],
        Meta(
            description="2 or 3 individually, 4 or 6 as partners (each game takes the counts it "
            "is played with: `GET /api/info`)"
        ),
    ] = 2
    call_window: Annotated[
        float,
        Meta(
            ge=0,
            le=600,
            description="seconds after a placement in which a completed line is safe from PENALTY",
        ),
        OnPage(
            NEXT_GAME,
            N_("Call window (seconds)"),
            N_("After a placement, a completed line is safe from PENALTY this long."),
        ),
    ] = 3.0
    auto_call: Annotated[bool, Meta(description="completed lines score at once; no penalties")] = (
        False
    )
    dice: Annotated[
        Literal["virtual", "physical"],
        Meta(description="`physical`: throw real dice and enter the faces in the page"),
    ] = "virtual"
    team_names: Annotated[
        tuple[Annotated[str, Meta(min_length=1, max_length=MAX_NAME, pattern=NAME_PATTERN)], ...],
        Meta(
            description="names of the colours of Men, in team order (three given: the fourth "
            "stays `Yellow`)"
        ),
        Words(f"three or four names of 1..{MAX_NAME} characters (no control characters)"),
        Check(checks.team_names),
        OnPage(NOW, N_("Team names"), N_("The names of the Men colours, in team order.")),
        Widget("names", "set-team", count=len(checks.TEAM_NAMES), item=N_("Team {number}")),
    ] = checks.TEAM_NAMES
    hints: Annotated[
        bool,
        Meta(
            description="hints (`GET /api/hint`, a long press of MENU) and the threat layer; a "
            "game started over HTTP may set its own"
        ),
        OnPage(NEXT_GAME, N_("Hints and threats"), N_("The Hint button and the threat layer.")),
    ] = True
    computer_movetime_ms: Annotated[
        int,
        Meta(
            ge=10,
            le=600_000,
            description="the longest the computer thinks about one move, in milliseconds (its "
            "level decides how far it looks)",
        ),
        OnPage(
            NOW,
            N_("Longest think per move (ms)"),
            N_("The level decides how far the computer looks; this only caps its time."),
        ),
    ] = 1000
    seats: Annotated[
        tuple[Seat, ...],
        Meta(
            description="who plays each seat: `kind` (`human` or `computer`), `level` (1..5), "
            "`name` (see [Playing the computer](computer-players.md#playing-the-computer-hints), "
            "[Game records](records.md))",
            examples=[[{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": 3}]],
        ),
        Words("up to six `[[game.seats]]` tables"),
        Check(checks.seats, form=True),
        OnPage(
            NEXT_GAME,
            N_("Players and computer"),
            N_("Who plays each seat when a game starts, and their names in the game records."),
        ),
        Widget("seats", "set-seats"),
    ] = ()


class Leds(Table, frozen=True):
    """``[leds]``: the board's lights."""

    brightness_cap: Annotated[
        float,
        Meta(ge=0, le=1, description="upper limit of the LED brightness (power budget)"),
        OnPage(
            NOW,
            N_("Brightness cap (%)"),
            N_("The LEDs never shine brighter than this (the power supply's budget)."),
        ),
        Widget(id="set-brightness", scale=100),
    ] = 0.5
    team_colours: Annotated[
        tuple[Color, ...],
        Meta(description="LED colour of each team"),
        Words('three or four colours, `"#rrggbb"` or `[r, g, b]`'),
        Check(checks.team_colours),
    ] = checks.TEAM_COLOURS
    win_animation_s: Annotated[
        float, Meta(ge=0, le=600, description="how long the winning line flashes")
    ] = 4.0


class Http(Table, frozen=True):
    """``[http]``: where the page and the API listen, and who may use them."""

    address: Annotated[
        str,
        Meta(
            pattern=checks.ADDRESS_PATTERN,
            description="where the page and the API listen (`0.0.0.0:8640`: every interface, "
            "so phones on the network reach it); `--http` wins over it; the settings page's "
            "**Phones on the network may open this board** changes it",
        ),
        Words("HOST:PORT, the port 1-65535"),
        Check(checks.address),
        OnPage(
            RESTART,
            N_("Phones on the network may open this board"),
            N_("Off: only this computer opens its page."),
        ),
        Widget("network", "set-lan"),
    ] = "127.0.0.1:8640"
    token: Annotated[
        str,
        Meta(
            description="Bearer token for POST requests off this machine and for the settings "
            "page (empty: the one kept in `DATA_DIR/token` once set up, else a new one at each "
            "start)"
        ),
        Words("empty, or 16 to 128 characters without spaces or control characters"),
        Check(checks.token),
        Secret(),
    ] = ""
    hosts: Annotated[
        tuple[str, ...],
        Meta(
            description='other names the service answers to (e.g. `["flixboard.home"]`); IP '
            "addresses, `localhost` and, off loopback, this machine's name and `NAME.local` "
            "always work"
        ),
        Words("a list of host names"),
        Check(checks.hosts),
    ] = ()


_BROKER_WORDS = "a URL `mqtt://HOST:PORT` or `mqtts://HOST:PORT` (TLS, PORT 1-65535), or empty"


class Remote(Table, frozen=True):
    """``[remote]``: the MQTT broker of remote play."""

    broker: Annotated[
        str,
        Meta(
            pattern=checks.BROKER_PATTERN,
            description="the MQTT broker of [remote play](REMOTE.md) (empty: none); "
            "`--remote URL` sets it for one run",
        ),
        Words(_BROKER_WORDS),
        Check(checks.broker),
        OnPage(
            NEXT_GAME,
            N_("Broker"),
            N_("mqtt://host:1883 or mqtts://host:8883; empty: no remote play."),
        ),
    ] = ""
    username: Annotated[
        str,
        Meta(description="the broker's login"),
        Words(_TEXT),
        Check(checks.plain_text),
        OnPage(NEXT_GAME, N_("Login")),
    ] = ""
    password: Annotated[
        str,
        Meta(description="the broker's password"),
        Words(_TEXT),
        Check(checks.plain_text),
        OnPage(NEXT_GAME, N_("Password"), N_("Left empty, the password stays as it is.")),
        Secret(),
    ] = ""
    ca_file: Annotated[
        str,
        Meta(
            description="TLS: the CA certificate that signed the broker's certificate; empty: "
            "the system's CAs"
        ),
        Words(_PEM),
        Check(checks.pem_file),
    ] = ""
    cert_file: Annotated[
        str,
        Meta(description="TLS: this board's client certificate, for a broker that asks for one"),
        Words(_PEM),
        Check(checks.pem_file),
    ] = ""
    key_file: Annotated[
        str,
        Meta(description="TLS: the key of that certificate"),
        Words(_PEM),
        Check(checks.pem_file),
    ] = ""
    keepalive_s: Annotated[
        int,
        Meta(
            ge=1,
            le=600,
            description="seconds of silence before the link is pinged; a side silent 1.5 times "
            "this long is dropped by the broker and shown gone on the other side",
        ),
    ] = 10


class HomeAssistant(Table, frozen=True):
    """``[homeassistant]``: the board as a device of Home Assistant."""

    discovery: Annotated[
        bool,
        Meta(
            description="announce the board to [Home Assistant](home-assistant.md) through MQTT "
            "discovery"
        ),
    ] = False
    discovery_prefix: Annotated[
        str,
        Meta(
            pattern=TOPIC_WORD,
            description="the discovery prefix Home Assistant's MQTT integration listens to",
        ),
        Words("letters, digits, `_` or `-` (1 to 64)"),
    ] = "homeassistant"
    node_id: Annotated[
        str,
        Meta(
            pattern=TOPIC_WORD,
            description="this board's id in the topics and unique ids: one per board in the house",
        ),
        Words("letters, digits, `_` or `-` (1 to 64)"),
    ] = "flixboard"
    device_name: Annotated[
        str,
        Meta(description="the device's name in Home Assistant"),
        Words("a name"),
        Check(checks.device_name),
    ] = "FLIX board"
    ha_broker: Annotated[
        str,
        Meta(
            pattern=checks.BROKER_PATTERN,
            description="the broker Home Assistant uses; empty: the `remote.broker`, with its "
            "login and TLS files",
        ),
        Words(_BROKER_WORDS),
        Check(checks.broker),
    ] = ""
    ha_username: Annotated[
        str, Meta(description="that broker's login"), Words(_TEXT), Check(checks.plain_text)
    ] = ""
    ha_password: Annotated[
        str,
        Meta(description="that broker's password"),
        Words(_TEXT),
        Check(checks.plain_text),
        Secret(),
    ] = ""
    ha_ca_file: Annotated[
        str,
        Meta(
            description="TLS: the CA that signed that broker's certificate; empty: the system's CAs"
        ),
        Words(_PEM),
        Check(checks.pem_file),
    ] = ""
    state_every_s: Annotated[
        float,
        Meta(
            ge=0,
            le=60,
            description="the board's state is sent at most once in this many seconds (the "
            "latest always goes)",
        ),
    ] = 1.0
    buttons: Annotated[
        bool,
        Meta(
            description="give the device its Roll and New game buttons; only on a broker that "
            "asks this board for a login (ignored otherwise, the log says so), with an ACL that "
            "lets only Home Assistant press "
            "([Home Assistant](home-assistant.md#buttons-only-behind-a-login))"
        ),
    ] = False


class Voice(Table, frozen=True):
    """``[voice]``: what the board says aloud."""

    enabled: Annotated[
        bool | Literal["auto"],
        Meta(
            description='the board [speaks](VOICE.md) what happens; `"auto"`: where ALSA has a '
            "sound card and the engine is installed"
        ),
        Words('`"auto"`, `true`, `false`'),
        OnPage(RESTART, N_("The board speaks")),
        Widget(
            "choice",
            "set-voice",
            (
                Option("auto", N_("Where it has a speaker")),
                Option(True, N_("Always")),
                Option(False, N_("Never")),
            ),
        ),
    ] = "auto"
    engine: Annotated[
        Literal["espeak-ng", "piper"],
        Meta(
            description="the speech engine; Piper only when installed, with `voice.piper_voice` set"
        ),
        OnPage(RESTART, N_("Speech engine")),
    ] = "espeak-ng"
    volume: Annotated[
        int,
        Meta(
            ge=0,
            le=100,
            description="how loud the board speaks (the board page changes it until the next "
            "start; the settings page keeps it)",
        ),
        OnPage(NOW, N_("Volume (0 to 100)")),
    ] = 80
    rate: Annotated[
        int,
        Meta(ge=80, le=400, description="how fast, in words a minute"),
        OnPage(NOW, N_("Words a minute")),
    ] = 160
    piper_voice: Annotated[
        str,
        Meta(description="the voice Piper speaks with; nothing is downloaded"),
        Words(
            "the path of a Piper voice file (`.onnx`, a regular file of at most "
            f"{MAX_VOICE_FILE // 2**20} MiB), or empty"
        ),
        Check(checks.piper_voice),
    ] = ""


class Config(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """All settings, one struct a table of the file (see ``controller/config.example.toml``)."""

    board: Board = field(default_factory=Board)
    game: Game = field(default_factory=Game)
    leds: Leds = field(default_factory=Leds)
    http: Http = field(default_factory=Http)
    remote: Remote = field(default_factory=Remote)
    homeassistant: HomeAssistant = field(default_factory=HomeAssistant)
    voice: Voice = field(default_factory=Voice)

    @property
    def settle_s(self) -> float:
        return self.board.settle_ms / 1000.0

    @property
    def layout(self) -> Layout:
        return Layout(self.board.panels, self.board.suits)

    def game_options(self) -> ConfigOptions:
        """The engine options that come from the configuration."""
        return {
            "call_window": self.game.call_window,
            "auto_call": self.game.auto_call,
            "panels": self.board.panels,
            "suits": self.board.suits,
        }

    def but(self, **changes: Any) -> Config:
        """This configuration with ``changes`` (``key=value``, each key found in its table),
        unchecked (as a start from the defaults, the tests and the tools make it)."""
        tables = msgspec.structs.asdict(self)
        for key, value in changes.items():
            table = table_of(key)
            tables[table] = msgspec.structs.replace(tables[table], **{key: value})
        return Config(**tables)

    @classmethod
    def of(cls, **changes: Any) -> Config:
        """The defaults with ``changes`` (as ``but``)."""
        return cls().but(**changes)


SECTIONS: dict[str, tuple[str, ...]] = {
    table: tuple(info.name for info in msgspec.structs.fields(info_table.type))
    for table, info_table in ((info.name, info) for info in msgspec.structs.fields(Config))
}
"""The keys of each table, in the file's order."""


def table_of(key: str) -> str:
    """The table that holds ``key`` (each key is in one table)."""
    for table, keys in SECTIONS.items():
        if key in keys:
            return table
    raise ConfigError(f"unknown key {key!r}")


@cache
def settings_specs() -> list[SettingSpec]:
    """Every setting as the page and the documents show it."""
    return specs(Config)


@cache
def _spec(table: str, key: str) -> SettingSpec:
    return next(s for s in settings_specs() if (s.table, s.key) == (table, key))


_TABLE_CHECKS = {info.name: field_checks(info.type) for info in msgspec.structs.fields(Config)}
_ERROR_PATH = re.compile(r" - at `\$\.(\w+)\.(\w+)")


def _checked(table: str, key: str, value: Any, where: str) -> Any:
    """``value`` of ``table.key`` as its ``Check`` makes it (unchanged without one)."""
    check = _TABLE_CHECKS[table].get(key)
    if check is None:
        return value
    try:
        return check.check(value)
    except Refused as refused:
        said = refused.text if refused.whole else f"bad value for {key}: {value!r} ({refused.text})"
        raise ConfigError(f"{where}: {said}", form=check.form) from None


def _check_shape(tables: Tables, where: str) -> None:
    """Each table known and a table, each key known: else a ``ConfigError`` naming them."""
    for section, body in tables.items():
        if section not in SECTIONS:
            owner = [name for name, keys in SECTIONS.items() if section in keys]
            if owner and not isinstance(body, dict):
                raise ConfigError(
                    f"{where}: {section} = {body!r} must be in its table: "
                    f"[{owner[0]}] {section} = ..."
                )
            raise ConfigError(f"{where}: unknown table [{section}] (tables: {', '.join(SECTIONS)})")
        if not isinstance(body, dict):
            raise ConfigError(f"{where}: {section} must be a table [{section}]")
        for key in body:
            if key not in SECTIONS[section]:
                raise ConfigError(
                    f"{where}: unknown key {section}.{key} "
                    f"(keys of [{section}]: {', '.join(SECTIONS[section])})"
                )


def from_tables(
    tables: Tables,
    where: str,
    base: Config | None = None,
) -> Config:
    """A ``Config`` from parsed TOML tables, on top of ``base`` (default: the defaults): each
    value checked by its declaration (type and range by msgspec, then its ``Check``)."""
    _check_shape(tables, where)
    merged: dict[str, Tables] = msgspec.to_builtins(base or Config())
    for section, body in tables.items():
        for key, value in body.items():
            merged[section][key] = _checked(section, key, value, f"{where}: {section}.{key}")
    try:
        return msgspec.convert(merged, Config)
    except msgspec.ValidationError as error:
        found = _ERROR_PATH.search(str(error))
        if found is None:  # every value is in a table that exists: not reached
            raise ConfigError(f"{where}: {error}") from None
        section, key = found.groups()
        value = tables.get(section, {}).get(key, merged[section][key])
        raise ConfigError(
            f"{where}: {section}.{key}: bad value for {key}: {value!r} "
            f"({_spec(section, key).allowed})"
        ) from None


def load_config(path: str | Path | None) -> Config:
    """The defaults, overridden by the TOML file at ``path`` (when given)."""
    if path is None:
        return Config()
    path = Path(path)
    try:
        text = read_setting_file(path, MAX_CONFIG_FILE).decode("utf-8")
    except SettingFileError as error:
        raise ConfigError(f"cannot read config file {path}: {error.reason}") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"config file {path} is not UTF-8 text (byte {error.start})") from None
    try:
        tables = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"config file {path} is not valid TOML: {error}") from None
    return from_tables(tables, str(path))


def apply_overrides(config: Config, overrides: list[str]) -> Config:
    """Apply ``table.key=value`` overrides (the value in TOML syntax, or a bare word)."""
    for item in overrides:
        dotted, sep, raw = item.partition("=")
        section, dot, key = dotted.strip().partition(".")
        if not sep or not dot:
            raise ConfigError(f"--set {item!r}: expected table.key=value, e.g. board.settle_ms=80")
        try:
            value = tomllib.loads(f"v = {raw}")["v"]
        except tomllib.TOMLDecodeError:
            value = raw
        config = from_tables({section: {key: value}}, f"--set {item}", config)
    return config
