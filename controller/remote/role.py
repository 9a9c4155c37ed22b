"""What the host and a joined board share: the link, sealed messages, the drop counters and
the other side's presence. Every message passes the link's ``Inbox`` (limits, queues, a guard)
before ``_received`` reads it."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from controller.core.board_controller import BoardController
from controller.core.state import LinkView, Peer
from controller.game_data import NewGameData
from controller.remote import messages
from controller.remote.inbox import Inbox
from controller.remote.link import Broker, Link
from controller.remote.link_history import KEPT_FILE, LinkHistory
from controller.remote.messages import Malformed, Message, Presence, Side
from controller.remote.sealing import Opener, Sealer

Order = Callable[[Callable[[float], None]], None]
"""The service's ``order``: carry out a change on the controller now, then show it."""
Handler = Callable[[Message, float], None]
"""Reads one message of its topic (``Malformed`` when it is of another kind) at ``now``."""
DROPS = ("forged", "malformed", "stale", "duplicate", "refused", "overflow")
"""Why messages were dropped: not sealed with the sender's key (or without the host's proof);
sealed but not a message of this version; of an older position, game or connection; a copy of
one already taken (a replay, or QoS 1 delivering twice); an order the host does not apply; a log
entry too far ahead of a gap to be kept (the inbox counts its own: ``inbox.Dropped``)."""
RETAINED = (messages.SNAPSHOT, *(f"{messages.PRESENCE}/{side}" for side in messages.SIDES))
"""Leaves whose messages the broker keeps and delivers again on every new subscription."""
LEAVE_FLUSH_S = 3.0
"""How long leaving waits for its goodbye and the cleared retained messages to reach the
broker."""


