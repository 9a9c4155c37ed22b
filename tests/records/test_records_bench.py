"""The records' bench probe at a tiny size: a real service with stored games answers
``GET /api/games`` (the figure itself is measured by ``python -m bench``, not asserted here)."""

from __future__ import annotations

import json

import pytest

from bench import bench_games
from bench.__main__ import main as run_bench


@pytest.mark.live  # the probe starts its own `flixboard run` (bench/bench_games.py)
def test_the_games_probe_measures_a_service_with_stored_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench_games, "GAMES", 8)
    monkeypatch.setattr(bench_games, "REQUESTS", 10)
    assert run_bench(["--json", "--only", "bench_games"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games_stored"] == 8
    assert 0 < figures["games_list_ms_p50"] <= figures["games_list_ms_p99"]
    assert figures["games_filtered_ms_p99"] > 0 and figures["games_stats_ms_p99"] > 0
