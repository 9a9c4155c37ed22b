"""The service: one asyncio loop for board input, timers, LED rendering and the web server.

The backend's ``when_changed`` may fire on any thread: it only wakes the loop
(``call_soon_threadsafe``). The loop then steps the driver (read, update, render) and sleeps
until the next deadline or the next wake-up. HTTP orders run on the same loop, so the
controller is never touched from two threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import signal
import socket
import sys
import time
from collections.abc import Callable, Generator
from typing import TextIO

import uvicorn

from controller.config import Config
from controller.core.state import Event, Happened, Speech, StateMessage
from controller.driver import Driver
from controller.homeassistant.bridge import HomeAssistant
from controller.records.journal import Journal
from controller.remote.play import RemotePlay
from controller.server.app import create_app
from controller.server.buttons import PageButtons
from controller.server.fanout import Fanout, Subscriber
from controller.server.limits import Logins, RateLimit
from controller.server.privacy import state_without_codes
from controller.server.setup import Setup, is_loopback
from controller.server.systemd_notify import SystemdNotifier
from controller.voice.lines import Line
from controller.voice.voice import Voice
from engine.events import Event as GameEvent
from hal.base import Backend
from hal.capabilities import Hands
from hal.errors import HalError

RETRY_S = 1.0
HOME_ASSISTANT = "mqtt:homeassistant"
"""The sender Home Assistant's button presses are counted as (its own rate limit)."""


class ServiceFailed(Exception):
    """The board loop or the web server ended on an error: the process must exit non-zero so
    that systemd restarts it."""


class _Server(uvicorn.Server):
    """uvicorn without its own signal handling: the service handles SIGINT and SIGTERM."""

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        yield


