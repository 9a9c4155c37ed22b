"""The MQTT connection of remote play (aiomqtt on the service's asyncio loop).

``Link`` keeps one connection to the broker: it connects, subscribes, calls ``on_connect`` (the
role says it is online and asks for what it missed), puts every message in its ``Inbox`` (limits,
queues and the guard of ``controller.remote.inbox``), lets the inbox hand them on and publishes
what is queued, in order. A lost connection is retried with a growing pause (up to
``RETRY_MAX_S``); what was queued meanwhile is sent once connected again. The link is
supervised: an error nobody foresaw ends the connection, not the link; it is counted
(``restarts``), shown, and the link starts again after the same growing pause. Everything runs
on the loop that runs the controller, so messages are handled between two board steps. aiomqtt
(the ``remote`` extra) is imported when a link starts: a service without it runs, and says what
to install when remote play is asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import logging
import socket
import ssl
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from controller.config import Config, ConfigError
from controller.core.state import LinkView, Peer
from controller.remote.inbox import SNAPSHOT_BYTES, Inbox
from controller.remote.link_history import LinkHistory
from engine.phrase import why

if TYPE_CHECKING:
    import aiomqtt

RETRY_MIN_S = 0.2
RETRY_MAX_S = 5.0
CANCEL_AGAIN_S = 0.1
"""How long a task of an ended connection may take to end before it is cancelled again."""
STOP_WAIT_S = 10
"""How long ``stop`` waits for a clean disconnect."""
OUTBOX_LIMIT = 10_000
"""Messages kept while the broker is away; the oldest go first (a snapshot replaces them)."""
QOS = 1
MAX_PACKET = SNAPSHOT_BYTES + 1024
"""The largest MQTT packet this side takes (the largest message read, its topic and header):
the broker drops a larger one unsent (MQTT 5 Maximum Packet Size), so its bytes never reach
this process."""

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Broker:
    """Where the broker is and how to log in: ``mqtt://`` or ``mqtts://`` (TLS)."""

    host: str
    port: int
    tls: bool
    username: str = ""
    password: str = ""
    ca_file: str = ""
    cert_file: str = ""
    key_file: str = ""
    keepalive_s: int = 10
    """A connection silent this long is pinged; one gone is noticed within 1.5 times it (by the
    broker, which then publishes this side's will)."""

    @classmethod
    def from_config(cls, config: Config) -> Broker:
        """The broker of ``[remote]``; ``ConfigError`` when none is set."""
        if importlib.util.find_spec("aiomqtt") is None:
            raise ConfigError(
                why("remote play needs its MQTT client: pip install 'flixboard[remote]'")
            )
        if not config.remote.broker:
            raise ConfigError(
                why(
                    'no broker: set [remote] broker = "mqtts://host:8883" or run with '
                    "--remote mqtt://127.0.0.1:1883"
                )
            )
        tls, host, port = parse_broker(config.remote.broker)
        return cls(
            host,
            port,
            tls,
            config.remote.username,
            config.remote.password,
            config.remote.ca_file,
            config.remote.cert_file,
            config.remote.key_file,
            config.remote.keepalive_s,
        )

    def tls_context(self) -> ssl.SSLContext | None:
        """The TLS context of an ``mqtts://`` broker: its CA (``ca_file``, else the system's)
        and this side's certificate when one is set."""
        if not self.tls:
            return None
        context = ssl.create_default_context(cafile=self.ca_file or None)
        if self.cert_file:
            context.load_cert_chain(self.cert_file, self.key_file or None)
        return context


def parse_broker(url: str) -> tuple[bool, str, int]:
    """``mqtt://host[:port]`` (default 1883) or ``mqtts://host[:port]`` (default 8883) ->
    ``(tls, host, port)``; a clear ``ConfigError`` otherwise."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("mqtt", "mqtts") or not parts.hostname:
        raise ConfigError(f"not a broker address: {url!r} (e.g. mqtts://broker.example:8883)")
    if parts.path not in ("", "/") or parts.query or parts.username:
        raise ConfigError(
            f"a broker address is mqtt[s]://host:port only, not {url!r} "
            "(put the login in [remote] username and password)"
        )
    try:
        port = parts.port
    except ValueError:
        raise ConfigError(f"bad port in the broker address {url!r}") from None
    tls = parts.scheme == "mqtts"
    return tls, parts.hostname, port or (8883 if tls else 1883)


@dataclass(frozen=True)
class Subscription:
    """A topic subscribed to with MQTT 5's options (a plain ``str`` takes none)."""

    topic: str
    no_local: bool = False
    """The broker does not send this connection's own messages back to it."""
    retain_as_published: bool = False
    """A message keeps the retain flag it was published with, also when it arrives live."""


