"""``flixboard bench --only bench_lucky_equal_time``: chunks on two processes, progress, figures."""

from __future__ import annotations

import json

import pytest

from bench.bench_scale import SCALE_ENV
from bench.lucky_chunks import interval
from controller.cli import main as cli
from engine.players.dice_opponents import MatchResult


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


def test_the_interval_is_the_normal_95_percent_interval_of_the_mean_score() -> None:
    assert interval(MatchResult(10, 10, 0, 0)) == 0.0
    assert interval(MatchResult(10, 0, 10, 0)) == 0.0  # ten draws: every game scored 1/2
    assert interval(MatchResult(100, 50, 0, 50)) == pytest.approx(9.8)
    assert interval(MatchResult(1000, 600, 0, 400)) == pytest.approx(196 * (0.24 / 1000) ** 0.5)
    assert interval(MatchResult()) == 0.0
