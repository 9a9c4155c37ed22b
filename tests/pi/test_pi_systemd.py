"""The sd_notify client against a real datagram socket standing in for systemd's NOTIFY_SOCKET."""

from __future__ import annotations

import asyncio
import os
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from controller.server.systemd_notify import SystemdNotifier


@pytest.fixture
def systemd(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    """A bound AF_UNIX datagram socket, as systemd listens, and its path."""
    path = str(tmp_path / "notify")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(path)
    listener.settimeout(10.0)
    yield listener, path
    listener.close()


def received(listener: socket.socket) -> str:
    return listener.recv(4096).decode()


def test_ready_watchdog_status_stopping(systemd: tuple[socket.socket, str]) -> None:
    listener, path = systemd
    notifier = SystemdNotifier.from_environment(
        {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}
    )
    assert notifier.enabled
    assert notifier.watchdog_interval == 15.0
    assert notifier.ready("board gpio, http 127.0.0.1:8640")
    assert received(listener) == "READY=1\nSTATUS=board gpio, http 127.0.0.1:8640"
    assert notifier.watchdog()
    assert received(listener) == "WATCHDOG=1"
    assert notifier.status("game over")
    assert received(listener) == "STATUS=game over"
    assert notifier.stopping()
    assert received(listener) == "STOPPING=1"
    notifier.close()
    notifier.close()


def test_an_abstract_socket_name() -> None:
    name = f"flixboard-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
        listener.bind("\0" + name)
        listener.settimeout(10.0)
        notifier = SystemdNotifier.from_environment({"NOTIFY_SOCKET": "@" + name})
        assert notifier.ready()
        assert received(listener) == "READY=1"
        notifier.close()


def test_outside_systemd_nothing_is_sent() -> None:
    notifier = SystemdNotifier.from_environment({})
    assert not notifier.enabled
    assert notifier.watchdog_interval is None
    assert not notifier.ready()
    assert not notifier.watchdog()
    assert not notifier.stopping()


def test_a_watchdog_meant_for_another_process_is_ignored(
    systemd: tuple[socket.socket, str],
) -> None:
    _, path = systemd
    notifier = SystemdNotifier.from_environment(
        {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}
    )
    assert notifier.watchdog_interval is None


def test_a_vanished_socket_does_not_stop_the_service(tmp_path: Path) -> None:
    notifier = SystemdNotifier(str(tmp_path / "gone"))
    assert not notifier.ready()
    assert not notifier.watchdog()


async def test_keep_alive_pings_from_the_event_loop(systemd: tuple[socket.socket, str]) -> None:
    listener, path = systemd
    notifier = SystemdNotifier.from_environment(
        {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "20000"}  # ping every 10 ms
    )
    task = asyncio.create_task(notifier.keep_alive())
    loop = asyncio.get_running_loop()
    pings = [await loop.run_in_executor(None, received, listener) for _ in range(3)]
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert pings == ["WATCHDOG=1"] * 3
    notifier.close()


async def test_keep_alive_returns_without_a_watchdog(systemd: tuple[socket.socket, str]) -> None:
    _, path = systemd
    await asyncio.wait_for(SystemdNotifier(path).keep_alive(), timeout=10.0)
