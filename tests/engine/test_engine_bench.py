"""The engine's bench probe reports its figures (speed is measured, never asserted)."""

from __future__ import annotations

import pytest

from bench import bench_engine


def test_measure_reports_positive_rates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_engine, "DURATION_S", 0.05)
    figures = bench_engine.measure()
    assert {"engine_playouts_per_s", "engine_placements_per_s"} <= set(figures)
    assert all(isinstance(v, float) and v > 0 for v in figures.values())
