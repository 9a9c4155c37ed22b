"""The checks of the settings that only this program can make (a backend that exists, a file of
its kind, a colour written as ``#rrggbb``...), each named by its setting's declaration in
``controller.config`` (``Check(...)``). A check takes the value as the TOML file gives it and
answers it in its canonical form, or raises ``Refused`` with what the setting takes.
"""

from __future__ import annotations

import os
import re
import stat
from itertools import permutations
from typing import Any

from controller.errors import BadOrder
from controller.i18n import N_
from controller.seats import seat_from_json
from controller.settings_spec import Refused, Tables
from engine.errors import SettingError
from engine.holes import Layout
from engine.variants import GRIDS
from engine.variants import VARIANTS as ENGINE_VARIANTS
from hal.base import FLIX_GEOMETRY
from hal.files import SettingFileError, check_setting_file
from hal.geometry import GeometryError, load_geometry
from hal.registry import available_backends

Color = tuple[int, int, int]
VARIANTS = tuple(ENGINE_VARIANTS)
"""Every registered variant; one played on another board than the service's gives way to the
board's own (``board_controller.variant_for``)."""
DEFAULT_VARIANT = VARIANTS[0]
"""The game a fresh start begins unless ``[game] variant`` names another: the first registered
(``engine.variants`` registers the project's own games first, Lucky Flix the first of them)."""
SHAPES = (FLIX_GEOMETRY.key, *sorted(GRIDS))
"""The boards ``[board] geometry`` names by key: the spaceboard, then the flat boards."""
TEAM_NAMES = (N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"))
TEAM_COLOURS: tuple[Color, ...] = ((255, 32, 0), (0, 80, 255), (0, 200, 60), (255, 190, 0))
_HEX = re.compile(r"#?([0-9a-fA-F]{6})")
_HOST_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9\-]{0,62}(\.[A-Za-z0-9][A-Za-z0-9\-]{0,62})*\.?")
_BROKER = re.compile(r"mqtts?://(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.\-]+)(:\d{1,5})?/?")
_ADDRESS = re.compile(r"(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.\-]+):(\d+)")
MAX_PEM_FILE = 1024 * 1024
"""The largest certificate or key file a setting may name."""
MAX_VOICE_FILE = 512 * 1024 * 1024
"""The largest Piper voice a setting may name (they are 20 to 120 MB)."""
MIN_TOKEN = 16
"""The shortest access token taken: 16 characters or more are not found by guessing at the
rate the service lets wrong tokens through (docs/THREATS.md)."""
MAX_TOKEN = 128
"""The longest access token taken."""
MAX_SEAT_TABLES = 6
"""The most ``[[game.seats]]`` tables a configuration takes."""
TOPIC_WORD = "^[A-Za-z0-9_\\-]{1,64}$"
"""A topic level Home Assistant takes as a node id (and this project as a discovery prefix)."""


PORT = "([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])"
ADDRESS_PATTERN = rf"^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.\-]+):{PORT}$"
"""``HOST:PORT`` as the settings page's body takes it (the port 0..65535)."""
BROKER_PATTERN = r"^(mqtts?://(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.\-]+)(:[0-9]{1,5})?/?)?$"
"""A broker's address as the settings page's body takes it, or empty."""


def letters_pattern(letters: str) -> str:
    """A pattern of ``letters`` in any order, each once, in any case."""
    orders = ("".join(f"[{c}{c.lower()}]" for c in order) for order in permutations(letters))
    return f"^({'|'.join(orders)})$"


def one_of(values: tuple[str, ...]) -> str:
    """A pattern of one of ``values``."""
    return f"^({'|'.join(map(re.escape, values))})$"


class ConfigError(ValueError):
    """A configuration file, key or value that cannot be used (``form``: refused for the
    value's form, which the API's document cannot state; else for what the configuration
    cannot use: the settings page answers 400 and 409)."""

    def __init__(self, message: str, *, form: bool = False) -> None:
        super().__init__(message)
        self.form = form


def _plain_text(value: Any) -> bool:
    """Whether ``value`` is a string without control characters (a newline, a NUL, ...)."""
    return isinstance(value, str) and all(ch.isprintable() or ch == " " for ch in value)


def plain_text(value: Any) -> str:
    if not _plain_text(value):
        raise Refused("a text, no control characters")
    return str(value)


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


def address(value: Any) -> str:
    if not isinstance(value, str):
        raise Refused("HOST:PORT")
    try:
        parse_address(value)
    except ConfigError as error:
        raise Refused(str(error), whole=True) from None
    return value


