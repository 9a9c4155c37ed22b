"""``python -m bench``: probes chosen by name, figures merged into one JSON object."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import bench
from bench import bench_engine, bench_players, bench_strength, bench_targets, qubic_bench
from bench.__main__ import main as run_bench
from bench.bench_scale import SCALE_ENV, bench_scale, scaled
from bench.bench_voice import IDLE_S, speech_starts
from engine.players.base import DEFAULT_LEVEL

SUITE_LEVELS = (1, DEFAULT_LEVEL)
"""The levels the players' and the strength probes run at in the suite: the probes' code is the
same for every level, whose players the engine's tests play; every level's speed and strength are
figures of `make bench` (docs/development.md)."""

ROOT = Path(__file__).resolve().parents[2]


def test_bench_json_runs_the_chosen_probes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench_engine, "DURATION_S", 0.05)
    assert run_bench(["--json", "--only", "bench_engine"]) == 0
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


def test_the_scale_sizes_the_game_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SCALE_ENV, raising=False)
    assert (bench_scale(), scaled(200)) == (1.0, 200)
    monkeypatch.setenv(SCALE_ENV, "0.1")
    assert (scaled(20), scaled(200), scaled(4)) == (2, 20, 1)
    monkeypatch.setenv(SCALE_ENV, "0")
    with pytest.raises(ValueError, match=SCALE_ENV):
        scaled(20)


def test_a_scale_that_is_no_fraction_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    for scale in ("0", "nan"):
        with pytest.raises(SystemExit) as leaving:
            run_bench(["--scale", scale])
        assert leaving.value.code == 2
        assert "argument --scale: a number above 0" in capsys.readouterr().err
    # the same from the command line, as `make bench` runs it from the checkout's root
    ran = subprocess.run(
        [sys.executable, "-m", "bench", "--scale", "-1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 2 and "argument --scale: a number above 0" in ran.stderr


def tiny_probes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *probes: str
) -> dict[str, float]:
    """The figures of ``probes`` run by ``python -m bench`` at scale 0.01, less the machine."""
    monkeypatch.setenv(SCALE_ENV, "1")  # restored after the test, whatever --scale sets
    figures: dict[str, float] = {}
    for probe in probes:
        assert run_bench(["--json", "--only", probe, "--scale", "0.01"]) == 0
        read = json.loads(capsys.readouterr().out)
        assert read.pop("machine") == bench.machine()
        figures.update(read)
    assert all(type(value) in (int, float) for value in figures.values())
    assert not any(key.startswith(("engine_", "controller_", "serial_")) for key in figures)
    return figures


@pytest.mark.fuzz
@pytest.mark.timeout(900)  # whole games of every computer player, minutes on a loaded machine
def test_the_players_probe_at_a_tiny_scale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench_players, "LEVELS", SUITE_LEVELS)
    figures = tiny_probes(monkeypatch, capsys, "bench_players")
    assert figures.pop("players_lucky_playouts_per_s") > 0
    for variant in ("flip4", "lucky", "olix", "payoff", "qubic", "tactflix"):
        assert figures.pop(f"players_{variant}_nodes_per_s") > 0
        for level in SUITE_LEVELS:
            median = figures.pop(f"players_{variant}_l{level}_move_ms_median")
            assert 0 < median <= figures.pop(f"players_{variant}_l{level}_move_ms_max")
    assert figures == {}  # no figure left unchecked


@pytest.mark.fuzz
@pytest.mark.timeout(900)  # two levels against two yardsticks, minutes on a loaded machine
def test_the_strength_probe_at_a_tiny_scale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench_strength, "LEVELS", SUITE_LEVELS)
    figures = tiny_probes(monkeypatch, capsys, "bench_strength")
    assert figures.pop("strength_games") == 1
    for variant in ("qubic", "lucky", "payoff", "tactflix"):
        for level in SUITE_LEVELS:
            opponents = ("l1",) if variant == "tactflix" else ("l1", "oneply")
            for opponent in opponents:
                assert figures.pop(f"strength_{variant}_l{level}_vs_{opponent}_pct") in (0, 50, 100)

    assert figures == {}  # no figure left unchecked


@pytest.mark.fuzz
@pytest.mark.timeout(900)
def test_the_target_and_fuzz_probes_at_a_tiny_scale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    probes = ("bench_targets", "bench_flip4", "bench_olix", "bench_fuzz")
    figures = tiny_probes(monkeypatch, capsys, *probes)
    for label, _, games, _ in qubic_bench.STRENGTH_MATCHES:
        prefix = bench_targets.QUBIC_FIGURES[label]
        assert figures.pop(f"{prefix}_games") == max(1, round(games * 0.01))
        wins, not_lost = figures.pop(f"{prefix}_wins"), figures.pop(f"{prefix}_not_lost")
        assert 0 <= wins <= not_lost <= max(1, round(games * 0.01))
        assert 7 <= figures.pop(f"{prefix}_median_plies") <= 64  # a line needs 4 of our 7 plies
    median = figures.pop("target_qubic_move_ms_median")
    assert 0 < median <= figures.pop("target_qubic_move_ms_max")
    assert figures.pop("target_qubic_searched_move_ms_median") > 0
    assert figures.pop("target_qubic_second_resist_games") == 2
    assert 0 <= figures.pop("target_qubic_second_resist_first_wins") <= 2
    low = figures.pop("target_qubic_second_resist_plies_q1")
    median = figures.pop("target_qubic_second_resist_plies_median")
    high = figures.pop("target_qubic_second_resist_plies_q3")
    assert 7 <= low <= median <= high <= 64
    # Two games: the interval is the shorter game to the longer, around both quartiles.
    assert 7 <= figures.pop("target_qubic_second_resist_plies_median_low") <= low
    assert high <= figures.pop("target_qubic_second_resist_plies_median_high") <= 64
    median = figures.pop("target_qubic_second_resist_move_ms_median")
    assert 0 <= median <= figures.pop("target_qubic_second_resist_move_ms_max")
    assert figures.pop("target_lucky_vs_flat_games") == 2
    assert figures.pop("target_lucky_vs_flat_score_pct") in (0, 25, 50, 75, 100)
    median = figures.pop("target_lucky_move_ms_median")
    assert 0 < median <= figures.pop("target_lucky_move_ms_max")

    assert figures.pop("target_flip4_vs_random_games") == 2
    assert figures.pop("target_flip4_vs_random_score_pct") in (0, 25, 50, 75, 100)
    median = figures.pop("target_flip4_move_ms_median")
    assert 0 < median <= figures.pop("target_flip4_move_ms_max")
    assert figures.pop("flip4_playouts_games") == 100
    won, drawn = figures.pop("flip4_playouts_won"), figures.pop("flip4_playouts_drawn")
    assert won + drawn == 100
    assert 0 < figures.pop("flip4_playouts_most_turns") <= 2000
    assert figures.pop("flip4_playouts_seconds") >= 0
    assert figures.pop("flip4_playouts_actions_per_second") > 0
    assert figures.pop("target_olix_vs_random_games") == 2
    assert 0 <= figures.pop("target_olix_vs_random_wins") <= 2
    assert figures.pop("target_olix_vs_random_score_pct") in (0, 25, 50, 75, 100)
    median = figures.pop("target_olix_move_ms_median")
    assert 0 < median <= figures.pop("target_olix_move_ms_max")
    assert figures.pop("olix_random_games") == 100 and figures.pop("olix_random_games_s") > 0
    assert 0 < figures.pop("olix_random_longest") <= 121
    ended = {key: figures.pop(key) for key in list(figures) if key.startswith("olix_random_ended_")}
    assert sum(ended.values()) == 100
    assert set(ended) <= {"olix_random_ended_super_pattern", "olix_random_ended_board_full"}

    assert figures.pop("fuzz_engine_protocol_tries") == 50
    assert figures.pop("fuzz_serial_tries") == 100
    assert figures.pop("fuzz_engine_protocol_failures") == figures.pop("fuzz_serial_failures") == 0
    assert figures == {}  # no figure left unchecked


@pytest.mark.live  # the probe starts its own `flixboard run` (bench/bench_fanout.py)
def test_the_fanout_probe_at_a_tiny_scale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(SCALE_ENV, "1")
    assert run_bench(["--json", "--only", "bench_fanout", "--scale", "0.01"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures.pop("machine") == bench.machine()
    assert figures.pop("fanout_subscribers") == 2
    assert 0 < figures.pop("fanout_state_ms_p50") <= figures.pop("fanout_state_ms_p99")
    before, peak = figures.pop("fanout_rss_mb_before"), figures.pop("fanout_rss_mb_peak")
    assert 0 < before <= peak and figures.pop("fanout_rss_mb_after") > 0
    # the first state, then per round at least the commit, the undo and the lift
    assert figures.pop("fanout_messages") >= 1 + 3 * 2
    assert figures == {}


@pytest.mark.live  # a `flixboard run` and Chromium, started by the probe (bench/bench_tap.py)
@pytest.mark.browser
def test_the_tap_probe_at_a_tiny_scale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Kept-alive GETs and taps in Chromium: every figure measured, medians below tails."""
    monkeypatch.setenv(SCALE_ENV, "1")
    assert run_bench(["--json", "--only", "bench_tap", "--scale", "0.02"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures.pop("machine") == bench.machine()
    for name in (
        "keepalive_state_ms",
        "tap_led_ms",
        "tap_led_release_ms",
        "tap_service_ms",
        "tap_page_ms",
    ):
        assert 0 < figures.pop(f"{name}_p50") <= figures.pop(f"{name}_p99"), name
    assert figures.pop("tap_count") == 4 * 10  # four rounds of 500 taps, scaled
    assert len(figures.pop("tap_led_ms_p99_rounds").split()) == 4
    assert figures.pop("tap_gc_ms_max") >= 0 and figures.pop("tap_gc_full") >= 0
    assert figures == {}


def test_the_voice_probe_measures_speech_and_the_controller_while_speaking(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_bench(["--json", "--only", "bench_voice", "--scale", "0.05"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in (
        "voice_speech_start_ms_p50",
        "voice_speech_start_ms_p95",
        "controller_latency_ms_p99_quiet",
        "controller_latency_ms_p99_speaking",
    ):
        assert figures[key] > 0, key
    assert figures["voice_speech_start_ms_p95"] >= figures["voice_speech_start_ms_p50"]


@pytest.mark.slow  # the probe's own figures are checked in the fast lane above
def test_the_voice_probe_plays_on_past_a_won_game() -> None:
    """More lines than one game says: the probe starts the next game (the board's MENU) after
    a win, as a person does, instead of waiting for lines that never come."""
    starts = speech_starts(80)
    assert len(starts) == 80
    assert all(0 < start < IDLE_S for start in starts)
