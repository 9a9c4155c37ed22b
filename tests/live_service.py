"""The one way the tests start a live ``flixboard run``: a free port, its command line, and the
wait until it answers. ``tests/web/web_support.py`` (the page tests), ``tests/controller/
controller_live.py`` (restarts and kills) and ``tests/serial/searching_service.py`` (a board
found later) build on it."""

from __future__ import annotations

import itertools
import os
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import httpx

COMMAND = [sys.executable, "-m", "controller.cli"]
"""``flixboard`` of this checkout, whatever is installed."""
START_TIMEOUT_S = 60.0
"""A generous bound for a start on a loaded 2-core machine (a hang fails, speed is benched)."""
CLIENT_TLS = ssl.create_default_context()
"""The TLS context of the tests' HTTP clients of a service, made once: each client would make
its own (about 24 ms of processor time, reading the CA bundle), though they speak plain HTTP."""


FIRST_PORT = 20_000
PAST_LAST_PORT = 32_000
PORTS_PER_WORKER = 2_000
"""Each pytest-xdist worker hands out ports from a range of its own, below the system's
ephemeral ports (32768 on): a port a test frees for a moment (a service killed and started again
on it) is never taken meanwhile by another worker's test or by a client's connection."""
_offered: Iterator[int] | None = None
"""This process's range, walked round (made at the first ``free_port``)."""


def worker_ports(worker: str | None = None) -> range:
    """The ports of a pytest-xdist worker (``gw0``, ``gw1``, ...; ``PYTEST_XDIST_WORKER``)."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "gw0") if worker is None else worker
    ranges = (PAST_LAST_PORT - FIRST_PORT) // PORTS_PER_WORKER
    index = int(name.removeprefix("gw") or "0") % ranges
    start = FIRST_PORT + index * PORTS_PER_WORKER
    return range(start, start + PORTS_PER_WORKER)


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port of this worker's range that nobody listens on right now; the range is walked
    round, so a port comes back only after every other one was handed out."""
    global _offered
    ports = worker_ports()
    if _offered is None:
        _offered = itertools.cycle(ports)
    for port in itertools.islice(_offered, len(ports)):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port in {ports}")


def run_command(
    board: str | None,
    host: str,
    port: int,
    data_dir: Path,
    args: Sequence[str] = (),
    *,
    http: bool = True,
) -> list[str]:
    """``flixboard run --board BOARD --http HOST:PORT --data-dir DATA_DIR ARGS...`` (without
    ``--board`` when ``board`` is ``None``: the configuration's board; without ``--http`` when
    ``http`` is false: the configuration's ``[http] address``)."""
    chosen = ["--board", board] if board is not None else []
    address = ["--http", f"{host}:{port}"] if http else []
    return [*COMMAND, "run", *chosen, *address, "--data-dir", str(data_dir), *args]


def wait_answering(
    process: subprocess.Popen[bytes] | subprocess.Popen[str],
    url: str,
    log: Path,
    headers: Mapping[str, str] | None = None,
) -> None:
    """Wait until ``GET URL/api/state`` (with ``headers``) answers 200; fail with the service's
    log if it exits first or does not answer within ``START_TIMEOUT_S``."""
    deadline = time.monotonic() + START_TIMEOUT_S
    # One client for every try: a client of its own for each (``httpx.get``) costs about 20 ms
    # of processor time, more than the request, taken from the service that is starting.
    with httpx.Client(headers=headers, timeout=5, verify=CLIENT_TLS) as client:
        while True:
            if process.poll() is not None:
                output = log.read_text(encoding="utf-8", errors="replace")
                raise RuntimeError(f"flixboard run exited with {process.returncode}:\n{output}")
            try:
                if client.get(f"{url}/api/state").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                output = log.read_text(encoding="utf-8", errors="replace")
                raise RuntimeError(f"flixboard run did not answer in time:\n{output}")
            time.sleep(0.05)
