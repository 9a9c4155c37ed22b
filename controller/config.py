"""The service's settings: documented defaults, a TOML file, CLI overrides.

Every setting lives in one table of the file (``[board]``, ``[game]``, ``[leds]``, ``[http]``,
``[remote]``, ``[homeassistant]``, ``[voice]``) and can be overridden on the command line with
``--set table.key=value``. A bad key or value is a ``ConfigError`` naming the file, the key and
the value.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypedDict

from controller.errors import BadOrder
from controller.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_
from controller.seats import Seat, seat_from_json
from engine.errors import SettingError
from engine.holes import Layout
from engine.variants import VARIANTS as ENGINE_VARIANTS
from hal.files import SettingFileError, check_setting_file, read_setting_file
from hal.geometry import GeometryError, load_geometry
from hal.registry import available_backends

Color = tuple[int, int, int]


class ConfigError(ValueError):
    """A configuration file, key or value that cannot be used."""


class ConfigOptions(TypedDict):
    """The engine options that come from the configuration."""

    call_window: float
    auto_call: bool
    panels: str
    suits: str


@dataclass(frozen=True)
class Config:
    """All settings with their defaults (see ``controller/config.example.toml``)."""

    # [board]
    settle_ms: int = 120
    fix_after_s: float = 5.0
    panels: str = "RYGB"
    suits: str = "SHDC"
    sim_autoplace: bool = True
    language: str = DEFAULT_LANGUAGE
    backend: str = ""
    geometry: str = ""
    pico_drive: str = ""
    pico_drive_wait_s: float = 30.0
    pico_back_wait_s: float = 30.0
    # [game]
    variant: str = "lucky"
    players: int = 2
    call_window: float = 3.0
    auto_call: bool = False
    dice: str = "virtual"
    team_names: tuple[str, ...] = (N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"))
    seats: tuple[Seat, ...] = ()
    hints: bool = True
    computer_movetime_ms: int = 1000
    # [leds]
    brightness_cap: float = 0.5
    team_colours: tuple[Color, ...] = ((255, 32, 0), (0, 80, 255), (0, 200, 60), (255, 190, 0))
    win_animation_s: float = 4.0
    # [http]
    address: str = "127.0.0.1:8640"
    token: str = ""
    hosts: tuple[str, ...] = ()
    # [remote]
    broker: str = ""
    username: str = ""
    password: str = ""
    ca_file: str = ""
    cert_file: str = ""
    key_file: str = ""
    keepalive_s: int = 10
    # [homeassistant]
    discovery: bool = False
    discovery_prefix: str = "homeassistant"
    node_id: str = "flixboard"
    device_name: str = "FLIX board"
    ha_broker: str = ""
    ha_username: str = ""
    ha_password: str = ""
    ha_ca_file: str = ""
    state_every_s: float = 1.0
    buttons: bool = False
    # [voice]
    enabled: bool | str = "auto"
    engine: str = "espeak-ng"
    volume: int = 80
    rate: int = 160
    piper_voice: str = ""

    @property
    def settle_s(self) -> float:
        return self.settle_ms / 1000.0

    @property
    def layout(self) -> Layout:
        return Layout(self.panels, self.suits)

    def game_options(self) -> ConfigOptions:
        """The engine options that come from the configuration."""
        return {
            "call_window": self.call_window,
            "auto_call": self.auto_call,
            "panels": self.panels,
            "suits": self.suits,
        }


SECTIONS: dict[str, tuple[str, ...]] = {
    "board": (
        "settle_ms",
        "fix_after_s",
        "panels",
        "suits",
        "sim_autoplace",
        "language",
        "backend",
        "geometry",
        "pico_drive",
        "pico_drive_wait_s",
        "pico_back_wait_s",
    ),
    "game": (
        "variant",
        "players",
        "call_window",
        "auto_call",
        "dice",
        "team_names",
        "seats",
        "hints",
        "computer_movetime_ms",
    ),
    "leds": ("brightness_cap", "team_colours", "win_animation_s"),
    "http": ("address", "token", "hosts"),
    "remote": (
        "broker",
        "username",
        "password",
        "ca_file",
        "cert_file",
        "key_file",
        "keepalive_s",
    ),
    "homeassistant": (
        "discovery",
        "discovery_prefix",
        "node_id",
        "device_name",
        "ha_broker",
        "ha_username",
        "ha_password",
        "ha_ca_file",
        "state_every_s",
        "buttons",
    ),
    "voice": ("enabled", "engine", "volume", "rate", "piper_voice"),
}

VARIANTS = tuple(ENGINE_VARIANTS)
"""Every registered variant; one played on another board than the service's gives way to the
board's own (``board_controller.variant_for``)."""
_HEX = re.compile(r"#?([0-9a-fA-F]{6})")
_HOST_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9\-]{0,62}(\.[A-Za-z0-9][A-Za-z0-9\-]{0,62})*\.?")
_BROKER = re.compile(r"mqtts?://(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.\-]+)(:\d{1,5})?/?")
_TOPIC_WORD = re.compile(r"[A-Za-z0-9_\-]{1,64}")
"""A topic level Home Assistant takes as a node id (and this project as a discovery prefix)."""
_ADDRESS = re.compile(r"(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.\-]+):(\d+)")
MAX_CONFIG_FILE = 1024 * 1024
"""The largest configuration file read (the commented example is a few kilobytes)."""
MAX_PEM_FILE = 1024 * 1024
"""The largest certificate or key file a setting may name."""
MAX_VOICE_FILE = 512 * 1024 * 1024
"""The largest Piper voice a setting may name (they are 20 to 120 MB)."""
MIN_TOKEN = 16
"""The shortest access token taken: 16 characters or more are not found by guessing at the
rate the service lets wrong tokens through (docs/THREATS.md)."""
MAX_TOKEN = 128
"""The longest access token taken."""
TEXTS = ("username", "password", "ha_username", "ha_password", "pico_drive")
"""Settings that are any text without control characters."""


