"""``flixboard bench``: speed and memory figures, gathered from each part's own probe.

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
    "controller.tools.bench_engine:measure",
    "controller.tools.bench_controller:measure",
    "controller.tools.bench_computer:measure",
    "sim.bench_serial:measure",
    "controller.tools.bench_pico:measure",
    "controller.tools.bench_players:measure",
    "controller.tools.bench_strength:measure",
    "controller.tools.bench_targets:measure",
    "controller.tools.bench_flip4:measure",
    "controller.tools.bench_olix:measure",
    "controller.tools.bench_fuzz:measure",
    "controller.tools.http_fuzz:measure",
    "controller.tools.bench_schemathesis:measure",
    "controller.tools.bench_fanout:measure",
    "controller.tools.bench_games:measure",
    "controller.tools.bench_remote:measure",
    "controller.tools.bench_tap:measure",
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
