"""``flixboard bench --only bench_lucky_equal_time``: chunks on two processes, progress, figures."""

from __future__ import annotations

import json

import pytest

from controller.cli import main as cli
from controller.cli.bench import SCALE_ENV


def test_the_equal_time_probe_at_a_tiny_scale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(SCALE_ENV, "1")
    assert cli(["bench", "--json", "--only", "bench_lucky_equal_time", "--scale", "0.002"]) == 0
    captured = capsys.readouterr()
    figures = json.loads(captured.out)
    assert figures["lucky_equal_time_games"] == 2
    assert figures["lucky_equal_time_score_pct"] in (0, 25, 50, 75, 100)
    assert 0 < figures["lucky_equal_time_move_ms_median"] <= figures["lucky_equal_time_move_ms_max"]
    assert "search_vs_flat: 2/2 games" in captured.err