class _LastError(logging.Handler):
    """The last error the MQTT client logged: a broker that hangs up on a client without the
    certificate it requires says why in a TLS alert, which the client logs and then reports
    only as a timeout."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.message: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        self.message = record.getMessage()


class Link:
    """One MQTT connection kept up (see the module docstring)."""

    def __init__(
        self,
        broker: Broker,
        *,
        subscriptions: Sequence[str | Subscription],
        inbox: Inbox,
        on_connect: Callable[[], None],
        will: Callable[[], tuple[str, bytes]] | None = None,
        history: LinkHistory | None = None,
    ) -> None:
        self.broker = broker
        self.subscriptions = subscriptions
        self.inbox = inbox
        self.on_connect = on_connect
        self.will = will
        self.state = "connecting"
        """``connecting``, ``connected``, ``reconnecting`` or ``stopped``."""
        self.error: str | None = None
        """Why the last connection ended (``None`` while connected)."""
        self.connects = 0
        self.restarts = 0
        """Connections ended by an error nobody foresaw (the link started again)."""
        self.internal_error: str | None = None
        """The last such error."""
        self.sent = 0
        self.received = 0
        self.history = LinkHistory() if history is None else history
        """The drops of this connection and its round trips to the broker."""
        self._outbox: deque[tuple[str, bytes, bool]] = deque(maxlen=OUTBOX_LIMIT)
        self._changes: deque[tuple[str | Subscription, bool]] = deque()
        """Subscriptions to take (``True``) or leave on the connection that is up."""
        self._ready = asyncio.Event()
        self._stopping = asyncio.Event()
        self._renewing = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._since = time.monotonic()
        self._last_error = _LastError()
        self._log = logging.Logger(f"{__name__}.mqtt")  # this link's own, unregistered
        self._log.parent = logging.getLogger(self._log.name)
        self._log.addHandler(self._last_error)

    # ---------------------------------------------------------------- what the roles use

    def publish(self, topic: str, payload: bytes, *, retain: bool = False) -> None:
        """Send ``payload`` (QoS 1) as soon as the broker is connected."""
        self._outbox.append((topic, payload, retain))
        self._ready.set()

    def resubscribe(self, subscriptions: Sequence[str | Subscription]) -> None:
        """Listen to ``subscriptions`` from now on: what is new is subscribed to and what is
        gone left on the connection that is up (a new connection subscribes to the list)."""
        old, new = set(self.subscriptions), set(subscriptions)
        self.subscriptions = subscriptions
        self._changes.extend([(topic, True) for topic in subscriptions if topic not in old])
        self._changes.extend([(topic, False) for topic in sorted(old - new, key=_topic_of)])
        self._ready.set()

    def renew(self) -> None:
        """Connect again at once (a clean disconnect: the will is not sent), so that the next
        connection carries a will made afresh."""
        self._renewing.set()

    async def flush(self, limit_s: float) -> None:
        """Wait (up to ``limit_s``) until what is queued has reached a connected broker."""
        deadline = time.monotonic() + limit_s
        while self._outbox and self.state == "connected" and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    def shown(
        self, peer: Peer, peer_gone_s: float | None, applied: int, dropped: dict[str, int]
    ) -> LinkView:
        """This link as ``/api/state`` shows it, with what its role knows of the other side."""
        return LinkView(
            state=self.state,
            for_s=round(time.monotonic() - self._since, 1),
            error=self.error,
            restarts=self.restarts,
            internal_error=self.internal_error,
            broker=f"{'mqtts' if self.broker.tls else 'mqtt'}://{self.broker.host}:"
            f"{self.broker.port}",
            peer=peer,
            peer_gone_s=peer_gone_s,
            applied=applied,
            dropped=dropped,
            history=self.history.shown(),
        )

    # ---------------------------------------------------------------- the connection

    def start(self) -> None:
        """Run on the current event loop until ``stop``."""
        self._task = asyncio.get_running_loop().create_task(self._supervise())

    async def stop(self) -> None:
        """Disconnect (the will is not sent: the role says it is gone only when it leaves).
        Never raises: a link is left in every state."""
        self._stopping.set()
        if self._task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._task), STOP_WAIT_S)
            except TimeoutError:
                self._task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._task
            except Exception:  # the supervisor catches all; this is the last net
                log.warning("the MQTT link ended with an error", exc_info=True)
        self._set("stopped")

    def _set(self, state: str) -> None:
        if state != self.state:
            if state == "reconnecting" and self.state == "connected":
                self.history.lost("broker")
            elif self.state == "reconnecting":
                self.history.back("broker")
            self.state = state
            self._since = time.monotonic()

    def _client(self) -> aiomqtt.Client:
        import aiomqtt
        from paho.mqtt.packettypes import PacketTypes
        from paho.mqtt.properties import Properties

        broker = self.broker
        will = None
        if self.will is not None:  # made for each connection: it names that connection
            topic, payload = self.will()
            will = aiomqtt.Will(topic, payload, qos=QOS, retain=True)
        properties: Callable[[int], Properties] = Properties  # paho leaves __init__ untyped
        connect = properties(PacketTypes.CONNECT)
        connect.MaximumPacketSize = MAX_PACKET
        return aiomqtt.Client(
            broker.host,
            broker.port,
            username=broker.username or None,
            password=broker.password or None,
            tls_context=broker.tls_context(),
            will=will,
            protocol=aiomqtt.ProtocolVersion.V5,
            properties=connect,
            queue_type=self._arrivals(),
            logger=self._log,
            keepalive=broker.keepalive_s,
            timeout=broker.keepalive_s,
            # a move is one small message: send it now, not after the peer's delayed ACK
            socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)],
        )

    async def _supervise(self) -> None:
        """Run the connection; an error ``_run`` does not foresee ends the connection, is
        counted and shown, and the link starts again after a growing pause."""
        pause = RETRY_MIN_S
        while not self._stopping.is_set():
            try:
                await self._run()
            except Exception as error:
                self.restarts += 1
                self.internal_error = f"{type(error).__name__}: {error}"[:300]
                self.error = f"restarted after an internal error ({self.internal_error})"
                log.warning("the MQTT link restarts after an error", exc_info=True)
                self._set("reconnecting")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), pause)
                pause = min(pause * 2, RETRY_MAX_S)

    async def _run(self) -> None:
        import aiomqtt

        pause = RETRY_MIN_S
        while not self._stopping.is_set():
            self._last_error.message = None
            try:
                async with self._client() as client:
                    self._changes.clear()
                    for subscription in self.subscriptions:
                        await _subscribe(client, subscription)
                    self.connects += 1
                    self.error = None
                    self._set("connected")
                    pause = RETRY_MIN_S
                    self.on_connect()
                    await self._serve(client)
            except (aiomqtt.MqttError, OSError, ssl.SSLError) as error:
                self.error = str(error) or type(error).__name__
                if self._last_error.message:
                    self.error += f" ({self._last_error.message})"
            if self._stopping.is_set():
                return
            if self._renewing.is_set():
                self._renewing.clear()
                continue
            self._set("reconnecting")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), pause)
            pause = min(pause * 2, RETRY_MAX_S)

    async def _serve(self, client: aiomqtt.Client) -> None:
        """Read and send until the connection ends (``MqttError``) or ``stop``."""
        tasks = {
            asyncio.create_task(self._read(client)),
            asyncio.create_task(self._send(client)),
            asyncio.create_task(self.inbox.serve()),
            asyncio.create_task(self._stopping.wait()),
            asyncio.create_task(self._renewing.wait()),
        }
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            await _cancelled(tasks)
        for task in done:
            error = task.exception()
            if error is not None:
                raise error

    def _arrivals(self) -> type[asyncio.Queue[aiomqtt.Message]]:
        """aiomqtt's queue of the messages read, replaced: each goes to the inbox (its checks
        and bounds) the moment it is read, so none waits unbounded in aiomqtt's queue (whose
        reader takes a task a message, slower than a flood comes)."""
        import aiomqtt

        arrived = self._arrived

        class Arrivals(asyncio.Queue[aiomqtt.Message]):
            def put_nowait(self, item: aiomqtt.Message) -> None:
                arrived(item)

        return Arrivals

    def _arrived(self, message: aiomqtt.Message) -> None:
        payload = message.payload
        if isinstance(payload, bytearray):
            payload = bytes(payload)
        if isinstance(payload, bytes):
            self.received += 1
            self.inbox.put(message.topic.value, payload, message.retain)

    async def _read(self, client: aiomqtt.Client) -> None:
        """Wait until the connection ends (the messages themselves go to ``_arrived``)."""
        async for _ in client.messages:
            pass

    async def _send(self, client: aiomqtt.Client) -> None:
        while True:
            await self._ready.wait()
            self._ready.clear()
            while self._changes:
                subscription, take = self._changes[0]
                if take:
                    await _subscribe(client, subscription)
                else:
                    await client.unsubscribe(_topic_of(subscription))
                self._changes.popleft()
            while self._outbox:
                topic, payload, retain = self._outbox[0]
                started = time.monotonic()
                await client.publish(topic, payload, qos=QOS, retain=retain)  # until its PUBACK
                self.history.round_trip(time.monotonic() - started)
                self._outbox.popleft()
                self.sent += 1


def _topic_of(subscription: str | Subscription) -> str:
    return subscription if isinstance(subscription, str) else subscription.topic


async def _subscribe(client: aiomqtt.Client, subscription: str | Subscription) -> None:
    if isinstance(subscription, str):
        await client.subscribe(subscription, qos=QOS)
        return
    from paho.mqtt.subscribeoptions import SubscribeOptions

    options = SubscribeOptions(
        qos=QOS,
        noLocal=subscription.no_local,
        retainAsPublished=subscription.retain_as_published,
    )
    await client.subscribe(subscription.topic, options=options)


async def _cancelled(tasks: set[asyncio.Task[Any]]) -> None:
    """Cancel ``tasks`` and wait until each has ended, cancelling again what goes on: a task
    whose ``asyncio.wait_for`` finished at the moment it was cancelled (a publish acknowledged
    then) does not see that cancel (Python 3.11) and would wait on for ever."""
    pending = tasks
    while pending:
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=CANCEL_AGAIN_S)
    await asyncio.gather(*tasks, return_exceptions=True)
