"""The bench probe reports its figures (never asserted against targets: that is the bench's job),
and ``flixboard sim-mcu`` serves a simulated Pico that another process reaches over its pty."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from bench.bench_serial import measure
from engine.holes import parse
from hal.base import Piece
from hal.serial_backend import SerialBackend


def test_bench_probe_reports_every_figure() -> None:
    figures = measure()
    assert set(figures) == {
        "serial_roundtrip_ms_p99",
        "serial_roundtrip_ms_median",
        "serial_reconnect_ms_max",
    }
    assert all(isinstance(v, float) and v > 0 for v in figures.values())


def test_sim_mcu_command_serves_a_pty(tmp_path: Path) -> None:
    link = tmp_path / "flixboard"
    command = [sys.executable, "-m", "controller.cli", "sim-mcu", "--link", str(link)]
    with subprocess.Popen(
        [*command, "--storage", str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        try:
            first = process.stdout.readline()
            assert first.startswith("simulated Pico on /dev/pts/"), first
            assert process.stdout.readline().strip() == f"linked as {link}"
            assert f"--board serial:{link}" in process.stdout.readline()
            process.stdout.readline()  # the list of commands
            with SerialBackend(str(link), open_timeout=10, health_s=0.2) as backend:
                process.stdin.write("place Y-II-H burocrat\n")
                process.stdin.flush()
                assert process.stdout.readline().strip() == "ok"
                deadline = time.monotonic() + 10
                while backend.read().holes[21] is not Piece.BUROCRAT:
                    assert time.monotonic() < deadline, "the placement never arrived"
                    time.sleep(0.01)
                process.stdin.write("unwire R-I-S\n")  # its wire breaks: the page can show it
                process.stdin.flush()
                assert process.stdout.readline().strip() == "ok"
                while [f.sensor for f in backend.sensor_faults] != [parse("R-I-S")]:
                    assert time.monotonic() < deadline + 10, "the broken wire was never seen"
                    time.sleep(0.01)
                process.stdin.write("mend R-I-S\n")
                process.stdin.flush()
                assert process.stdout.readline().strip() == "ok"
                while backend.sensor_faults:
                    assert time.monotonic() < deadline + 20, "the mended wire was never seen"
                    time.sleep(0.01)
                process.stdin.write("fly away\n")
                process.stdin.flush()
                assert process.stdout.readline().startswith("unknown command 'fly away'")
            process.stdin.close()
            assert process.wait(timeout=20) == 0
        finally:
            process.kill()
