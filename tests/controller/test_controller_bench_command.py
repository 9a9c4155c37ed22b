"""``flixboard bench``: probes chosen by name, figures merged into one JSON object."""

from __future__ import annotations

import json

import pytest

from controller.cli import main as cli
from controller.tools import bench, bench_engine


def test_bench_json_runs_the_chosen_probes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench_engine, "DURATION_S", 0.05)
    assert cli(["bench", "--json", "--only", "bench_engine"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["machine"] == bench.machine()
    assert "cores" in figures["machine"]
    assert figures["engine_playouts_per_s"] > 0
    assert not any(key.startswith(("controller_", "serial_")) for key in figures)


def test_every_registered_probe_imports() -> None:
    for target in bench.PROBES:
        module_name, _, function_name = target.partition(":")
        module = __import__(module_name, fromlist=[function_name])
        assert callable(getattr(module, function_name)), target