def _colour(value: Any) -> list[int]:
    if isinstance(value, str) and (m := _HEX.fullmatch(value.strip())):
        raw = int(m.group(1), 16)
        return [raw >> 16 & 255, raw >> 8 & 255, raw & 255]
    if (
        isinstance(value, list | tuple)
        and len(value) == 3
        and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in value)
    ):
        return list(value)
    raise Refused(f"not a colour: {value!r} (use '#rrggbb' or [r, g, b])", whole=True)


def team_colours(value: Any) -> list[list[int]]:
    if not isinstance(value, list | tuple) or len(value) not in (3, 4):
        raise Refused("a list of three or four colours")
    colours = [_colour(v) for v in value]
    return [*colours, *(list(c) for c in TEAM_COLOURS[len(value) :])]


def team_names(value: Any) -> list[str]:
    if (
        not isinstance(value, list | tuple)
        or len(value) not in (3, 4)
        or not all(_plain_text(v) and v.strip() for v in value)
    ):
        raise Refused("a list of three or four names, no control characters")
    return [*value, *TEAM_NAMES[len(value) :]]


def seats(value: Any) -> list[Tables]:
    if not isinstance(value, list) or len(value) > MAX_SEAT_TABLES:
        raise Refused('up to six [[game.seats]] tables, e.g. kind = "computer", level = 3')
    try:
        return [
            dict(seat_from_json(seat, f"seat {i + 1}").to_json()) for i, seat in enumerate(value)
        ]
    except BadOrder as error:
        raise Refused(f"[[game.seats]] {error}", whole=True) from None


def variant(value: Any) -> str:
    if value not in VARIANTS:
        raise Refused(f"one of {', '.join(VARIANTS)}")
    return str(value)


def panels(value: Any) -> str:
    return _layout("panels", value)


def suits(value: Any) -> str:
    return _layout("suits", value)


def _layout(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise Refused("a string of four letters")
    try:
        Layout(**{key: value})
    except SettingError as error:
        raise Refused(str(error), whole=True) from None
    return value.upper()


def backend(value: Any) -> str:
    name, _, port = value.partition(":") if _plain_text(value) else (None, "", "")
    if value != "" and (
        name not in available_backends() or (port and (name != "serial" or not _serial_port(port)))
    ):
        raise Refused(f"{', '.join(available_backends())}, or serial:PORT, PORT a serial device")
    return str(value)


def geometry(value: Any) -> str:
    if not isinstance(value, str):
        raise Refused(f"{', '.join(SHAPES)} or the path of a wiring file")
    if value:
        try:
            load_geometry(value)
        except GeometryError as error:
            raise Refused(str(error), whole=True) from None
    return value


def hosts(value: Any) -> list[str]:
    if not isinstance(value, list | tuple) or not all(
        isinstance(v, str) and len(v) <= 253 and _HOST_NAME.fullmatch(v) for v in value
    ):
        raise Refused('a list of host names, e.g. ["flixboard.home"]')
    return list(value)


def device_name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or not value.isprintable():
        raise Refused("a name")
    return value.strip()


def broker(value: Any) -> str:
    found = _BROKER.fullmatch(value.strip()) if isinstance(value, str) else None
    port = found.group(2) if found else None
    fits = found is not None and port != ":0" and (port is None or int(port[1:]) <= 65535)
    if not isinstance(value, str) or (value and not fits):
        raise Refused("mqtt://host:port or mqtts://host:port, port 1-65535")
    return value.strip()


def pem_file(value: Any) -> str:
    return _setting_file(value, MAX_PEM_FILE, "the path of a PEM file", "no PEM file there")


def piper_voice(value: Any) -> str:
    return _setting_file(
        value, MAX_VOICE_FILE, "the path of a Piper voice, .onnx", "no Piper voice there"
    )


def _setting_file(value: Any, limit: int, form: str, missing: str) -> str:
    """``value`` when it is empty or names a regular file of at most ``limit`` bytes: one
    refusal whatever the reason, so that a setting tells nothing of other files."""
    if not _plain_text(value):
        raise Refused(form)
    if value:
        try:
            check_setting_file(value, limit)
        except SettingFileError:
            raise Refused(f"{missing}: a regular file of at most {limit // 1024} KiB") from None
    return str(value)


def token(value: Any) -> str:
    fits = isinstance(value, str) and MIN_TOKEN <= len(value) <= MAX_TOKEN
    if value != "" and not (fits and value.isprintable() and " " not in value):
        raise Refused(
            f"a token is {MIN_TOKEN} to {MAX_TOKEN} characters without spaces "
            f"({len(value) if isinstance(value, str) else 0} given; remove the line to have "
            "one made, shown on the settings page)",
            whole=True,
        )
    return str(value)
