"""The ``flixboard`` command's faults: exit status 2 for what the user gave (named in one line,
never a traceback), 1 for the program's own failure; every option explained in ``--help``."""

from __future__ import annotations

import argparse
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bench.random_games import random_game
from controller.cli import COMMANDS, EXIT_STATUSES, command_parser, main
from controller.cli.status import FAILED, USER_FAULT
from controller.records.store import GameStore
from engine.notation import SeatInfo, write_record

RECORD = write_record(random_game("qubic", 5, players=2), [SeatInfo("Ann"), SeatInfo("Ben")])
"""A valid record of a finished game."""


def status(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """The exit status of ``flixboard ARGV`` (run through ``main``) and what it wrote to stderr."""
    try:
        code = main(list(argv))
    except SystemExit as leaving:  # argparse's usage errors
        code = leaving.code if isinstance(leaving.code, int) else FAILED
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


def broken_file(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not an SQLite database, not at all" * 20)
    return path


def a_file(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    path.write_text("a file where the data directory should be\n")
    return path


@pytest.mark.parametrize("seed", ["-1", str(2**63), "9" * 40, "seven"])
def test_demo_refuses_a_seed_out_of_range(capsys: pytest.CaptureFixture[str], seed: str) -> None:
    code, err = status(capsys, "demo", "--seed", seed)
    assert code == USER_FAULT
    assert "argument --seed: a seed is a whole number 0..2**63-1" in err


def test_demo_refuses_a_delay_that_is_no_pause(capsys: pytest.CaptureFixture[str]) -> None:
    for delay in ("nan", "-1", "inf"):
        code, err = status(capsys, "demo", "--delay", delay)
        assert code == USER_FAULT and "argument --delay: seconds are a number 0..60" in err


def test_demo_plays_the_largest_seed(capsys: pytest.CaptureFixture[str]) -> None:
    largest = str(2**63 - 1)
    code, _ = status(capsys, "demo", "--variant", "qubic", "--seed", largest, "--level", "1")
    assert code == 0


def test_run_names_the_port_range(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for port in ("99999", "65536", "123456789"):
        address = f"127.0.0.1:{port}"
        code, err = status(capsys, "run", "--http", address, "--data-dir", str(tmp_path))
        assert code == USER_FAULT
        assert "the port is a number 1-65535" in err


def test_a_data_directory_that_is_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = a_file(tmp_path)
    record = tmp_path / "game.flix"
    record.write_text(RECORD)
    for argv in (
        ["run", "--http", "127.0.0.1:0", "--data-dir", str(data)],
        ["games", "--data-dir", str(data)],
        ["import", str(record), "--data-dir", str(data)],
    ):
        code, err = status(capsys, *argv)
        assert code == USER_FAULT, argv
        assert f"the data directory {data} is a file, not a directory" in err, argv
        assert "Errno" not in err
    code, err = status(capsys, "run", "--http", "127.0.0.1:0", "--data-dir", str(data / "sub"))
    assert code == USER_FAULT
    assert f"the data directory {data / 'sub'} cannot be made: {data} is a file" in err


def test_a_broken_journal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken_file(tmp_path / "journal.sqlite3")
    code, err = status(capsys, "run", "--http", "127.0.0.1:0", "--data-dir", str(tmp_path))
    assert code == USER_FAULT and "cannot open journal" in err


def test_broken_game_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken_file(tmp_path / "games.sqlite3")
    record = tmp_path / "game.flix"
    record.write_text(RECORD)
    for argv in (
        ["games", "--data-dir", str(tmp_path)],
        ["games", "--stats", "--data-dir", str(tmp_path)],
        ["import", str(record), "--data-dir", str(tmp_path)],
        ["run", "--http", "127.0.0.1:0", "--data-dir", str(tmp_path)],
    ):
        code, err = status(capsys, *argv)
        assert code == USER_FAULT, argv
        assert "cannot open the game records" in err, argv


def test_an_unknown_game_id(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, err = status(capsys, "games", "--show", "999", "--data-dir", str(tmp_path))
    assert code == USER_FAULT and "no game 999" in err
    record = tmp_path / "game.flix"
    record.write_text(RECORD)
    assert status(capsys, "import", str(record), "--data-dir", str(tmp_path))[0] == 0
    code, err = status(capsys, "games", "--show", "999", "--data-dir", str(tmp_path))
    assert code == USER_FAULT and "no game 999" in err


def test_records_that_cannot_be_written_are_the_program_s_failure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Records that open but refuse to store the game (a trigger stands in for a full disk)."""
    GameStore(tmp_path).close()
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        db.execute(
            "CREATE TRIGGER full BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'full'); END"
        )
    record = tmp_path / "game.flix"
    record.write_text(RECORD)
    code, err = status(capsys, "import", str(record), "--data-dir", str(tmp_path))
    assert code == FAILED and "cannot store the game" in err


def test_the_bench_is_no_command_of_the_service(capsys: pytest.CaptureFixture[str]) -> None:
    """The probes are the checkout's (``python -m bench``), not the installed program's."""
    code, err = status(capsys, "bench")
    assert code == USER_FAULT and "invalid choice: 'bench'" in err


def test_an_unknown_option_before_the_command_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, said in (
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--bogus", "run"], "unrecognized arguments: --bogus"),
        (["-x"], "unrecognized arguments: -x"),
        (["bogus"], "invalid choice: 'bogus'"),
        ([], "the following arguments are required: COMMAND"),
    ):
        code, err = status(capsys, *argv)
        assert code == USER_FAULT and said in err, (argv, err)
        assert argv[:1] == [] or "required: COMMAND" not in err, (argv, err)


def test_sim_mcu_refuses_unusable_paths(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    storage = a_file(tmp_path)
    cases = {
        ("--geometry", "chess"): "no board geometry 'chess'",
        ("--storage", str(storage)): f"--storage {storage} is a file, not a directory",
        ("--link", str(tmp_path / "none" / "pico")): f"there is no directory {tmp_path / 'none'}",
    }
    for argv, said in cases.items():
        code, err = status(capsys, "sim-mcu", *argv)
        assert code == USER_FAULT and said in err, argv


def test_a_subprocess_shows_no_traceback(tmp_path: Path) -> None:
    """The installed way in (``python -m controller.cli``): the status and one line."""
    done = subprocess.run(
        [sys.executable, "-m", "controller.cli", "demo", "--seed", "-1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == USER_FAULT
    assert "Traceback" not in done.stderr and "--seed" in done.stderr


def unexplained(parser: argparse.ArgumentParser, prog: str) -> list[str]:
    """The options and arguments of ``parser`` (its sub-commands' too) without help text."""
    missing = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                missing += unexplained(sub, f"{prog} {name}")
        elif not action.help or action.help == argparse.SUPPRESS:
            missing.append(f"{prog}: {'/'.join(action.option_strings) or action.dest}")
    return missing


def test_every_option_of_every_command_is_explained() -> None:
    missing = []
    for name in COMMANDS:
        parser, _ = command_parser(name)
        assert parser.epilog == EXIT_STATUSES
        missing += unexplained(parser, f"flixboard {name}")
    assert missing == []


def test_help_states_the_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["selftest", "--help"], ["demo", "--help"]):
        with pytest.raises(SystemExit) as leaving:
            main(argv)
        assert leaving.value.code == 0
        out = " ".join(capsys.readouterr().out.split())
        assert "exit status: 0 done; 1 the program's own failure" in out, argv
        assert "2 what was given cannot be used" in out, argv
