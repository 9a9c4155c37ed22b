"""Bench probe of the fuzzers: each run at its full size (times the bench scale), with the
number of tries (lines, frames, requests, ...) and of failures.

Every entry of :data:`FUZZERS` adds ``NAME_tries`` and ``NAME_failures``; a new fuzzer (the
HTTP API's, a crash-and-resume loop) adds its entry here.
"""

from __future__ import annotations

from collections.abc import Callable

from bench.bench_scale import scaled
from bench.fuzz_engine import LINES, fuzz_protocol
from bench.fuzz_serial import FRAMES, fuzz_serial
from tests.pico_rig import pico_rig

Fuzzer = Callable[[], tuple[int, int]]
"""``run() -> (tries, failures)``."""


def engine_protocol() -> tuple[int, int]:
    """Garbled lines through the engine protocol, with the real computer players."""
    result = fuzz_protocol(scaled(LINES))
    return result.lines, result.failures


def serial_line() -> tuple[int, int]:
    """Garbage frames from a simulated Pico into the serial backend."""
    with pico_rig() as rig:
        result = fuzz_serial(rig, scaled(FRAMES))
    return sum(result.sent.values()), result.failures


FUZZERS: list[tuple[str, Fuzzer]] = [
    ("fuzz_engine_protocol", engine_protocol),
    ("fuzz_serial", serial_line),
]


def measure() -> dict[str, float]:
    """``NAME_tries`` and ``NAME_failures`` of every fuzzer in :data:`FUZZERS`."""
    figures: dict[str, float] = {}
    for name, run in FUZZERS:
        tries, failures = run()
        figures[f"{name}_tries"] = tries
        figures[f"{name}_failures"] = failures
    return figures
