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
    ],
)
def test_bad_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str], message: str
) -> None:
    assert cli(["script", "run", script(tmp_path, *lines), "--json"]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
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
    assert " o " in out


def test_settle_time_from_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = script(
        tmp_path,
        '{"new_game": {"variant": "qubic", "players": 2}}',
        '{"place": "Y-II-H"}',
    )
    assert cli(["script", "run", path, "--json", "--set", "board.settle_ms=400"]) == 0
    out = capsys.readouterr().out
    assert '"at": 0.4' in out