class Service:
    """A board, its controller and the web server on one event loop."""

    def __init__(
        self,
        backend: Backend,
        config: Config,
        journal: Journal,
        *,
        host: str,
        port: int,
        token: str,
        view: TextIO | None = None,
        setup: Setup | None = None,
    ) -> None:
        self.backend = backend
        self.config = config
        self.journal = journal
        self.driver = Driver(backend, config, journal)
        self.controller = self.driver.controller
        self.computer = self.driver.computer
        self.hands: Hands | None = backend if isinstance(backend, Hands) else None
        """The board's own hands (the simulator's), or ``None`` on a real board."""
        self.host, self.port, self.token = host, port, token
        self.token_required = not is_loopback(host)
        self.limits = RateLimit(backend.clock.now)
        """How fast each client may send orders (``controller.server.limits``)."""
        self.logins = Logins(backend.clock.now)
        """The wrong tokens of each client, refused past a few (``controller.server.limits``)."""
        self.view = view
        self.setup = setup
        """Where the settings page writes (``None``: the page cannot change settings)."""
        self.restart_requested = False
        """The settings page asked for a restart: the process starts itself again once it
        has stopped (``controller.cli.run``)."""
        self.banner: list[str] = []
        """Lines shown under the terminal view: the address, the token, what to do next."""
        self.fanout = Fanout()
        """The subscribers of ``WS /api/events``."""
        self._pushed = -1
        self._events: list[Event] = []
        """The public events of the change under way: sent to the live stream after its LED
        frame (``_after_step``)."""
        self._drawn: tuple[int, int] = (-1, -1)
        self._wake = asyncio.Event()
        self._stop = asyncio.Event()
        self._board_error: str | None = None
        self.controller.session.subscribe(self._on_event)
        self.voice = Voice.from_config(config, lambda: self.controller.game, self._on_line)
        """The board's voice (``controller.voice``): its lines also go to the pages."""
        self.controller.session.subscribe(self.voice.note)
        data_dir = None if journal.path is None else journal.path.parent
        self.remote = RemotePlay(self.controller, self.computer, config, data_dir, self.order)
        """Remote play: hosting or joining a game over MQTT (``controller.remote``)."""
        self.homeassistant: HomeAssistant | None = None
        """The board as a Home Assistant device (``[homeassistant] discovery``)."""
        if config.homeassistant.discovery:
            self.homeassistant = HomeAssistant(
                config, self.controller.public_state, PageButtons(self, HOME_ASSISTANT)
            )

    # ---------------------------------------------------------------- orders and events

    def order(self, act: Callable[[float], None]) -> None:
        """Carry out an order on the controller now, then show its effects."""
        now = self.backend.clock.now()
        act(now)
        self.driver.follow(now)
        self._after_step()
        self._wake.set()

    def reconfigure(self, config: Config) -> None:
        """Settings changed on the page: those that apply without a restart take effect now
        (names, the LEDs' brightness, the computer's time) or from the next game (seats, hints,
        the call window); a remote game under way keeps its link."""
        self.config = config
        self.controller.config = config
        self.controller.session.config = config
        self.computer.config = config
        self.remote.config = config
        self.driver.renderer.set_cap(config.leds.brightness_cap)
        self.voice.reconfigure(config)
        self._pushed = -1  # the names are in the state: push it again
        self.order(lambda now: None)

    def restart(self) -> None:
        """Stop cleanly, then start again with the same command line (``controller.cli.run``)."""
        self.restart_requested = True
        self.stop()

    def subscribe(self) -> Subscriber:
        return self.fanout.subscribe()

    def unsubscribe(self, subscriber: Subscriber) -> None:
        self.fanout.unsubscribe(subscriber)

    def _on_event(self, _: Happened | GameEvent, event: Event) -> None:
        """An event waits for the change's LED frame: its encoding and fan-out come after it.
        A change the loop does not end with a step or an order has them sent when the loop
        turns."""
        if event.get("secret"):
            return
        self._events.append(event)
        if len(self._events) == 1:
            try:
                asyncio.get_running_loop().call_soon(self._send_events)
            except RuntimeError:  # no loop runs (a script stepping the service): at once
                self._send_events()

    def _send_events(self) -> None:
        events, self._events = self._events, []
        for event in events:
            self.fanout.send(event, state=False)

    def _on_line(self, line: Line) -> None:
        self.fanout.send(Speech(line=line.spoken()), state=False)

    def _after_step(self) -> None:
        """After a step or an order has sent its LED frame: its events, the voice's lines and
        the new state to the live stream, the terminal view."""
        self._send_events()
        self.voice.flush()
        revision = self.controller.revision
        if revision != self._pushed:
            self._pushed = revision
            if self.homeassistant is not None:
                self.homeassistant.changed()
            if self.fanout:
                state = self.controller.public_state()
                if self.token_required:  # a WebSocket carries no token: no codes
                    state = state_without_codes(state)
                self.fanout.send(StateMessage(state), state=True)
        if self.view is not None:
            drawn = (revision, self.driver.renderer.frames_sent)
            if drawn != self._drawn:
                self._drawn = drawn
                self._draw(self.view)

    def _draw(self, out: TextIO) -> None:
        from controller.tools.board_view import draw  # the terminal view: simulated boards only

        board = draw(self.backend, self.controller, color=True)
        out.write(f"\x1b[H\x1b[2J{board}\n\n{self.controller.message()}\n\n")
        out.write("\n".join(self.banner or [f"{self.url()}  (Ctrl+C stops)"]) + "\n")
        out.flush()

    # ---------------------------------------------------------------- the loop

    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        if self.host in ("0.0.0.0", "::"):
            host = socket.gethostname()
        return f"http://{host}:{self.port}/"

    def step(self) -> None:
        """Read the board, update, render; a board that stopped answering is retried."""
        try:
            self.driver.step()
        except HalError as error:
            if str(error) != self._board_error:
                self._board_error = str(error)
                print(f"flixboard: the board is not answering: {error}", file=sys.stderr)
            return
        if self._board_error is not None:
            self._board_error = None
            print("flixboard: the board answers again", file=sys.stderr)
        self._after_step()

    async def _board_loop(self) -> None:
        clock = self.backend.clock
        while not self._stop.is_set():
            deadline = self.driver.deadline()
            timeout = None if deadline is None else max(0.0, deadline - clock.now())
            if self._board_error is not None:
                timeout = RETRY_S
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)
            self._wake.clear()
            self.step()

    def stop(self) -> None:
        """Ask the service to shut down cleanly."""
        self._stop.set()
        self._wake.set()

    async def run(self, sock: socket.socket) -> None:
        """Serve on the bound socket until ``stop()``, SIGINT or SIGTERM; ``ServiceFailed``
        when the board loop or the web server ended on an error (the game stays journalled)."""
        loop = asyncio.get_running_loop()

        def wake() -> None:
            loop.call_soon_threadsafe(self._wake.set)

        self.backend.when_changed = wake
        self.driver.computer.notify = wake
        if self.driver.computer.thinker is not None:  # started before the loop ran
            self.driver.computer.thinker.notify = wake
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, self.stop)
        server = _Server(
            uvicorn.Config(
                create_app(self),
                log_level="warning",
                lifespan="off",
                ws="websockets-sansio",
                ws_per_message_deflate=False,  # it would compress each message per subscriber
            )
        )
        notifier = SystemdNotifier.from_environment()
        self.step()
        await self.remote.restore()
        if self.homeassistant is not None:
            self.homeassistant.start()
        board = asyncio.create_task(self._board_loop())
        web = asyncio.create_task(server.serve(sockets=[sock]))
        while not server.started and not web.done():
            await asyncio.sleep(0.01)
        if server.started:
            settle_memory()
            notifier.ready(f"board {self.backend.name}, serving {self.url()}")
        watchdog = asyncio.create_task(notifier.keep_alive())
        stop = asyncio.create_task(self._stop.wait())
        await asyncio.wait({board, web, stop}, return_when=asyncio.FIRST_COMPLETED)
        if self.restart_requested:
            notifier.notify(
                "RELOADING=1",
                f"MONOTONIC_USEC={time.monotonic_ns() // 1000}",
                "STATUS=restarting with the new settings",
            )
        else:
            notifier.stopping()
        self.stop()
        server.should_exit = True
        ended = await asyncio.gather(board, web, return_exceptions=True)
        await self.remote.stop()
        if self.homeassistant is not None:
            await self.homeassistant.stop()
        stop.cancel()
        watchdog.cancel()
        notifier.close()
        self.backend.when_changed = None
        self.driver.close()
        self.voice.close()
        for outcome in ended:
            if isinstance(outcome, Exception):
                raise ServiceFailed(f"the service stopped on an error: {outcome!r}") from outcome


def settle_memory() -> None:
    """Leave what start-up made (modules, routes, rule tables: some 45,000 objects) out of the
    garbage collector's rounds: a full collection over them took 15-20 ms of CPU (50-200 ms on
    a busy machine) and came every few hundred taps, in the middle of one
    (docs/benchmarks.md)."""
    gc.collect()
    gc.freeze()


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket (``OSError`` when the address is taken or not ours).

    It is made as an ``IPPROTO_TCP`` socket, so that asyncio sets ``TCP_NODELAY`` on every
    connection it accepts (it does so only for those): an answer's head and body then leave at
    once, instead of the body waiting for the client's delayed acknowledgement of the head
    (40 ms and more on a kept-alive connection, as a browser's)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock
