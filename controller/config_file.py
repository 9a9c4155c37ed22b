"""Changing the configuration file from the settings page, and the board's stored token.

A change is checked key by key, then the whole file again, before anything is written; the file
keeps its comments and layout (tomlkit) and is replaced atomically (a temporary file in the same
folder, written, flushed to the disk, then renamed over the old one), so a power cut leaves
either the old file or the new one. A board without a file yet gets the commented example file
with the changed values.

Each start removes the temporary files a write cut short left beside the file
(``remove_orphans``); a start that came up keeps a copy of the file it used beside it
(``config.toml.last-good``), and a start whose file cannot be used starts with that copy and
says so (``controller.cli.run``).

The access token is ``[http] token`` when the file sets one, else the one stored in
``DATA_DIR/token`` (mode 0600) when the board was set up; without either, a new token is made at
each start and the page shows its first-run screen.
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import secrets
import tempfile
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.items import Table

from controller.config import MAX_CONFIG_FILE, Config, ConfigError, from_tables
from controller.config_checks import MAX_TOKEN, MIN_TOKEN
from controller.game_data import SeatData
from hal.files import SettingFileError, read_setting_file

EXAMPLE = Path(__file__).with_name("config.example.toml")
"""The commented example file a first setting starts from."""
CONFIG_FILE = "config.toml"
"""The configuration file in the data directory when ``--config`` names none."""
TOKEN_FILE = "token"
"""The stored access token in the data directory."""
NEW_FILE_MODE = 0o600
"""A new configuration or token file: it may hold the broker's password or the token."""
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_\-]{16,128}")
"""A token the page may set: 16..128 letters, digits, ``_`` or ``-`` (fits a URL fragment)."""
LAST_GOOD = ".last-good"
"""The suffix of the copy of the last configuration file a start came up with."""
_TEMPORARY = re.compile(r"[A-Za-z0-9_]{8}")
"""The random part of a temporary file's name (``tempfile.mkstemp``'s)."""
SettingValue = bool | int | float | str | list[str] | list[SeatData]
"""A setting's value as a TOML file takes it (``[[game.seats]]``: one table a seat)."""
SettingsTables = dict[str, dict[str, SettingValue]]
"""Settings to write, by table and key (``{"game": {"call_window": 2.5}}``)."""


def write_atomically(path: Path, text: str, mode: int) -> None:
    """Replace ``path`` with ``text``: a temporary file beside it, flushed and synced, renamed
    over it, and the folder synced; on an error the old file stays as it was."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fchmod(out.fileno(), mode)
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def _toml_value(key: str, value: Any) -> Any:
    """A value as tomlkit writes it: the seats as ``[[game.seats]]`` tables."""
    if key != "seats":
        return value
    seats = tomlkit.aot()
    for seat in value:
        table = tomlkit.table()
        table.update(seat)
        seats.append(table)
    return seats


def _read(path: Path) -> str:
    source = path if path.exists() else EXAMPLE
    try:
        return read_setting_file(source, MAX_CONFIG_FILE).decode("utf-8")
    except (SettingFileError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read config file {source}: {error}") from None


def write_settings(path: Path, changes: SettingsTables) -> Config:
    """Set each ``changes[table][key]`` in the file at ``path`` (the example file when there is
    none yet); answers the file's settings. A ``ConfigError`` (nothing written) names the first
    bad key or value; an ``OSError`` when the file cannot be written (the old one stays)."""
    from_tables(changes, "settings")  # each value on its own first: the clearest message
    document = tomlkit.parse(_read(path))
    for section, body in changes.items():
        table = document.get(section)
        if not isinstance(table, Table):
            table = tomlkit.table()
            document[section] = table
        for key, value in body.items():
            table[key] = _toml_value(key, value)
    settings = from_tables(document.unwrap(), str(path))
    mode = path.stat().st_mode & 0o777 if path.exists() else NEW_FILE_MODE
    write_atomically(path, tomlkit.dumps(document), mode)
    return settings


def stored_token(data_dir: Path) -> str | None:
    """The token stored when the board was set up, or ``None``."""
    try:
        token = read_setting_file(data_dir / TOKEN_FILE, 4 * MAX_TOKEN).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return token if MIN_TOKEN <= len(token) <= MAX_TOKEN and token.isprintable() else None


def store_token(data_dir: Path, token: str) -> None:
    """Keep ``token`` across restarts in ``DATA_DIR/token`` (mode 0600); ``OSError`` when it
    cannot be written."""
    data_dir.mkdir(parents=True, exist_ok=True)
    write_atomically(data_dir / TOKEN_FILE, token + "\n", 0o600)


def new_token() -> str:
    """A fresh random token (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


def remove_orphans(folder: Path, name: str) -> list[Path]:
    """Remove the temporary files of ``name`` (``.NAME.XXXXXXXX``) that a write cut short (a
    power cut, a kill) left in ``folder``; the ones removed."""
    removed = []
    try:
        found = list(folder.glob(f".{glob.escape(name)}.*"))
    except OSError:
        return []
    for item in found:
        if _TEMPORARY.fullmatch(item.name.removeprefix(f".{name}.")) and item.is_file():
            with contextlib.suppress(OSError):
                item.unlink()
                removed.append(item)
    return removed


def last_good(path: Path) -> Path:
    """Where the copy of the last configuration file a start came up with is kept."""
    return path.with_name(path.name + LAST_GOOD)


def keep_last_good(path: Path) -> None:
    """Keep a copy of the configuration file at ``path`` (a start came up with it); nothing
    when there is none, or the copy cannot be written (a read-only folder)."""
    try:
        text = read_setting_file(path, MAX_CONFIG_FILE).decode("utf-8")
        write_atomically(last_good(path), text, NEW_FILE_MODE)
    except (OSError, UnicodeDecodeError):
        return