class Role:
    """One side of a remote game (``Host``, ``Guest``). ``sealer`` seals what this side sends
    (``None``: a spectator, which sends nothing); ``opener`` opens the other side's messages
    (``None`` until it is known: a host before its guest joined)."""

    side: Side
    peer: Side

    def __init__(
        self,
        controller: BoardController,
        broker: Broker,
        game_id: str,
        order: Order,
        sealer: Sealer | None,
        opener: Opener | None,
    ) -> None:
        self.ctl = controller
        self.game_id = game_id
        self.order = order
        self.sealer = sealer
        self.opener = opener
        self.dropped = dict.fromkeys(DROPS, 0)
        self.applied = 0
        """Messages that changed the game (entries applied, orders carried out)."""
        self.peer_online: bool | None = None
        self.peer_left = False
        self._peer_rank: tuple[int, int] = (0, -1)
        self._peer_since = time.monotonic()
        self._since = 0
        """The number of this connection's will; its presences carry it."""
        self.handlers: dict[str, Handler] = {f"{messages.PRESENCE}/{self.peer}": self.presence}
        inbox = Inbox(self.topic(""), self.listens(), self._received, others=self.hears_others)
        self.link = Link(
            broker,
            subscriptions=self.subscriptions(),
            inbox=inbox,
            on_connect=self._connected,
            will=self._will if sealer is not None else None,
            history=LinkHistory(self._data_dir(KEPT_FILE), game_id),
        )

    def _data_dir(self, name: str) -> Path | None:
        """File ``name`` of this board's data directory (``None``: a journal in memory)."""
        path = self.ctl.session.journal.path
        return None if path is None else path.parent / name

    hears_others = False
    """Whether this side subscribes outside its game's tree (the host: the codes' exchanges)."""

    def listens(self) -> list[str]:
        """The leaves of this side's subscriptions in the game's tree."""
        return [f"{messages.PRESENCE}/{self.peer}"]

    def subscriptions(self) -> list[str]:
        return [self.topic(leaf) for leaf in self.listens()]

    def topic(self, leaf: str) -> str:
        return messages.topic(self.game_id, leaf)

    def send(self, leaf: str, body: Message, *, retain: bool = False) -> None:
        """Seal ``body`` and publish it on ``leaf`` (a spectator sends nothing)."""
        if self.sealer is not None:
            topic = self.topic(leaf)
            self.link.publish(topic, self.sealer.seal(topic, body), retain=retain)

    # ---------------------------------------------------------------- presence

    def _presence(self, online: bool, left: bool = False) -> Presence:
        return Presence(self.side, online, self._since, left)

    def _will(self) -> tuple[str, bytes]:
        """This connection's will: gone, numbered before anything the connection sends."""
        assert self.sealer is not None
        self._since = self.sealer.next_seq()
        topic = self.topic(f"{messages.PRESENCE}/{self.side}")
        return topic, self.sealer.seal(topic, self._presence(False), seq=self._since)

    def _connected(self) -> None:
        self.send(f"{messages.PRESENCE}/{self.side}", self._presence(True), retain=True)
        self.on_connect()

    def on_connect(self) -> None:
        """Connected (again): what this side sends first."""

    def presence(self, message: Message, now: float) -> None:
        """The other side's presence, taken only when it is newer than the last one taken: a
        replayed will of an earlier connection does not show a live side as gone."""
        presence = messages.expect(message, Presence)
        if presence.side != self.peer:
            raise Malformed(f"a presence of {presence.side} on the {self.peer}'s topic")
        if presence.rank() <= self._peer_rank:  # a copy (live and retained) or an older one
            self.dropped["duplicate" if presence.rank() == self._peer_rank else "stale"] += 1
            return
        self._peer_rank = presence.rank()
        shown = (self.peer_left, self.peer_online)
        self.peer_left = presence.left
        if presence.online != self.peer_online:
            if not presence.online and not presence.left:
                self.link.history.lost("peer")
            elif self.peer_online is False:
                self.link.history.back("peer")
            self.peer_online = presence.online
            self._peer_since = time.monotonic()
        if presence.left:  # gone for good: its drop ends here
            self.link.history.back("peer")
        if (self.peer_left, self.peer_online) != shown:
            self.ctl.restate()  # the pages' turn line says it at once

    # ---------------------------------------------------------------- receiving

    def _received(self, topic: str, payload: bytes) -> None:
        """Read one message the inbox let through."""
        prefix = messages.topic(self.game_id, "")
        if not topic.startswith(prefix):
            self.on_other(topic, payload)
            return
        leaf = topic[len(prefix) :]
        handler = self.handlers.get(leaf)
        if handler is None or not payload:  # an empty retained message clears a topic
            return
        if self.opener is None:
            self.dropped["forged"] += 1
            return
        opened = self.opener.open(topic, payload)
        if opened.verdict == "duplicate" and leaf in RETAINED:
            return  # a retained message seen before, delivered again on connecting again
        if opened.verdict != "ok":
            self.dropped[opened.verdict] += 1
            return
        try:
            message = messages.decode(opened.text)
        except Malformed:
            self.dropped["malformed"] += 1
            return

        def handle(now: float) -> None:
            try:
                handler(message, now)
            except Malformed:
                self.dropped["malformed"] += 1

        self.order(handle)

    def refuses_game(self, entry: NewGameData) -> str | None:
        """Why this side may not start the game of ``entry`` (its options); ``refuses`` says
        it of the variant."""
        return None

    def on_other(self, topic: str, payload: bytes) -> None:
        """A message outside the game's tree (the host's join exchanges)."""

    # ---------------------------------------------------------------- the state

    def link_shown(self) -> LinkView:
        """The link as ``/api/state`` shows it: the connection, the other side, the drops."""
        gone = None
        if self.peer_online is False:
            gone = round(time.monotonic() - self._peer_since, 1)
        peers: dict[bool | None, Peer] = {None: "unknown", True: "online", False: "gone"}
        peer = peers[self.peer_online]
        return self.link.shown(
            "left" if self.peer_left else peer,
            gone,
            self.applied,
            {**self.dropped, **self.link.inbox.counts()},
        )

    def retained(self) -> list[str]:
        """The leaves this side publishes retained (cleared when it leaves)."""
        return [f"{messages.PRESENCE}/{self.side}"]

    def start(self) -> None:
        self.link.start()

    async def leave(self) -> None:
        """Say so (``left``), clear this side's retained messages, and close the link."""
        if self.sealer is not None:
            self.send(f"{messages.PRESENCE}/{self.side}", self._presence(False, left=True))
            for leaf in self.retained():
                self.link.publish(self.topic(leaf), b"", retain=True)
            await self.link.flush(LEAVE_FLUSH_S)
        await self.stop()

    async def stop(self) -> None:
        await self.link.stop()
