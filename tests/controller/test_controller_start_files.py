"""What a start does with the data directory's files (a real ``flixboard run``): the temporary
files a cut-short settings write left are removed, the files holding the seed, the keys or the
token are this user's only, a copy of the configuration it came up with is kept, and a start
whose configuration cannot be used comes up with that copy and says so. A token the owner set
is never printed."""

from __future__ import annotations

import argparse
import json
import signal
import stat
import subprocess
import urllib.request
from pathlib import Path

import pytest

from controller.cli.run import _announce, add_arguments, start_settings
from controller.config import Config, ConfigError
from controller.config_file import last_good
from controller.i18n import language
from controller.server.setup import Setup
from tests.api_harness import TOKEN as HARNESS_TOKEN
from tests.api_harness import Harness
from tests.live_service import free_port, run_command, wait_answering

TOKEN = "owner-set-token-0123456789"


def start(data_dir: Path, log: Path) -> subprocess.Popen[bytes]:
    """``flixboard run`` on the simulated board, at the configuration's address."""
    command = run_command(
        "sim", "", 0, data_dir, ["--sim-state", str(data_dir.parent / "board.json")], http=False
    )
    with log.open("wb") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)


def stop(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.live
def test_a_start_tidies_keeps_the_last_good_file_and_falls_back_to_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    config = data / "config.toml"
    port = free_port()
    good = f'[http]\naddress = "127.0.0.1:{port}"\ntoken = "{TOKEN}"\n'
    config.write_text(good, encoding="utf-8")
    config.chmod(0o644)
    orphans = [data / ".config.toml.k2_9xq0a", data / ".token.ab12cd34"]
    for orphan in orphans:
        orphan.write_text(good, encoding="utf-8")
    other = data / ".config.toml.notes"  # not a temporary file's name: left alone
    other.write_text("mine\n", encoding="utf-8")
    log = tmp_path / "first.log"
    process = start(data, log)
    try:
        wait_answering(process, f"http://127.0.0.1:{port}", log)
    finally:
        stop(process)
    said = log.read_text(encoding="utf-8")
    assert not any(orphan.exists() for orphan in orphans) and other.exists()
    assert mode(config) == 0o600
    for name in ("journal.sqlite3", "journal.sqlite3-wal", "games.sqlite3"):
        if (data / name).exists() or name == "journal.sqlite3":
            assert mode(data / name) == 0o600, name
    assert (data / "config.toml.last-good").read_text(encoding="utf-8") == good
    assert mode(data / "config.toml.last-good") == 0o600
    assert TOKEN not in said and "cannot be used" not in said

    # a configuration this machine cannot serve (written by hand: the page refuses it)
    config.write_text(good.replace("127.0.0.1", "192.0.2.1"), encoding="utf-8")
    log = tmp_path / "second.log"
    process = start(data, log)
    try:
        wait_answering(process, f"http://127.0.0.1:{port}", log)
        # the settings page says so too, first on the page
        asked = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/settings", headers={"Authorization": f"Bearer {TOKEN}"}
        )
        with urllib.request.urlopen(asked, timeout=30) as answer:
            notice = json.loads(answer.read())["notice"]
    finally:
        stop(process)
    assert f"the settings in {config} cannot be used" in notice, notice
    said = log.read_text(encoding="utf-8")
    assert f"the settings in {config} cannot be used (192.0.2.1:{port}: " in said, said
    assert "started with the last ones that worked" in said
    assert (data / "config.toml.last-good").read_text(encoding="utf-8") == good  # kept


def test_a_file_with_a_bad_value_falls_back_and_none_kept_is_an_error(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--data-dir", str(tmp_path)])
    config = tmp_path / "config.toml"
    config.write_text('[remote]\nbroker = "mqtt://127.0.0.1:99999"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="port 1-65535"):
        start_settings(args, config, language("en"))
    last_good(config).write_text("[leds]\nbrightness_cap = 0.3\n", encoding="utf-8")
    started = start_settings(args, config, language("en"))
    assert started["in_file"].leds.brightness_cap == 0.3 and started["config"].remote.broker == ""
    assert "port 1-65535" in started["notice"] and str(last_good(config)) in started["notice"]
    config.write_text("[leds]\nbrightness_cap = 0.2\n", encoding="utf-8")
    assert start_settings(args, config, language("en"))["notice"] == ""
    # a copy that is no better: the file's own error, not the copy's
    config.write_text('[http]\ntoken = "short"\n', encoding="utf-8")
    last_good(config).write_text('[http]\ntoken = "short-too"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=f"^{config}: http.token: a token is 16"):
        start_settings(args, config, language("en"))


@pytest.mark.parametrize(("set_by_owner", "printed"), [(True, 0), (False, 1)])
def test_the_token_is_printed_once_at_most_and_never_the_owner_s(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], set_by_owner: bool, printed: int
) -> None:
    """A board on the network, not set up yet, on the simulated board: the lines name the
    token three times (where to give it, the header, the example command)."""
    h = Harness(host="0.0.0.0")
    config = Config.of(token=HARNESS_TOKEN if set_by_owner else "")
    setup = Setup(tmp_path / "config.toml", tmp_path / "data", lambda c: c)
    _announce(h.service, config, h.service.journal, setup, language("en"))
    said = capsys.readouterr().out
    assert said.count(HARNESS_TOKEN) == printed, said
    assert "Authorization: Bearer <the token" in said
