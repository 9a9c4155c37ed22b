"""Settings that cannot hurt the board, sent with the token: a path is read only if it is a
regular file, never beyond a bound, and its refusal says the same whatever the file is (nothing
of other files); every value that would stop the next start is refused before it is written
(the real app in process; the files and sockets are the test's own)."""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Any

import psutil
import pytest

from controller.config import ConfigError, apply_overrides, from_tables, load_config
from controller.config_file import TOKEN_FILE
from hal.geometry import MAX_WIRING_FILE, load_geometry
from tests.controller.test_controller_settings_api import config_file, harness, post

NOT_WIRING = "no wiring file at"


def hostile_paths(tmp_path: Path) -> dict[str, Path]:
    """Files a wiring setting may name that are no wiring file, each of another kind."""
    folder = tmp_path / "files"
    folder.mkdir()
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    secret = folder / "shadow"
    secret.write_text("root:$6$salt$hash:19000:0:99999:7:::\n", encoding="utf-8")
    toml = folder / "other.toml"
    toml.write_text('[database]\npassword = "hunter2"\n', encoding="utf-8")
    huge = folder / "huge.toml"
    huge.write_text("# " + "x" * MAX_WIRING_FILE + "\n[board]\ngeometry = 'flip4'\n")
    binary = folder / "binary"
    binary.write_bytes(b"\xff\xfe\x00" * 100)
    return {
        "zero": Path("/dev/zero"),
        "random": Path("/dev/urandom"),
        "fifo": fifo,
        "folder": folder,
        "missing": folder / "missing.toml",
        "not TOML": secret,
        "other TOML": toml,
        "huge": huge,
        "not UTF-8": binary,
    }


async def test_a_wiring_path_is_read_only_if_a_small_regular_file_and_tells_nothing(
    tmp_path: Path,
) -> None:
    h = harness(tmp_path)
    path = config_file(h)
    before = path.read_bytes()
    memory = psutil.Process().memory_info().rss
    for kind, hostile in hostile_paths(tmp_path).items():
        status, body = await post(h, "/api/settings", {"board": {"geometry": str(hostile)}})
        # a path the document allows, that names no wiring file here: a 409, as every value
        # only this machine can judge (docs/configuration.md)
        assert status == 409, (kind, body)
        said = body["error"].replace(str(hostile), "PATH")
        assert said.endswith(
            f"{NOT_WIRING} PATH (a regular TOML file of at most 64 KiB with a [board] table)"
        ), (kind, said)
        assert "hunter2" not in said and "root" not in said and "Expected" not in said
    assert path.read_bytes() == before
    # nothing was read beyond the bound: the memory is as it was (a read of /dev/zero grows it
    # by gigabytes)
    assert psutil.Process().memory_info().rss - memory < 32 * 2**20
    # a wiring file of the project's own still reads, and says what is wrong with a broken one
    assert load_geometry(str(Path("wiring/flip4.toml").resolve())).key == "flip4"
    broken = tmp_path / "broken.toml"
    broken.write_text("[board]\ngeometry = 'flip4'\n", encoding="utf-8")
    status, body = await post(h, "/api/settings", {"board": {"geometry": str(broken)}})
    assert status == 409 and "missing or malformed entry" in body["error"]


@pytest.mark.parametrize("key", ["ca_file", "cert_file", "key_file", "ha_ca_file", "piper_voice"])
def test_every_other_path_setting_takes_only_a_small_regular_file(tmp_path: Path, key: str) -> None:
    section = next(
        name
        for name, keys in {
            "remote": ("ca_file", "cert_file", "key_file"),
            "homeassistant": ("ha_ca_file",),
            "voice": ("piper_voice",),
        }.items()
        if key in keys
    )
    said = set()
    for kind, hostile in hostile_paths(tmp_path).items():
        if kind in ("not TOML", "other TOML", "huge", "not UTF-8"):
            continue  # regular files this small: another program reads and judges them
        with pytest.raises(ConfigError) as refused:
            from_tables({section: {key: str(hostile)}}, "settings")
        said.add(str(refused.value).replace(str(hostile), "PATH"))
    assert len(said) == 1, said  # one refusal whatever the reason
    fine = tmp_path / "files" / "shadow"
    assert getattr(
        getattr(from_tables({section: {key: str(fine)}}, "settings"), section), key
    ) == str(fine)


