"""Installation as a service: the systemd unit, the udev rules and the install script."""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "flixboard.service"
INSTALL = ROOT / "deploy" / "install.sh"
EXEC = "/opt/flixboard/bin/flixboard"


def tool(name: str) -> str:
    """The path of a required tool; scripts/setup-system.sh installs it (never skipped)."""
    path = shutil.which(name)
    assert path, f"{name} is missing: run `make system-deps` (scripts/setup-system.sh)"
    return path


def unit_settings() -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            settings.setdefault(key, []).append(value)
    return settings


def test_the_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    copy = tmp_path / "flixboard.service"
    assert EXEC in UNIT.read_text()
    copy.write_text(UNIT.read_text().replace(EXEC, sys.executable))  # an executable that exists
    result = subprocess.run(
        [tool("systemd-analyze"), "verify", str(copy)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert (result.stdout + result.stderr).strip() == "", "verify warns only on stderr"


def test_the_unit_runs_the_service_as_designed() -> None:
    s = unit_settings()
    assert s["Type"] == ["notify"]
    assert s["NotifyAccess"] == ["main"]
    assert int(s["WatchdogSec"][0]) >= 10
    assert s["Restart"] == ["on-failure"]
    assert s["User"] == ["flixboard"]
    assert s["SupplementaryGroups"][0].split() == ["gpio", "spi", "dialout"]
    assert s["StateDirectory"] == ["flixboard"]
    assert "FLIXBOARD_BOARD=serial:/dev/flixboard" in s["Environment"]
    assert s["EnvironmentFile"] == ["-/etc/flixboard/environment"]
    assert s["WantedBy"] == ["multi-user.target"]


def test_the_units_command_line_is_one_the_cli_accepts() -> None:
    from controller import run_command as command

    words = shlex.split(unit_settings()["ExecStart"][0].replace("${FLIXBOARD_BOARD}", "gpio"))
    assert words[:2] == [EXEC, "run"]
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    args = parser.parse_args(words[2:])
    assert (args.board, str(args.config), str(args.data_dir)) == (
        "gpio",
        "/etc/flixboard/config.toml",
        "/var/lib/flixboard",
    )


def test_the_install_script_is_valid_bash_and_shellcheck_clean() -> None:
    subprocess.run(["bash", "-n", str(INSTALL)], check=True, timeout=60)
    result = subprocess.run(
        [tool("shellcheck"), str(INSTALL)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout


def test_the_install_script_refuses_a_bad_board_before_doing_anything() -> None:
    result = subprocess.run(
        ["bash", str(INSTALL), "--board", "wifi"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1
    assert "--board must be serial or gpio, not 'wifi'" in result.stderr
    assert result.stdout == ""


def test_the_install_script_installs_files_that_exist() -> None:
    text = INSTALL.read_text()
    sources = set(re.findall(r'"\$src/([^"]+)"', text))
    assert {
        "controller/config.example.toml",
        "wiring/udev/99-flixboard.rules",
        "deploy/udev/99-flixboard-gpio.rules",
        "deploy/flixboard.service",
    } <= sources
    for source in sources:
        assert (ROOT / source).is_file(), source


def test_the_udev_rules_give_the_groups_access() -> None:
    rules = [
        line
        for line in (ROOT / "deploy" / "udev" / "99-flixboard-gpio.rules").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert rules
    for rule in rules:
        assert re.fullmatch(r'(\w+(\{\w+\})?=="[^"]+", )+GROUP="(gpio|spi)", MODE="0660"', rule)
    groups = {re.search(r'GROUP="(\w+)"', r).group(1) for r in rules}  # type: ignore[union-attr]
    assert groups == {"gpio", "spi"}
