"""A board on its way into a remote game: the join exchange with the host (``pake``) over its
own short-lived link, until the host's welcome names the game and gives the keys.

The request is sent again every ``RETRY_S`` while no host answers (a code nobody hosts shows
as such, not as a link waiting for ever); an answered attempt whose welcome does not come within
``QUIET_S`` (the host started again meanwhile, and forgot the exchange) gives way to a fresh one.
A refusal (a wrong code, a code used up) ends the attempt and is shown, since trying the same
code again would only cost the host an attempt.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

from controller.core.state import RemoteView, SaidView
from controller.errors import NotNow
from controller.game_data import NewGameData
from controller.remote.inbox import Inbox
from controller.remote.link import Broker, Link
from controller.remote.pake import ROOT, Joiner, Welcome
from engine.game import Action
from engine.phrase import why

RETRY_S = 3.0
"""A request (or a confirmation) not answered within this time is sent again."""
QUIET_S = 6.0
"""No host answered for this long: the page says so."""


class Joining:
    """The remote side while joining (see the module docstring); ``welcomed`` is called with the
    host's welcome."""

    def __init__(self, broker: Broker, code: str, welcomed: Callable[[Welcome], None]) -> None:
        self.code = code
        self.joiner = Joiner(code)
        self.welcomed = welcomed
        self.problem: str | None = None
        self.done = False
        self._started = time.monotonic()
        self._task: asyncio.Task[None] | None = None
        self.link = Link(
            broker,
            subscriptions=[f"{ROOT}/{self.joiner.plate}/+"],
            inbox=Inbox(f"{ROOT}/{self.joiner.plate}/", [], self._received, others=True),
            on_connect=self._ask,
        )

    def _ask(self) -> None:
        if self.done:
            return
        if not self.joiner.answered:
            self.link.publish(*self.joiner.request())
        for confirmation in self.joiner.confirmations:
            self.link.publish(self.joiner.topic, confirmation)

    def _received(self, topic: str, payload: bytes) -> None:
        if self.done or topic != self.joiner.topic:
            return
        step, value = self.joiner.take(payload)
        if step == "confirm" and isinstance(value, bytes):
            self.problem = None
            self.link.publish(self.joiner.topic, value)
        elif step == "welcome" and isinstance(value, Welcome):
            self.done = True
            self.welcomed(value)
        elif step == "refused" and isinstance(value, str):
            self.done = True
            self.problem = why(
                "the host refused: {reason} (leave, then join with the right code)",
                reason=value,
            )

    async def _retry(self) -> None:
        while not self.done:
            await asyncio.sleep(RETRY_S)
            if self.done:
                return
            quiet = time.monotonic() - self._started > QUIET_S
            if quiet and not self.joiner.answered:
                self.problem = why("no board hosts this code on this broker (yet): still asking")
            elif quiet:  # answered, never welcomed: the host forgot the exchange
                self.joiner = Joiner(self.code)
                self._started = time.monotonic()
            if self.link.state == "connected":
                self._ask()

    # ---------------------------------------------------------------- the controller asks

    def relays(self, action: Action, now: float) -> bool:
        raise NotNow(why("joining a remote game: waiting for the host"))

    def plays_here(self, seat: int) -> bool:
        return True  # no remote game yet: every seat is this board's

    def refuses(self, order: str, variant: str | None = None) -> str | None:
        return why("joining a remote game: the hosting board starts the game")

    def refuses_game(self, entry: NewGameData) -> str | None:
        return None  # ``refuses`` refuses every new game already

    def place(self, seat: int) -> None:
        return None  # no remote game yet: the seats show no place

    def shown(self) -> RemoteView:
        return RemoteView(
            role="joining",
            code=self.code,
            game_id=None,
            seats=[],
            log=0,
            waiting=False,
            problem=None if self.problem is None else str(self.problem),
            problem_said=SaidView.of_text(self.problem),
            link=self.link.shown("unknown", None, 0, {}),
        )

    def start(self) -> None:
        self.link.start()
        self._task = asyncio.get_running_loop().create_task(self._retry())

    async def leave(self) -> None:
        await self.stop()

    async def stop(self) -> None:
        self.done = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.link.stop()
