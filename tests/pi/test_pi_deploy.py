"""Installation as a service: the systemd unit, the udev rules and the install script."""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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
    assert s["SupplementaryGroups"][0].split() == ["gpio", "spi", "dialout", "audio"]
    assert s["StateDirectory"] == ["flixboard"]
    assert "FLIXBOARD_BOARD=serial:/dev/flixboard" in s["Environment"]
    assert "FLIXBOARD_GEOMETRY=flix" in s["Environment"], (
        "an older environment file: the spaceboard"
    )
    assert s["EnvironmentFile"] == ["-/etc/flixboard/environment"]
    assert s["WantedBy"] == ["multi-user.target"]


def test_the_units_command_line_is_one_the_cli_accepts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The board comes from the environment file unless the settings page chose one."""
    from controller.cli import run as command
    from controller.config import Config

    words = shlex.split(unit_settings()["ExecStart"][0])
    assert words[:2] == [EXEC, "run"]
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    args = parser.parse_args(words[2:])
    assert (str(args.config), str(args.data_dir)) == (
        "/etc/flixboard/config.toml",
        "/var/lib/flixboard",
    )
    monkeypatch.setenv("FLIXBOARD_BOARD", "gpio")
    monkeypatch.setenv("FLIXBOARD_GEOMETRY", "flip4")
    installed = command.command_line(args, Config())
    assert (installed.board.backend, installed.board.geometry) == ("gpio", "flip4")
    chosen = command.command_line(args, Config.of(backend="serial", geometry="olix"))
    assert (chosen.board.backend, chosen.board.geometry) == ("serial", "olix")


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
    groups = {re.findall(r'GROUP="(\w+)"', rule)[0] for rule in rules}
    assert groups == {"gpio", "spi"}


def _run_bash(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", script, "install.sh", *args], capture_output=True, text=True, timeout=60
    )


def _board_choice(tmp_path: Path, *args: str) -> str:
    """The board the script settles on (it stops before touching the system)."""
    text = INSTALL.read_text().replace("etc=/etc/flixboard", f"etc={tmp_path}")
    text, replaced = re.subn(
        r'^\[ "\$\(id -u\)" -eq 0 \].*$',
        'echo "$board $board_spec $geometry"; exit 0',
        text,
        count=1,
        flags=re.MULTILINE,
    )
    assert replaced == 1, "the script must stop at its root check, before any change"
    result = _run_bash(text, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_a_rerun_without_board_keeps_the_board_chosen_before(tmp_path: Path) -> None:
    assert _board_choice(tmp_path) == "serial serial:/dev/flixboard flix", "first install: serial"
    (tmp_path / "environment").write_text("# the board\nFLIXBOARD_BOARD=gpio\n")
    assert _board_choice(tmp_path) == "gpio gpio flix"
    (tmp_path / "environment").write_text('FLIXBOARD_BOARD="serial:/dev/ttyACM1"\n')
    assert _board_choice(tmp_path) == "serial serial:/dev/ttyACM1 flix", "a hand-edited port stays"
    assert _board_choice(tmp_path, "--board", "serial") == "serial serial:/dev/flixboard flix"
    assert _board_choice(tmp_path, "--board=gpio") == "gpio gpio flix"


def test_a_flat_board_is_chosen_with_gpio_or_serial_and_kept(tmp_path: Path) -> None:
    assert _board_choice(tmp_path, "--board", "gpio", "--geometry", "olix") == "gpio gpio olix"
    assert _board_choice(tmp_path, "--board", "serial", "--geometry", "olix") == (
        "serial serial:/dev/flixboard olix"
    )
    (tmp_path / "environment").write_text("FLIXBOARD_BOARD=gpio\nFLIXBOARD_GEOMETRY=flip4\n")
    assert _board_choice(tmp_path) == "gpio gpio flip4", "a re-run keeps the flat board"
    assert _board_choice(tmp_path, "--geometry=flix") == "gpio gpio flix"
    mine = "/etc/flixboard/my-flip4.toml"
    assert _board_choice(tmp_path, "--geometry", mine) == f"gpio gpio {mine}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--board", "serial", "--geometry", "/etc/flixboard/b.toml"], "is read by --board gpio"),
        (["--board", "gpio", "--geometry", "chess"], "--geometry must be flix, flip4, olix or a"),
    ],
)
def test_the_install_script_refuses_a_bad_geometry_before_doing_anything(
    args: list[str], message: str
) -> None:
    result = subprocess.run(
        ["bash", str(INSTALL), *args], capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stdout) == (1, "")
    assert message in result.stderr


def _boot_config(tmp_path: Path, model: str) -> tuple[str, str]:
    """Run the script's config.txt step for ``model`` on a Raspberry Pi OS-like file twice;
    the file afterwards and what the second run printed."""
    text = INSTALL.read_text()
    block = text[text.index("reboot_needed=false") : text.index('say "service flixboard"')]
    config = tmp_path / "config.txt"
    config.write_text("#dtparam=spi=on\n[cm4]\notg_mode=1\n")
    block = block.replace("/boot/firmware/config.txt", str(config))
    script = f'say() {{ echo "$*"; }}\nboard=gpio\npi5=false\nmodel={shlex.quote(model)}\n'
    first = _run_bash(script + block)
    assert first.returncode == 0, first.stderr
    second = _run_bash(script + block + 'echo "reboot=$reboot_needed"\n')
    assert second.returncode == 0, second.stderr
    return config.read_text(), second.stdout


@pytest.mark.parametrize(
    ("model", "clock"),
    [
        ("Raspberry Pi 4 Model B Rev 1.5", ["core_freq=500", "core_freq_min=500"]),
        ("Raspberry Pi 3 Model B Plus Rev 1.3", ["core_freq=250"]),
        ("Raspberry Pi Zero 2 W Rev 1.0", ["core_freq=250"]),
        ("Raspberry Pi Zero W Rev 1.1", []),
    ],
)
def test_the_boot_config_enables_spi_for_every_pi_once(
    tmp_path: Path, model: str, clock: list[str]
) -> None:
    config, rerun = _boot_config(tmp_path, model)
    lines = config.splitlines()
    added = lines[lines.index("[all]") + 1 :]
    assert lines[:3] == ["#dtparam=spi=on", "[cm4]", "otg_mode=1"]
    assert added == ["dtparam=spi=on", "dtoverlay=spi0-0cs", *clock], "outside [cm4], once"
    assert rerun.strip() == "reboot=false", "a second run changes nothing"
