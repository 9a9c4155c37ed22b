"""A service on a simulated board and clock, with an HTTP client on its app (in process); its
journal (and the game records beside it) in memory unless one is given."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

import httpx

from controller.config import Config
from controller.records.journal import Journal
from controller.server.app import create_app
from controller.server.service import Service
from hal.base import FLIX_GEOMETRY, BoardGeometry
from sim.board import SimBoard
from sim.clock import SimClock
from tests.api_schema import ASYNC_HOOKS

T = TypeVar("T")

TOKEN = "s3cret-harness-token"
BASE_URL = "http://127.0.0.1:8640"


class Harness:
    """See the module docstring; ``host`` is the address the service is bound to."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        config: Config | None = None,
        journal: Journal | None = None,
        geometry: BoardGeometry = FLIX_GEOMETRY,
    ) -> None:
        self.clock = SimClock()
        sensing = "presence" if geometry.flat else "analog"
        self.board = SimBoard(clock=self.clock, geometry=geometry, sensing=sensing)
        self.service = Service(
            self.board,
            config or Config(),
            journal or Journal(None),
            host=host,
            port=8640,
            token=TOKEN,
        )
        self.board.when_changed = self.service.step
        self.app = create_app(self.service)
        self.client = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=self.app), base_url=BASE_URL, event_hooks=ASYNC_HOOKS
        )

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` of simulated time pass, stepping the service at each deadline."""
        target = self.clock.now() + seconds
        while (due := self.service.driver.deadline()) is not None and due <= target:
            self.clock.advance_to(max(due, self.clock.now()))
            self.service.step()
        self.clock.advance_to(target)
        self.service.step()

    async def stepping(self, request: Awaitable[T]) -> T:
        """Await ``request`` while the service's loop steps, as the real loop does: for an answer
        that waits on the computer's search (a hint)."""
        asked = asyncio.ensure_future(request)
        while not asked.done():
            self.service.step()
            await asyncio.sleep(0.005)
        return asked.result()

    async def state(self, **params: str) -> dict[str, Any]:
        response = await self.client.get("/api/state", params=params)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    async def post(self, path: str, body: Any = None, **kwargs: Any) -> httpx.Response:
        return await self.client.post(path, json=body, **kwargs)

    async def unchanged(self, before: dict[str, Any]) -> None:
        """The state is as ``before``, but for the recent events."""
        after = await self.state()
        assert {k: v for k, v in after.items() if k != "events"} == {
            k: v for k, v in before.items() if k != "events"
        }
