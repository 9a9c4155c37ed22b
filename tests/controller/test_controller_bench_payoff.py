"""``python -m bench --only bench_payoff_ismcts``: both matches, progress, figures and intervals."""

from __future__ import annotations

import json

import pytest

from bench.__main__ import main as run_bench
from bench.bench_scale import SCALE_ENV
from bench.openings import opening
from bench.payoff_ismcts import PayOffResult
from engine.payoff import PayOffFlix
from engine.players.match_score import Z95


def test_the_probe_at_a_tiny_scale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(SCALE_ENV, "1")
    assert run_bench(["--json", "--only", "bench_payoff_ismcts", "--scale", "0.002"]) == 0
    captured = capsys.readouterr()
    figures = json.loads(captured.out)
    for prefix in ("payoff_ismcts", "payoff_ismcts_nodes"):
        assert figures[f"{prefix}_games"] == 2
        played = figures[f"{prefix}_wins"] + figures[f"{prefix}_draws"]
        assert played + figures[f"{prefix}_losses"] == 2
        assert figures[f"{prefix}_score_pct"] in (0, 25, 50, 75, 100)
        assert 0 <= figures[f"{prefix}_money_pct"] <= 100
        assert 0 < figures[f"{prefix}_move_ms_median"] <= figures[f"{prefix}_move_ms_max"]
        assert f"{prefix}: 2/2 games" in captured.err


def test_the_seats_swap_on_the_same_opening() -> None:
    one, other = opening("payoff", 5), opening("payoff", 5)
    assert isinstance(one, PayOffFlix) and isinstance(other, PayOffFlix)
    assert one.actions == other.actions and one.dealt == other.dealt and one.placements == 2
    assert opening("payoff", 6).actions != one.actions


def test_the_intervals() -> None:
    even = PayOffResult(4, 2, 0, 2, paid=[50, -50, 50, -50])
    assert even.money_percent == 50.0 and even.money_interval == pytest.approx(
        100 * Z95 * (4 * 25**2 / 3 * 4) ** 0.5 / 200
    )
    assert PayOffResult(2, 2, 0, 0, paid=[30, 60]).money_percent == 100.0
    assert PayOffResult(2, 2, 0, 0, paid=[30, 60]).money_interval == 0.0
    assert PayOffResult().money_percent == 50.0 and PayOffResult().money_interval == 0.0
    assert even.summary() == f"+2 =0 -2, 50.0 % ± 49.0, money 50.0 % ± {even.money_interval:.1f}"
