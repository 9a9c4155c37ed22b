"""``flixboard script run``: clear errors naming the line, non-zero exit; plain output."""

from __future__ import annotations

from pathlib import Path

import pytest

from controller.cli import main as cli


def script(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (['{"new_game": {"variant": "lucky"}}', '{"dance": 1}'], "line 2: unknown action 'dance'"),
        (['{"place": "Q-II-H"}'], "line 1: not a hole name: 'Q-II-H'"),
        (['{"new_game": {"variant": "chess"}}'], "line 1: no variant 'chess'"),
        (['{"new_game": {"variant": "lucky", "players": 5}}'], "line 1: players must be"),
        (["", "# a comment", '{"wait": -1}'], "line 3: wait needs seconds >= 0"),
        (['{"roll": "purple/II/hearts"}'], "line 1: not a throw"),
        (['{"place": "Y-II-H", "colour": "red"}'], "line 1: place takes no key 'colour'"),
        (['{"place": '], "line 1: not JSON"),
        (['{"place": "Y-II-H"}', '{"place": "Y-II-H"}'], "line 2: cannot place"),
        (['{"undo": true}'], "line 1: nothing to take back"),
        (['{"new_game": {"variant": "lucky", "options": {"colour": 1}}}'], "unknown option"),
        (['{"wait": ' + "[" * 50_000 + "]" * 50_000 + "}"], "line 1: not a script line"),
        (['{"new_game": {"variant": "lucky"}}', '{"wait": 1e400}'], "line 2: wait needs seconds"),
        (['{"hover": "Y-II-H", "seconds": "x"}'], "line 1: hover seconds must be a number"),
        (['{"hover": "Y-II-H", "seconds": 1e400}'], "line 1: hover seconds must be a number"),
        (['{"slide": ["Y-II-H"], "step": "fast"}'], "line 1: slide step must be a number"),
        (['{"slide": ["Y-II-H"], "step": true}'], "line 1: slide step must be a number"),
        (["", '{"press": "flix", "seat": 99}'], "line 2: seat must be a seat number 0..1"),
        (['{"press": "roll", "seat": -1}'], "line 1: seat must be a seat number 0..1"),
        (['{"new_game": {"variant": "lucky", "options": {"panels": 5}}}'], "line 1: panels"),
        (
            [
                '{"new_game": {"variant": "qubic"}}',
                '{"new_game": {"variant": "lucky", "options": {"suits": ["S"]}}}',
            ],
            "line 2: suits must be a string",
        ),
    ],
)
def test_bad_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str], message: str
) -> None:
    assert cli(["script", "run", script(tmp_path, *lines), "--json"]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""


def test_a_file_that_is_not_utf8_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.jsonl"
    path.write_bytes(b'\xff\xfe{"wait": 1}\n')
    assert cli(["script", "run", str(path), "--json"]) == 2
    captured = capsys.readouterr()
    assert "not UTF-8" in captured.err and "Traceback" not in captured.err
    assert captured.out == ""


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["script", "run", str(tmp_path / "none.jsonl")]) == 2
    assert "cannot read script" in capsys.readouterr().err


def test_trailing_comments_and_plain_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = script(
        tmp_path,
        '{"new_game": {"variant": "qubic", "players": 2, "seed": 3}}  # Qubic',
        '{"place": "y2h"}   # compact names work too',
    )
    assert cli(["script", "run", path]) == 0
    out = capsys.readouterr().out
    assert "phase: await_place" in out and "Blue (player 2)" in out
    assert " r " in out and "pieces  r Red   b Blue" in out  # whose Man it is


def test_settle_time_from_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = script(
        tmp_path,
        '{"new_game": {"variant": "qubic", "players": 2}}',
        '{"place": "Y-II-H"}',
    )
    assert cli(["script", "run", path, "--json", "--set", "board.settle_ms=400"]) == 0
    out = capsys.readouterr().out
    assert '"at": 0.4' in out
