"""``python -m bench``: speed and memory figures, gathered from each part's own probe.

The probes and the fuzzes live in the checkout only: the installed package does not carry them.
``python -m bench`` (``bench/__main__.py``) runs them from the checkout's root.

A probe is a function ``() -> dict[str, float]`` named ``module:function`` in ``PROBES`` (a
``str`` value says why a probe could not run).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import platform
from collections.abc import Callable
from pathlib import Path

PROBES: list[str] = [
    "bench.bench_engine:measure",
    "bench.bench_controller:measure",
    "bench.bench_computer:measure",
    "bench.bench_serial:measure",
    "bench.bench_pico:measure",
    "bench.bench_players:measure",
    "bench.bench_strength:measure",
    "bench.bench_ladder:measure",
    "bench.bench_targets:measure",
    "bench.bench_flip4:measure",
    "bench.bench_olix:measure",
    "bench.bench_fuzz:measure",
    "bench.http_fuzz:measure",
    "bench.bench_fanout:measure",
    "bench.bench_games:measure",
    "bench.bench_remote:measure",
    "bench.bench_tap:measure",
    "bench.bench_voice:measure",
    "bench.bench_lucky_flat:measure",
    "bench.bench_lucky_equal_time:measure",
    "bench.bench_payoff_ismcts:measure",
    "bench.bench_qubic_proof:measure",
    "bench.bench_qubic_view:measure",
    "bench.bench_schemathesis:measure",
]


def machine() -> str:
    """The CPU model (from /proc/cpuinfo where there is one), its architecture and core count."""
    model = platform.processor()
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.partition(":")[2].strip()
                break
    return f"{model or 'unknown CPU'}, {platform.machine()}, {os.cpu_count()} cores"


def collect(only: str | None = None) -> dict[str, float | str]:
    """Run every probe (or those whose module matches ``only``) and merge their figures."""
    figures: dict[str, float | str] = {"machine": machine()}
    for target in PROBES:
        module_name, _, function_name = target.partition(":")
        if only and not module_name.split(".")[-1].startswith(only) and only not in module_name:
            continue
        probe: Callable[[], dict[str, float]] = getattr(
            importlib.import_module(module_name), function_name
        )
        figures.update(probe())
    return figures