def _plain_text(value: Any) -> bool:
    """Whether ``value`` is a string without control characters (a newline, a NUL, ...)."""
    return isinstance(value, str) and all(ch.isprintable() or ch == " " for ch in value)


def _serial_port(port: str) -> bool:
    """Whether ``port`` may be a serial port: missing (a board plugged in later) or a character
    device (a symbolic link to one, as udev's ``/dev/flixboard``, too)."""
    try:
        return stat.S_ISCHR(os.stat(port).st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return False


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` -> ``(host, port)``; a clear ``ConfigError`` otherwise. PORT is 1-65535,
    or 0 for any free port."""
    match = _ADDRESS.fullmatch(text.strip())
    if not match:
        raise ConfigError(f"not an address HOST:PORT: {text!r} (e.g. 127.0.0.1:8640)")
    if len(match.group(2)) > 5 or int(match.group(2)) > 65535:
        raise ConfigError(f"{text!r}: the port is a number 1-65535 (e.g. 127.0.0.1:8640)")
    return match.group(1).strip("[]"), int(match.group(2))


def _colour(value: Any, where: str) -> Color:
    if isinstance(value, str) and (m := _HEX.fullmatch(value.strip())):
        raw = int(m.group(1), 16)
        return (raw >> 16 & 255, raw >> 8 & 255, raw & 255)
    if (
        isinstance(value, list | tuple)
        and len(value) == 3
        and all(isinstance(c, int) and 0 <= c <= 255 for c in value)
    ):
        return (value[0], value[1], value[2])
    raise ConfigError(f"{where}: not a colour: {value!r} (use '#rrggbb' or [r, g, b])")


def _check(key: str, value: Any, where: str) -> Any:
    """The value of ``key`` converted and range-checked, or a ``ConfigError``."""
    bad = f"{where}: bad value for {key}: {value!r}"
    if key == "settle_ms":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5000:
            raise ConfigError(f"{bad} (an integer of milliseconds, 0..5000)")
        return value
    if key in ("fix_after_s", "call_window", "win_animation_s"):
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 600:
            raise ConfigError(f"{bad} (seconds, 0..600)")
        return float(value)
    if key == "brightness_cap":
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            raise ConfigError(f"{bad} (a fraction 0..1)")
        return float(value)
    if key == "players":
        if isinstance(value, bool) or not isinstance(value, int) or value not in (2, 3, 4, 6):
            raise ConfigError(f"{bad} (2, 3, 4 or 6)")
        return value
    if key in ("auto_call", "sim_autoplace", "hints", "discovery", "buttons"):
        if not isinstance(value, bool):
            raise ConfigError(f"{bad} (true or false)")
        return value
    if key == "computer_movetime_ms":
        if isinstance(value, bool) or not isinstance(value, int) or not 10 <= value <= 600_000:
            raise ConfigError(f"{bad} (an integer of milliseconds, 10..600000)")
        return value
    if key == "seats":
        if not isinstance(value, list) or len(value) > 6:
            raise ConfigError(
                f'{bad} (up to six [[game.seats]] tables, e.g. kind = "computer", level = 3)'
            )
        try:
            return tuple(seat_from_json(seat, f"seat {i + 1}") for i, seat in enumerate(value))
        except BadOrder as error:
            raise ConfigError(f"{where}: [[game.seats]] {error}") from None
    if key == "variant":
        if value not in VARIANTS:
            raise ConfigError(f"{bad} (one of {', '.join(VARIANTS)})")
        return value
    if key == "dice":
        if value not in ("virtual", "physical"):
            raise ConfigError(f"{bad} ('virtual' or 'physical')")
        return value
    if key == "language":
        if value not in LANGUAGES:
            raise ConfigError(f"{bad} ({' or '.join(map(repr, LANGUAGES))})")
        return value
    if key in ("panels", "suits"):
        if not isinstance(value, str):
            raise ConfigError(f"{bad} (a string of four letters)")
        try:
            Layout(**{key: value})
        except SettingError as error:
            raise ConfigError(f"{where}: {error}") from None
        return value.upper()
    if key == "backend":
        name, _, port = value.partition(":") if _plain_text(value) else (None, "", "")
        if value != "" and (
            name not in available_backends()
            or (port and (name != "serial" or not _serial_port(port)))
        ):
            raise ConfigError(
                f"{bad} ({', '.join(available_backends())}, or serial:PORT, PORT a serial "
                "device)"
            )
        return value
    if key == "geometry":
        if not isinstance(value, str):
            raise ConfigError(f"{bad} (flix, flip4, olix or the path of a wiring file)")
        if value:
            try:
                load_geometry(value)
            except GeometryError as error:
                raise ConfigError(f"{where}: {error}") from None
        return value
    if key in ("pico_drive_wait_s", "pico_back_wait_s"):
        if isinstance(value, bool) or not isinstance(value, int | float) or not 1 <= value <= 600:
            raise ConfigError(f"{bad} (seconds, 1..600)")
        return float(value)
    if key == "team_names":
        if (
            not isinstance(value, list | tuple)
            or len(value) not in (3, 4)
            or not all(_plain_text(v) and v.strip() for v in value)
        ):
            raise ConfigError(f"{bad} (a list of three or four names, no control characters)")
        return (*value, *Config.team_names[len(value) :])
    if key == "team_colours":
        if not isinstance(value, list | tuple) or len(value) not in (3, 4):
            raise ConfigError(f"{bad} (a list of three or four colours)")
        colours = tuple(_colour(v, f"{where}: team_colours") for v in value)
        return (*colours, *Config.team_colours[len(value) :])
    if key == "address":
        if not isinstance(value, str):
            raise ConfigError(f"{bad} (HOST:PORT)")
        try:
            parse_address(value)
        except ConfigError as error:
            raise ConfigError(f"{where}: {error}") from None
        return value
    if key == "hosts":
        if not isinstance(value, list | tuple) or not all(
            isinstance(v, str) and len(v) <= 253 and _HOST_NAME.fullmatch(v) for v in value
        ):
            raise ConfigError(f"{bad} (a list of host names, e.g. [\"flixboard.home\"])")
        return tuple(value)
    if key in ("discovery_prefix", "node_id"):
        if not isinstance(value, str) or not _TOPIC_WORD.fullmatch(value):
            raise ConfigError(f"{bad} (1 to 64 letters, digits, _ or -)")
        return value
    if key == "state_every_s":
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 60:
            raise ConfigError(f"{bad} (seconds, 0..60)")
        return float(value)
    if key == "device_name":
        if not isinstance(value, str) or not value.strip() or not value.isprintable():
            raise ConfigError(f"{bad} (a name)")
        return value.strip()
    if key in ("broker", "ha_broker"):
        found = _BROKER.fullmatch(value.strip()) if isinstance(value, str) else None
        port = found.group(2) if found else None
        if not isinstance(value, str) or (value and (not found or port == ":0")):
            raise ConfigError(f"{bad} (mqtt://host:port or mqtts://host:port, port 1-65535)")
        if port is not None and int(port[1:]) > 65535:
            raise ConfigError(f"{bad} (mqtt://host:port or mqtts://host:port, port 1-65535)")
        return value.strip()
    if key in ("ca_file", "cert_file", "key_file", "ha_ca_file"):
        if not _plain_text(value):
            raise ConfigError(f"{bad} (the path of a PEM file)")
        _setting_file(value, MAX_PEM_FILE, f"{bad} (no PEM file there: a regular file of")
        return value
    if key == "keepalive_s":
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 600:
            raise ConfigError(f"{bad} (whole seconds, 1 to 600)")
        return value
    if key == "enabled":
        if value != "auto" and not isinstance(value, bool):
            raise ConfigError(f'{bad} ("auto", true or false)')
        return value
    if key == "engine":
        if value not in ("espeak-ng", "piper"):
            raise ConfigError(f"{bad} ('espeak-ng' or 'piper')")
        return value
    if key == "volume":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
            raise ConfigError(f"{bad} (an integer 0..100)")
        return value
    if key == "rate":
        if isinstance(value, bool) or not isinstance(value, int) or not 80 <= value <= 400:
            raise ConfigError(f"{bad} (words a minute, 80..400)")
        return value
    if key == "piper_voice":
        if not _plain_text(value):
            raise ConfigError(f"{bad} (the path of a Piper voice, .onnx)")
        _setting_file(value, MAX_VOICE_FILE, f"{bad} (no Piper voice there: a regular file of")
        return value
    if key == "token":
        fits = isinstance(value, str) and MIN_TOKEN <= len(value) <= MAX_TOKEN
        if value != "" and not (fits and value.isprintable() and " " not in value):
            raise ConfigError(
                f"{where}: a token is {MIN_TOKEN} to {MAX_TOKEN} characters without spaces "
                f"({len(value) if isinstance(value, str) else 0} given; remove the line to have "
                "one made, shown on the settings page)"
            )
        return value
    if key in TEXTS:
        if not _plain_text(value):
            raise ConfigError(f"{bad} (a text, no control characters)")
        return value
    raise ConfigError(f"{where}: unknown key {key!r}")


def _setting_file(path: str, limit: int, refused: str) -> None:
    """A ``ConfigError`` (``refused`` and the bound) unless ``path`` is empty or a regular file
    of at most ``limit`` bytes: one message whatever the reason, so that a setting tells
    nothing of other files."""
    if not path:
        return
    try:
        check_setting_file(path, limit)
    except SettingFileError:
        raise ConfigError(f"{refused} at most {limit // 1024} KiB)") from None


def from_tables(
    tables: dict[str, Any],  # the TOML file as read
    where: str,
    base: Config | None = None,
) -> Config:
    """A ``Config`` from parsed TOML tables, on top of ``base`` (default: the defaults)."""
    changes: dict[str, Any] = {}  # the TOML file's values as read, each checked by ``_check``
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
        for key, value in body.items():
            if key not in SECTIONS[section]:
                raise ConfigError(
                    f"{where}: unknown key {section}.{key} "
                    f"(keys of [{section}]: {', '.join(SECTIONS[section])})"
                )
            changes[key] = _check(key, value, f"{where}: {section}.{key}")
    return replace(base or Config(), **changes)


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
