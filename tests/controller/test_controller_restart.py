"""A restart asked on the settings page: the same process runs its command line again, and
systemd is told it reloads (not that it stops), then that it is ready again."""

from __future__ import annotations

import os
import re
import socket
from pathlib import Path

import httpx
import pytest

from tests.controller.controller_live import LiveService
from tests.waiting import wait_until

pytestmark = pytest.mark.live


def test_a_restart_runs_again_in_the_same_process_and_tells_systemd(tmp_path: Path) -> None:
    name = f"flixboard-restart-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)  # an abstract socket standing in for systemd's NOTIFY_SOCKET
        sock.settimeout(60)
        service = LiveService(tmp_path, env={"NOTIFY_SOCKET": "@" + name})
        service.start()
        client = httpx.Client(base_url=service.url, timeout=10)  # one for every poll
        try:
            assert service.process is not None
            pid = service.process.pid
            found = re.search(r"give it the token (\S+)", service.log.read_text())
            assert found, service.log.read_text()
            assert service.log.read_text().count(found.group(1)) == 1  # printed once
            auth = {"Authorization": f"Bearer {found.group(1)}"}
            run = client.get("/api/setup").json()["run"]
            answer = client.post("/api/settings/restart", headers=auth)
            assert answer.status_code == 202
            messages: list[str] = []
            while sum("READY=1" in m for m in messages) < 2:
                messages.append(sock.recv(4096).decode())

            def restarted() -> bool:
                try:
                    setup = client.get("/api/setup", timeout=5).json()
                except httpx.TransportError:
                    return False
                return bool(setup["run"] != run)

            wait_until(restarted, "the service to answer again")
            assert service.process.poll() is None and service.process.pid == pid
        finally:
            client.close()
            assert service.stop() == 0
    reloading = next(i for i, m in enumerate(messages) if "RELOADING=1" in m)
    assert "MONOTONIC_USEC=" in messages[reloading]
    assert not any("STOPPING=1" in m for m in messages)
    assert [i for i, m in enumerate(messages) if "READY=1" in m][1] > reloading
    log = service.log.read_text()
    assert log.count("flixboard: serving on") == 2
    assert "restarting with the new settings" in log
