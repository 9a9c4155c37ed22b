"""Bench probe of the live stream's fan-out: ``GET /api/state`` while many WebSocket subscribers
watch a stream of orders, and the service's memory before, at its peak and after they left.

A real ``flixboard run`` (simulated board, settle time ``SETTLE_MS`` so orders come quickly) on a
free loopback port; a second process opens ``SUBSCRIBERS`` sockets to ``WS /api/events`` and
reads everything; this process plays ``ROUNDS`` rounds of orders (the simulator's hands seat a
Man, the service commits it once settled, ``undo`` takes it back, the hands lift it) and all
along times ``GET /api/state`` every ``GET_INTERVAL_S``, each on a fresh connection
(``http.client``).

- ``fanout_state_ms_p50`` / ``_p99``: those GETs;
- ``fanout_rss_mb_before`` (a game started, no subscriber yet), ``_peak`` (sampled after each
  GET), ``_after`` (the subscribers gone);
- ``fanout_subscribers``; ``fanout_messages`` (what one subscriber received, on average).

Memory is the service's resident set (``VmRSS``), read as ``rss_mb`` of the controller probe.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from bench.bench_controller import free_port, rss_mb
from bench.bench_scale import scaled
from engine.holes import HOLES as ALL_HOLES
from engine.holes import name

SUBSCRIBERS = 200
ROUNDS = 150
SETTLE_MS = 20
HOLES = tuple(name(hole) for hole in ALL_HOLES)
"""Taken in turn, so no hole changes often enough to count as a chattering sensor."""
GET_INTERVAL_S = 0.005
"""A GET is timed every so often (on a schedule, not back to back, so a GET that waits behind
a burst of sends counts as often as it would for a page asking at any moment)."""
ORDER_GAP_S = 0.02
"""At least this long between two orders, GETs timed meanwhile."""
WAIT_S = 10.0
"""The longest a round waits for the service to commit, or to see the Man lifted."""
START_TIMEOUT_S = 60.0
LEAVE_S = 2.0
"""How long the service gets to drop the subscribers that left before its memory is read."""


@dataclass
class FanoutFigures:
    """What a run measured."""

    state_ms: list[float]
    rss_mb_before: float
    rss_mb_peak: float
    rss_mb_after: float
    subscribers: int
    messages: float


class _Client:
    """Requests to the service, each on a fresh loopback connection."""

    def __init__(self, port: int) -> None:
        self.port = port

    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            data = None if body is None else json.dumps(body)
            headers = {} if body is None else {"Content-Type": "application/json"}
            connection.request(method, path, data, headers)
            response = connection.getresponse()
            answer = response.read()
            if response.status != 200:
                raise RuntimeError(f"{method} {path} answered {response.status}: {answer[:200]!r}")
            return json.loads(answer)
        finally:
            connection.close()


async def _subscribers(port: int, count: int) -> None:
    """The subscribers' process: ``count`` sockets reading everything; prints ``ready`` once
    each has its first state, then, when its input ends, the messages received and how many
    sockets the service closed."""
    from websockets.asyncio.client import ClientConnection, connect
    from websockets.exceptions import ConnectionClosed

    messages = [0] * count

    async def read(index: int, socket: ClientConnection) -> None:
        with suppress(ConnectionClosed):
            async for _ in socket:
                messages[index] += 1

    sockets = [
        await connect(f"ws://127.0.0.1:{port}/api/events", max_size=None, compression=None)
        for _ in range(count)
    ]
    readers = [asyncio.create_task(read(i, socket)) for i, socket in enumerate(sockets)]
    while not all(messages):
        await asyncio.sleep(0.01)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    closed = sum(reader.done() for reader in readers)
    await asyncio.gather(*(socket.close() for socket in sockets))
    await asyncio.gather(*readers)
    print(json.dumps({"messages": sum(messages), "closed": closed}), flush=True)


def run(subscribers: int = SUBSCRIBERS, rounds: int = ROUNDS) -> FanoutFigures:
    """Start the service, the subscribers and the orders; the figures."""
    port = free_port()
    client = _Client(port)
    with tempfile.TemporaryDirectory() as data:
        service = subprocess.Popen(
            [
                sys.executable, "-m", "controller.cli", "run",
                "--http", f"127.0.0.1:{port}", "--data-dir", data,
                "--set", f"board.settle_ms={SETTLE_MS}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        readers: subprocess.Popen[str] | None = None
        try:
            _wait_until_up(client, service)
            client.request("POST", "/api/new_game", {"variant": "qubic", "players": 2, "seed": 1})
            rss_before = rss_mb(service.pid)
            readers = subprocess.Popen(
                [sys.executable, "-m", __name__, str(port), str(subscribers)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            if _line(readers) != "ready":
                raise RuntimeError("the subscribers did not connect")
            timings: list[float] = []
            peak = [rss_before]
            due = [time.perf_counter()]

            def timed_get() -> dict[str, Any]:
                time.sleep(max(0.0, due[0] - time.perf_counter()))
                start = time.perf_counter()
                due[0] = max(due[0] + GET_INTERVAL_S, start)
                state: dict[str, Any] = client.request("GET", "/api/state")
                timings.append(time.perf_counter() - start)
                peak[0] = max(peak[0], rss_mb(service.pid))
                return state

            for index in range(rounds):
                _play_round(client, timed_get, HOLES[index % len(HOLES)])
            assert readers.stdin is not None
            readers.stdin.close()
            counts = json.loads(_line(readers))
            readers.wait(START_TIMEOUT_S)
            messages, closed = counts["messages"], counts["closed"]
            if closed:
                raise RuntimeError(f"the service closed {closed} subscribers that kept reading")
            time.sleep(LEAVE_S)
            rss_after = rss_mb(service.pid)
        finally:
            if readers is not None and readers.poll() is None:
                readers.kill()
                readers.wait()
            service.terminate()
            try:
                service.wait(timeout=20)
            except subprocess.TimeoutExpired:
                service.kill()
                service.wait()
    return FanoutFigures(
        state_ms=[t * 1000 for t in timings],
        rss_mb_before=rss_before,
        rss_mb_peak=peak[0],
        rss_mb_after=rss_after,
        subscribers=subscribers,
        messages=messages / subscribers,
    )


def _line(process: subprocess.Popen[str]) -> str:
    """The next line ``process`` prints (empty once it ended)."""
    assert process.stdout is not None
    return process.stdout.readline().strip()


def _wait_until_up(client: _Client, service: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while True:
        try:
            client.request("GET", "/api/state")
            return
        except OSError:
            if time.monotonic() > deadline or service.poll() is not None:
                raise RuntimeError("flixboard run did not start") from None
            time.sleep(0.1)


def _play_round(client: _Client, timed_get: Callable[[], dict[str, Any]], hole: str) -> None:
    """Seat a Man in ``hole``, wait for its commit, take it back, lift it, wait until it is
    seen lifted; GETs timed all along, at least ``ORDER_GAP_S`` between orders."""

    def until(done: Callable[[dict[str, Any]], bool], what: str) -> None:
        start = time.monotonic()
        state = timed_get()
        while not done(state) or time.monotonic() - start < ORDER_GAP_S:
            if time.monotonic() - start > WAIT_S:
                raise RuntimeError(f"the service did not {what} within {WAIT_S} s")
            state = timed_get()

    client.request("POST", "/api/sim/place", {"hole": hole})
    until(lambda state: hole in state["board"], "commit the Man")
    client.request("POST", "/api/undo", {})
    until(lambda state: not state["board"], "take the Man back")
    client.request("POST", "/api/sim/lift", {"hole": hole})
    until(lambda state: not state["sensed"] and not state["mismatch"]["extra"], "see it lifted")


def measure() -> dict[str, float]:
    """The fan-out figures for ``python -m bench``."""
    figures = run(scaled(SUBSCRIBERS), scaled(ROUNDS))
    timings = sorted(figures.state_ms)
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    return {
        "fanout_state_ms_p50": round(statistics.median(timings), 2),
        "fanout_state_ms_p99": round(p99, 2),
        "fanout_rss_mb_before": round(figures.rss_mb_before, 1),
        "fanout_rss_mb_peak": round(figures.rss_mb_peak, 1),
        "fanout_rss_mb_after": round(figures.rss_mb_after, 1),
        "fanout_subscribers": figures.subscribers,
        "fanout_messages": round(figures.messages, 1),
    }


if __name__ == "__main__":
    asyncio.run(_subscribers(int(sys.argv[1]), int(sys.argv[2])))
