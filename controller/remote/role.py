"""What the host and a joined board share: the link, signed messages, the drop counters and
the other side's presence. Every message passes the link's ``Inbox`` (limits, queues, a guard)
before ``_received`` reads it."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from controller.core.board_controller import BoardController
from controller.remote import messages
from controller.remote.codes import Keys
from controller.remote.inbox import Inbox
from controller.remote.link import Broker, Link
from controller.remote.messages import Malformed
from controller.remote.signing import opened, seal

Order = Callable[[Callable[[float], None]], None]
"""The service's ``order``: carry out a change on the controller now, then show it."""
Handler = Callable[[dict[str, Any], float], None]
DROPS = ("forged", "malformed", "stale", "duplicate", "refused", "overflow")
"""Why messages were dropped: a wrong MAC; signed but not a message of this version; of an
older position or game; a copy of one already applied; an order the host does not apply; a log
entry too far ahead of a gap to be kept (the inbox counts its own: ``inbox.Dropped``)."""


class Role:
    """One side of a remote game (``Host``, ``Guest``)."""

    side = ""
    peer = ""

    def __init__(self, controller: BoardController, broker: Broker, keys: Keys, order: Order):
        self.ctl = controller
        self.keys = keys
        self.order = order
        self.dropped = dict.fromkeys(DROPS, 0)
        self.applied = 0
        """Messages that changed the game (entries applied, orders carried out)."""
        self.peer_online: bool | None = None
        self._peer_since = time.monotonic()
        self._nonce = secrets.token_hex(8)
        self.handlers: dict[str, Handler] = {f"{messages.PRESENCE}/{self.peer}": self.presence}
        inbox = Inbox(messages.topic(keys.game_id, ""), self.listens(), self._received)
        self.link = Link(
            broker,
            subscriptions=[messages.topic(keys.game_id, leaf) for leaf in self.listens()],
            inbox=inbox,
            on_connect=self._connected,
            will=(
                self.topic(f"{messages.PRESENCE}/{self.side}"),
                self.sealed(
                    f"{messages.PRESENCE}/{self.side}",
                    messages.presence_body(self.side, False, self._nonce),
                ),
            ),
        )

    def listens(self) -> list[str]:
        """The leaves of this side's subscriptions."""
        return [f"{messages.PRESENCE}/{self.peer}"]

    def topic(self, leaf: str, keys: Keys | None = None) -> str:
        return messages.topic((keys or self.keys).game_id, leaf)

    def sealed(self, leaf: str, body: dict[str, Any], keys: Keys | None = None) -> bytes:
        keys = keys or self.keys
        return seal(keys.mac_key, self.topic(leaf, keys), body)

    def send(
        self, leaf: str, body: dict[str, Any], *, keys: Keys | None = None, retain: bool = False
    ) -> None:
        self.link.publish(self.topic(leaf, keys), self.sealed(leaf, body, keys), retain=retain)

    # ---------------------------------------------------------------- receiving

    def _received(self, topic: str, payload: bytes) -> None:
        """Read one message the inbox let through."""
        prefix = messages.topic(self.keys.game_id, "")
        leaf = topic[len(prefix) :] if topic.startswith(prefix) else ""
        handler = self.handlers.get(leaf)
        if handler is None:
            return
        body = opened(self.keys.mac_key, topic, payload)
        if body is None:
            self.dropped["forged"] += 1
            return

        def handle(now: float) -> None:
            try:
                handler(body, now)
            except Malformed:
                self.dropped["malformed"] += 1

        self.order(handle)

    def _connected(self) -> None:
        leaf = f"{messages.PRESENCE}/{self.side}"
        self.send(leaf, messages.presence_body(self.side, True, self._nonce), retain=True)
        self.on_connect()

    def on_connect(self) -> None:
        """Connected (again): what this side sends first."""

    def presence(self, body: dict[str, Any], now: float) -> None:
        side, online = messages.read_presence(body)
        if side != self.peer:
            raise Malformed(f"a presence of {side} on the {self.peer}'s topic")
        if online != self.peer_online:
            self.peer_online = online
            self._peer_since = time.monotonic()

    # ---------------------------------------------------------------- the state

    def link_json(self) -> dict[str, Any]:
        """The link as ``/api/state`` shows it: the connection, the other side, the drops."""
        gone = None
        if self.peer_online is False:
            gone = round(time.monotonic() - self._peer_since, 1)
        return {
            **self.link.state_json(),
            "peer": {None: "unknown", True: "online", False: "gone"}[self.peer_online],
            "peer_gone_s": gone,
            "applied": self.applied,
            "dropped": {**self.dropped, **self.link.inbox.dropped},
        }

    def start(self) -> None:
        self.link.start()

    async def stop(self) -> None:
        await self.link.stop()