def test_the_configuration_file_itself_is_read_with_a_bound(tmp_path: Path) -> None:
    for path in (Path("/dev/zero"), tmp_path):
        with pytest.raises(ConfigError, match="not a regular file"):
            load_config(path)


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"http": {"address": "192.0.2.1:19213"}}, 409, "cannot listen on 192.0.2.1:19213"),
        ({"http": {"address": "0.0.0.0:22"}}, 409, "ports below 1024"),
        ({"http": {"address": "127.0.0.1:99999"}}, 400, "HOST:PORT, the port"),
        ({"remote": {"broker": "mqtt://127.0.0.1:99999"}}, 409, "port 1-65535"),
        ({"remote": {"broker": "mqtt://127.0.0.1:0"}}, 409, "port 1-65535"),
        ({"remote": {"username": "board\nadmin"}}, 409, "no control characters"),
        ({"remote": {"username": "board\u0000"}}, 409, "no control characters"),
        ({"remote": {"password": "pass\rword"}}, 409, "no control characters"),
        ({"game": {"team_names": ["Red\n", "Blue", "Green"]}}, 409, "no control characters"),
        ({"board": {"backend": "serial:/etc/passwd"}}, 409, "PORT a serial device"),
        ({"board": {"backend": "serial:/dev"}}, 409, "PORT a serial device"),
        ({"board": {"backend": "sim:/dev/ttyS0"}}, 409, "PORT a serial device"),
        ({"board": {"backend": "telnet"}}, 409, "PORT a serial device"),
    ],
)
async def test_a_value_that_would_stop_the_next_start_is_refused(
    tmp_path: Path, body: dict[str, Any], status: int, words: str
) -> None:
    h = harness(tmp_path, "0.0.0.0")
    path = config_file(h)
    before = path.read_bytes()
    answered, answer = await post(h, "/api/settings", body)
    assert answered == status and words in answer["error"], answer
    assert path.read_bytes() == before


async def test_an_address_another_program_holds_is_refused_the_board_s_own_port_taken(
    tmp_path: Path,
) -> None:
    h = harness(tmp_path, "0.0.0.0")
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        held = other.getsockname()[1]
        status, answer = await post(h, "/api/settings", {"http": {"address": f"0.0.0.0:{held}"}})
        assert status == 409 and "cannot listen on" in answer["error"], answer
    # a free port, and a serial port that is not plugged in yet, are taken
    status, answer = await post(
        h,
        "/api/settings",
        {"http": {"address": "127.0.0.1:0"}, "board": {"backend": "serial:/dev/no-board-yet"}},
    )
    assert status == 200, answer
    assert load_config(config_file(h)).board.backend == "serial:/dev/no-board-yet"


async def test_a_token_is_at_least_sixteen_characters(tmp_path: Path) -> None:
    h = harness(tmp_path)
    for token in ("", "abc", "x" * 15, "with space 0123456789"):
        status, answer = await post(h, "/api/settings/token", {"token": token})
        assert status == 400, (token, answer)
    assert not (tmp_path / "data" / TOKEN_FILE).exists()
    for given in ("abc", "fifteen-chars-x", '"with a space in it"'):
        with pytest.raises(ConfigError, match="a token is 16 to 128 characters"):
            apply_overrides(from_tables({}, "defaults"), [f"http.token={given}"])
    assert apply_overrides(from_tables({}, "x"), ["http.token=sixteen-chars-ok"]).http.token
