"""Tell systemd how the service is doing (``sd_notify``), with no dependency.

Under a ``Type=notify`` unit, systemd sets ``NOTIFY_SOCKET`` (a datagram socket path, or
``@name`` for an abstract one) and, with ``WatchdogSec=``, ``WATCHDOG_USEC`` (and
``WATCHDOG_PID``). The service sends ``READY=1`` once it serves, ``WATCHDOG=1`` at least every
``WATCHDOG_USEC`` (we ping at half of it, from the asyncio loop, so a stuck loop gets the service
restarted), ``STATUS=...`` for ``systemctl status``, and ``STOPPING=1`` when shutting down.
Outside systemd every call does nothing.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections.abc import Mapping

log = logging.getLogger(__name__)


class SystemdNotifier:
    """Datagrams to systemd's notification socket; a no-op without one."""

    def __init__(self, socket_path: str | None, watchdog_interval: float | None = None) -> None:
        self.socket_path = socket_path
        self.watchdog_interval = watchdog_interval
        """Seconds between watchdog pings (half of ``WATCHDOG_USEC``), or ``None``."""
        self._socket: socket.socket | None = None
        self._warned = False

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> SystemdNotifier:
        """A notifier for the socket and watchdog that systemd gave this process."""
        env = os.environ if environ is None else environ
        interval: float | None = None
        usec, pid = env.get("WATCHDOG_USEC", ""), env.get("WATCHDOG_PID", "")
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            interval = int(usec) / 2_000_000
        return cls(env.get("NOTIFY_SOCKET") or None, interval)

    @property
    def enabled(self) -> bool:
        """Whether systemd listens (the process runs under a ``Type=notify`` unit)."""
        return self.socket_path is not None

    def notify(self, *fields: str) -> bool:
        """Send ``KEY=value`` fields in one datagram; ``False`` when nothing could be sent."""
        if self.socket_path is None:
            return False
        address = self.socket_path
        if address.startswith("@"):
            address = "\0" + address[1:]
        try:
            if self._socket is None:
                self._socket = socket.socket(
                    socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC
                )
            self._socket.sendto("\n".join(fields).encode(), address)
        except OSError as error:
            if not self._warned:
                log.warning("cannot notify systemd at %s: %s", self.socket_path, error)
                self._warned = True
            return False
        return True

    def ready(self, status: str | None = None) -> bool:
        """The service is up: the board is open and the HTTP server listens."""
        return self.notify("READY=1", *([f"STATUS={status}"] if status else []))

    def status(self, text: str) -> bool:
        """A one-line state for ``systemctl status``."""
        return self.notify(f"STATUS={text}")

    def watchdog(self) -> bool:
        """The service is alive."""
        return self.notify("WATCHDOG=1")

    def stopping(self, status: str | None = None) -> bool:
        """The service is shutting down."""
        return self.notify("STOPPING=1", *([f"STATUS={status}"] if status else []))

    async def keep_alive(self) -> None:
        """Ping the watchdog every ``watchdog_interval`` seconds, from the event loop, until
        cancelled (returns at once without a watchdog)."""
        if self.watchdog_interval is None or not self.enabled:
            return
        while True:
            self.watchdog()
            await asyncio.sleep(self.watchdog_interval)

    def close(self) -> None:
        """Close the socket. Safe to call twice."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    def __repr__(self) -> str:
        where = self.socket_path or "no socket"
        return f"<SystemdNotifier {where} watchdog={self.watchdog_interval}>"
