"""The connection to Home Assistant: discovery configs, the state, the buttons.

``HomeAssistant`` keeps one MQTT connection (``controller.remote.link.Link``: the same
reconnects, TLS and logins as remote play) whose last will marks the board ``offline``. On
every connect it sends the retained discovery configs, ``online`` and the latest state; after
that the state goes whenever it changes, at most once per ``state_every_s`` (the latest state
always goes; none is queued while the broker is away). It listens to its own retained topics
and sends its own message again when someone else overwrites one (``guard.Keeper``).

The buttons exist only where ``[homeassistant] buttons`` asks for them and the broker has a
login (``buttons_of``): elsewhere anyone on the broker could press them, so their configs are
cleared and no command topic is subscribed to. A press that arrives retained, or sooner than
``guard.PRESS_GAP_S`` after the last one of its button, is dropped; one that passes becomes the
order the page's button sends (``Buttons``); one the game refuses is logged and changes
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import sys
import traceback
from collections.abc import Callable
from typing import Protocol

from controller.config import Config, ConfigError
from controller.core.state import State
from controller.homeassistant.entities import (
    BUTTONS,
    OFFLINE,
    ONLINE,
    PRESS,
    Topics,
    discovery_messages,
)
from controller.homeassistant.guard import Arrivals, Keeper, PressRate
from controller.homeassistant.snapshot import snapshot
from controller.remote.link import Broker, Link, Subscription, parse_broker

FLUSH_WAIT_S = 2.0
"""How long a clean stop waits for ``offline`` to reach the broker."""
DROPS_SAID = 100
"""A kind of message dropped is logged at its first and then at every this many."""


class Refused(Exception):
    """A press the game (or the sender's rate) does not take now; the message says why."""


class Buttons(Protocol):
    """The orders a button of the device gives, with the page's rules; each raises ``Refused``
    when the page would be refused."""

    def roll(self) -> None:
        """Throw the dice, as the page's Roll button."""

    def new_game(self) -> None:
        """Start a new game like the one being played, as the page's New game form, but
        only before the first Man of the game being played or after its end."""


def broker_of(config: Config) -> Broker:
    """``[homeassistant] ha_broker`` with its login, else the ``[remote]`` broker with its
    login and TLS files; ``ConfigError`` when neither is set."""
    if not config.homeassistant.ha_broker:
        if not config.remote.broker:
            raise ConfigError(
                "Home Assistant discovery needs a broker: set [homeassistant] ha_broker "
                '(e.g. "mqtt://homeassistant.local:1883") or [remote] broker'
            )
        return Broker.from_config(config)
    if importlib.util.find_spec("aiomqtt") is None:
        raise ConfigError(
            "Home Assistant discovery needs its MQTT client: pip install 'flixboard[remote]'"
        )
    tls, host, port = parse_broker(config.homeassistant.ha_broker)
    return Broker(
        host,
        port,
        tls,
        config.homeassistant.ha_username,
        config.homeassistant.ha_password,
        config.homeassistant.ha_ca_file,
        keepalive_s=config.remote.keepalive_s,
    )


def buttons_of(config: Config, broker: Broker) -> bool:
    """Whether the device has its buttons: ``[homeassistant] buttons`` and a broker that asks
    for a login (a username, or a client certificate over TLS). Asked for without a login, the
    buttons are left out and the log says why."""
    if not config.homeassistant.buttons:
        return False
    if broker.username or (broker.tls and broker.cert_file):
        return True
    _say(
        "buttons = true is ignored: the broker takes no login from this board, so anyone on "
        "it could press them; only the sensors are announced (docs/home-assistant.md)"
    )
    return False


class HomeAssistant:
    """The board as a Home Assistant device (see the module docstring)."""

    def __init__(self, config: Config, state: Callable[[], State], buttons: Buttons) -> None:
        self.config = config
        self.topics = Topics.from_config(config)
        self._state = state
        self._buttons = buttons
        broker = broker_of(config)
        self.has_buttons = buttons_of(config, broker)
        commands = BUTTONS if self.has_buttons else ()
        self._commands = {self.topics.command(b.object_id): b.object_id for b in commands}
        self.keeper = Keeper(self._publish)
        own = [topic for topic, _ in discovery_messages(config, self.has_buttons)]
        own += [self.topics.state, self.topics.availability]
        prefix = f"{self.topics.base}/"
        inbox = Arrivals(
            prefix,
            [topic[len(prefix) :] for topic in self._commands],
            self._on_message,
            watched=frozenset(own),
            heard=self.keeper.heard,
            retained=self._on_retained,
        )
        self.link = Link(
            broker,
            subscriptions=[
                *(Subscription(topic, retain_as_published=True) for topic in self._commands),
                *(Subscription(topic, no_local=True) for topic in own),
            ],
            inbox=inbox,
            on_connect=self._on_connect,
            will=lambda: (self.topics.availability, OFFLINE.encode()),
        )
        self.rate = PressRate()
        self.dropped: dict[str, int] = {}
        """Messages on the command topics dropped here, by reason (each logged at first)."""
        self._queued = 0
        self._changed = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    # ---------------------------------------------------------------- the service's side

    def start(self) -> None:
        """Connect and send on the current event loop until ``stop``."""
        self.link.start()
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._send_states()),
            loop.create_task(self.keeper.restore()),
        ]

    def changed(self) -> None:
        """The board's state may have changed: send it (rate-limited)."""
        self._changed.set()

    async def stop(self) -> None:
        """Say ``offline`` (a clean stop sends no will), then disconnect."""
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self.link.state == "connected":
            self.keeper.send(self.topics.availability, OFFLINE.encode())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._flushed(), FLUSH_WAIT_S)
        await self.link.stop()

    # ---------------------------------------------------------------- sending

    def _publish(self, topic: str, payload: bytes) -> None:
        self._queued += 1
        self.link.publish(topic, payload, retain=True)

    async def _flushed(self) -> None:
        while self.link.sent < self._queued:
            await asyncio.sleep(0.02)

    def _on_connect(self) -> None:
        for topic, payload in discovery_messages(self.config, self.has_buttons):
            self.keeper.send(topic, payload)
        self.keeper.send(self.topics.availability, ONLINE.encode())
        self.keeper.sent.pop(self.topics.state, None)  # sent again below, whatever it was
        self._changed.set()

    async def _send_states(self) -> None:
        while True:
            await self._changed.wait()
            self._changed.clear()
            if self.link.state != "connected":
                continue  # the next connect sends the state of then (``_on_connect``)
            payload = snapshot(self._state()).to_bytes()
            if payload == self.keeper.sent.get(self.topics.state):
                continue
            self.keeper.send(self.topics.state, payload)
            await asyncio.sleep(self.config.homeassistant.state_every_s)

    # ---------------------------------------------------------------- the buttons

    def _on_retained(self, topic: str) -> None:
        self._drop("retained", f"a retained message on {topic}: a press is never retained")

    def _on_message(self, topic: str, payload: bytes) -> None:
        button = self._commands.get(topic)
        if button is None or payload != PRESS.encode():
            self._drop("not a press", f"{payload[:40]!r} on {topic}")
            return
        if not self.rate.take(button):
            self._drop("too soon", f"a press of {button}: one a button a second at most")
            return
        try:
            if button == "roll":
                self._buttons.roll()
            else:
                self._buttons.new_game()
        except Refused as error:
            _say(f"{button} refused: {error}")
        except Exception:  # a fault, as a 500 of the page: said, and the link stays up
            _say(f"{button} failed:\n{traceback.format_exc()}")

    def _drop(self, reason: str, what: str) -> None:
        """Count a message dropped for ``reason``; log the first and every ``DROPS_SAID``th."""
        count = self.dropped[reason] = self.dropped.get(reason, 0) + 1
        if count == 1 or count % DROPS_SAID == 0:
            _say(f"ignored {what} ({count} {reason} so far)")


def _say(text: str) -> None:
    print(f"flixboard: Home Assistant: {text}", file=sys.stderr, flush=True)
