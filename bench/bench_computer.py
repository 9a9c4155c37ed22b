"""Bench probe: the board's latency while the computer thinks.

The board's reaction (a settled sensor change to the LED frame showing it, as in
``bench.bench_controller``) is measured while a strongest-level search runs without
pause, once in the search process the service uses (``thinking_latency_ms_p50`` / ``_p99``) and,
for comparison, once in a thread of the service's own process (``thread_thinking_latency_ms_*``),
which holds the interpreter's lock and is why the service does not search in a thread.
"""

from __future__ import annotations

import statistics
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from bench.bench_controller import placement_latencies
from controller.computer.think_worker import GameStart, Job, Thinker
from controller.computer.thinker import ProcessThinker
from engine.game import Action

PLACEMENTS = 1000
MOVETIME_S = 5.0
OPENING = ["R-I-S", "Y-II-H", "G-III-D", "B-IV-C", "R-II-H"]
"""A Qubic position where the search has work to do."""


def search_job(generation: int) -> Job:
    """A hint search (the strongest level) of Qubic after ``OPENING``."""
    return Job(
        generation=generation,
        purpose="hint",
        start=GameStart("qubic", 2, 1),
        actions=tuple(Action.from_json({"kind": "place", "hole": hole}) for hole in OPENING),
        levels={},
        seeds={0: 1, 1: 2},
        movetime=MOVETIME_S,
    )


@contextmanager
def searching_in_process() -> Iterator[None]:
    """A search process kept busy: a new search as soon as one ends."""
    thinker = ProcessThinker(1)
    thinker.submit(replace(search_job(1), movetime=0.01))
    if not thinker.wait(1, 60):  # the process has started and imported the engine
        raise RuntimeError("the search process did not answer")
    thinker.take()
    generation = 2

    def again() -> None:
        nonlocal generation
        if thinker.take():
            generation += 1
            thinker.submit(search_job(generation))

    thinker.notify = again
    thinker.submit(search_job(generation))
    try:
        yield
    finally:
        thinker.close()


@contextmanager
def searching_in_thread() -> Iterator[None]:
    """The same searches in a thread of this process."""
    stop = threading.Event()

    def work() -> None:
        thinker = Thinker()
        while not stop.is_set():
            thinker.answer(search_job(1), stop.is_set)

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    try:
        yield
    finally:
        stop.set()
        worker.join()


def _figures(latencies: list[float]) -> tuple[float, float]:
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return round(statistics.median(ordered) * 1000, 3), round(p99 * 1000, 3)


def measure() -> dict[str, float]:
    """The figures for ``python -m bench``."""
    figures: dict[str, float] = {}
    for label, searching in (("", searching_in_process), ("thread_", searching_in_thread)):
        with searching():
            p50, p99 = _figures(placement_latencies(PLACEMENTS))
        figures[f"{label}thinking_latency_ms_p50"] = p50
        figures[f"{label}thinking_latency_ms_p99"] = p99
    return figures
