"""The names the service answers to: a request whose ``Host`` is another name is refused.

A page of another site can make its own name point at this machine (DNS rebinding); its
requests then look same-site, but carry that name in ``Host``. The service answers only to IP
addresses, loopback names (``localhost``, ``*.localhost``), the name it is bound to, this
machine's name (``NAME`` and ``NAME.local``, when bound beyond loopback) and the names of the
``http.hosts`` setting.
"""

from __future__ import annotations

import ipaddress
import socket

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from controller.server.bodies import Answer, Error


def host_names(bound: str, configured: tuple[str, ...], *, loopback: bool) -> frozenset[str]:
    """The names (lower case) a service bound to ``bound`` answers to, IP addresses aside."""
    names = {"localhost", bound.lower(), *(name.lower().rstrip(".") for name in configured)}
    if not loopback:
        machine = socket.gethostname().lower()
        names |= {machine, f"{machine}.local"}
    return frozenset(names)


def name_of(host: str) -> str:
    """The name part of a ``Host`` header: ``[::1]:8640`` -> ``::1``, ``Board.:80`` -> ``board``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rpartition(":")[0].rstrip(".") if ":" in host else host.rstrip(".")


def answers_to(host: str, names: frozenset[str]) -> bool:
    """Whether a request with this ``Host`` header is meant for this service."""
    name = name_of(host)
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name in names or name.endswith(".localhost")


class HostCheck:
    """ASGI middleware: a request (HTTP or WebSocket) for another name is refused with 403."""

    def __init__(self, app: ASGIApp, names: frozenset[str]) -> None:
        self.app = app
        self.names = names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = Headers(scope=scope).get("host", "")
        if answers_to(host, self.names):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": "unknown host name"})
            return
        response = Answer(
            Error(
                f"refused: this board does not answer to the name {name_of(host)!r} "
                "(add it to the http.hosts setting if it is yours)"
            ),
            status_code=403,
        )
        await response(scope, receive, send)
