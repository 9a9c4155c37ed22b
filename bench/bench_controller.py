"""Bench probe of the controller: reaction latency, idle CPU and memory of the service.

- ``controller_latency_ms_p50`` / ``_p99``: wall time from the moment a sensor change has settled
  in the simulator to the LED frame showing its consequence (settle time itself excluded), over
  at least ``PLACEMENTS`` committed placements (Qubic games on a simulated board).
- ``idle_cpu_percent``: CPU of a real ``flixboard run`` subprocess over ``IDLE_S`` seconds with
  nothing happening; ``rss_mb``: its resident memory afterwards.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from controller.config import Config
from controller.core.session import Listener, game_entry
from controller.tools.sim_run import SimRun
from engine.ai import choose_hole

PLACEMENTS = 1000
IDLE_S = 10.0
START_TIMEOUT_S = 60.0


def placement_latencies(count: int = PLACEMENTS, listener: Listener | None = None) -> list[float]:
    """Seconds from each placement's settle deadline to its frame being sent; ``listener``
    (e.g. the voice) gets every event the controller publishes."""
    config = Config.of(variant="qubic")
    run = SimRun(config, first_game=game_entry(config, "qubic", 2, 1, None))
    ctl, board = run.controller, run.board
    if listener is not None:
        ctl.session.subscribe(listener)
    latencies: list[float] = []
    while len(latencies) < count:
        if ctl.game.game_over:
            board.clear()
            run.advance(config.leds.win_animation_s + 1.0)
            ctl.next_game(run.clock.now())  # the board's MENU
            run.step()
            continue
        hole = choose_hole(ctl.game)
        placements = ctl.game.placements
        sent = run.renderer.frames_sent
        board.place(hole)
        due = run.deadline()
        if due is None:
            raise RuntimeError("a placement set no settle deadline")
        start = time.perf_counter()
        run.clock.advance_to(due)
        run.step()
        elapsed = time.perf_counter() - start
        if ctl.game.placements != placements + 1 or run.renderer.frames_sent == sent:
            raise RuntimeError(f"placement at hole {hole} was not committed and shown at once")
        latencies.append(elapsed)
        run.advance(0.1)
    return latencies


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


@contextlib.contextmanager
def running_service(data: str, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """A ``flixboard run`` on the simulated board at ``port`` with ``data`` as its data
    directory, answering ``GET /api/state``; stopped (SIGTERM, then killed) on leaving."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "controller.cli",
            "run",
            "--http",
            f"127.0.0.1:{port}",
            "--data-dir",
            data,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("flixboard run did not start") from None
                time.sleep(0.1)
        yield process
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def idle_service() -> tuple[float, float]:
    """``(cpu percent, rss MB)`` of an idle ``flixboard run`` on the simulated board."""
    with tempfile.TemporaryDirectory() as data, running_service(data, free_port()) as process:
        time.sleep(1.0)  # let start-up work finish before measuring
        cpu0, wall0 = _cpu_seconds(process.pid), time.monotonic()
        time.sleep(IDLE_S)
        cpu1, wall1 = _cpu_seconds(process.pid), time.monotonic()
        return 100.0 * (cpu1 - cpu0) / (wall1 - wall0), rss_mb(process.pid)


def measure() -> dict[str, float]:
    """The controller's figures for ``python -m bench``."""
    latencies = sorted(placement_latencies())
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    cpu, rss = idle_service()
    return {
        "controller_latency_ms_p50": round(statistics.median(latencies) * 1000, 3),
        "controller_latency_ms_p99": round(p99 * 1000, 3),
        "idle_cpu_percent": round(cpu, 2),
        "rss_mb": round(rss, 1),
    }
