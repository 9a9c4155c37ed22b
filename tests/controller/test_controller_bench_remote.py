"""``bench_remote``'s Pay-Off figures at a tiny scale through a real mosquitto: every placement
carries a token's commitment to the other board, and none is lost (docs/REMOTE.md, "How fast,
with encryption")."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import bench_remote
from bench.bench_scale import SCALE_ENV
from controller.remote.link import Broker

pytestmark = pytest.mark.broker


def test_the_payoff_figures_time_every_placement_each_with_its_commitment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SCALE_ENV, "1")
    monkeypatch.setattr(bench_remote, "SINGLE_MOVES", 20)
    monkeypatch.setattr(bench_remote, "GAME_COUNTS", (1, 2))
    monkeypatch.setattr(bench_remote, "SPLIT_COUNTS", (3,))
    monkeypatch.setattr(bench_remote, "PROCESSES", 2)
    monkeypatch.setattr(bench_remote, "PACE_S", 0.05)
    process, port = bench_remote._mosquitto(tmp_path)
    try:
        figures = bench_remote._payoff(Broker("127.0.0.1", port, False), tmp_path)
    finally:
        process.terminate()
        process.wait()
    rows = ["rtt_ms_p50", "rtt_ms_p99", "load", "moves", "unsealed"]
    rows += ["games_max_p99_le_250ms", "games_in_2_processes_max_p99_le_250ms"]
    # the first count is the single game; 2 games in one process; 3 split over 2 processes
    for run in ("2", "3_in_2_processes"):
        assert figures.pop(f"remote_payoff_games_{run}_lost") == 0
        rows += [f"games_{run}_rtt_ms_p50", f"games_{run}_rtt_ms_p99", f"games_{run}_load"]
    assert sorted(figures) == sorted(f"remote_payoff_{row}" for row in rows)
    assert figures["remote_payoff_unsealed"] == 0
    # The single game's 20 steps (a few resign or start a game when no hole takes a token)
    # and the moves of each of the 2 + 3 concurrent games (those of the split run counted in
    # their processes): every placement made was timed.
    moves = 5 * bench_remote.MOVES_PER_GAME
    assert 15 + moves <= figures["remote_payoff_moves"] <= 20 + moves
    assert 0 < figures["remote_payoff_rtt_ms_p50"] <= figures["remote_payoff_rtt_ms_p99"]
