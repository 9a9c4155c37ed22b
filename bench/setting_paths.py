"""How a real ``flixboard run`` takes a path setting that names no file of its kind: the time of
the refusal and the service's memory before and after, for ``board.geometry`` set by the
settings page (``/dev/zero``, ``/dev/urandom``, a FIFO, a folder) and for every path setting
given on the command line (the time until the start stops).

``python -m bench.setting_paths`` prints one JSON line per case.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from bench.bench_controller import rss_mb

TOKEN = "bench-setting-paths-token"
PATH_SETTINGS = (
    "board.geometry",
    "remote.ca_file",
    "remote.cert_file",
    "remote.key_file",
    "homeassistant.ha_ca_file",
    "voice.piper_voice",
)
COMMAND = [sys.executable, "-m", "controller.cli", "run", "--board", "sim"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="setting-paths-"))
    try:
        run(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run(folder: Path) -> None:
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    hostile = ["/dev/zero", "/dev/urandom", str(fifo), str(folder)]
    port = free_port()
    data = ["--data-dir", str(folder / "data"), "--set", f"http.token={TOKEN}"]
    service = subprocess.Popen(
        [*COMMAND, "--http", f"127.0.0.1:{port}", *data], stdout=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}/api/settings"
    auth = {"Authorization": f"Bearer {TOKEN}"}
    try:
        while True:
            try:
                httpx.get(url, headers=auth, timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        for path in hostile:
            before = rss_mb(service.pid)
            start = time.monotonic()
            answer = httpx.post(
                url, json={"board": {"geometry": path}}, headers=auth, timeout=600
            )
            took = time.monotonic() - start
            grown = rss_mb(service.pid) - before
            print(json.dumps({"page": "board.geometry", "path": path,
                              "status": answer.status_code, "s": round(took, 3),
                              "rss_grown_mb": round(grown, 1)}), flush=True)
    finally:
        service.terminate()
        service.wait(timeout=30)
    for key in PATH_SETTINGS:
        for path in hostile:
            start = time.monotonic()
            ended = subprocess.run(
                [*COMMAND, "--http", "127.0.0.1:0", *data, "--set", f"{key}={json.dumps(path)}"],
                capture_output=True, timeout=600,
            )
            print(json.dumps({"command_line": key, "path": path, "exit": ended.returncode,
                              "s": round(time.monotonic() - start, 3)}), flush=True)


if __name__ == "__main__":
    main()
