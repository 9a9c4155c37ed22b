"""Requests with effects from the network: ``GET /api/hint`` follows the rules of a POST (the
token off loopback, a same-site page), and every order is rate-limited per client address (a
token bucket on the board's clock: ``controller.server.limits``), so clients that hammer hints
cannot starve the readers of ``/api/state``. In process, simulated clock, real search process."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest

from controller.config import Config
from controller.server.limits import BURST, RATE_PER_S
from tests.api_harness import BASE_URL, TOKEN, Harness
from tests.api_schema import ASYNC_HOOKS

BEARER = {"Authorization": f"Bearer {TOKEN}"}
HAMMERS = 8
HINTS_EACH = 3 * BURST


@pytest.fixture
def lan() -> Iterator[Harness]:
    """A service bound to every interface, a Qubic game of two people, a quick computer."""
    harness = Harness(host="0.0.0.0", config=Config.of(variant="qubic", computer_movetime_ms=10))
    yield harness
    harness.service.computer.close()


def client_at(api: Harness, address: str) -> httpx.AsyncClient:
    """A client of the app whose requests come from ``address`` on the network."""
    transport = httpx.ASGITransport(app=api.app, client=(address, 40000))
    return httpx.AsyncClient(
        transport=transport, base_url=BASE_URL, headers=BEARER, event_hooks=ASYNC_HOOKS
    )


@pytest.fixture
async def stepping(lan: Harness) -> AsyncIterator[None]:
    """The service's loop: it steps while requests wait (the search's answers come in)."""
    running = True

    async def loop() -> None:
        while running:
            lan.service.step()
            await asyncio.sleep(0.002)

    task = asyncio.ensure_future(loop())
    yield
    running = False
    await task


async def test_a_hint_needs_the_token_and_a_same_site_page(lan: Harness) -> None:
    refused = await lan.client.get("/api/hint")
    assert refused.status_code == 401 and "Bearer" in refused.json()["error"]
    foreign = await lan.client.get("/api/hint", headers={**BEARER, "origin": "http://evil.example"})
    assert foreign.status_code == 403
    for api in (lan, Harness()):  # a GET from an <img> of another site carries no Origin
        embedded = await api.client.get(
            "/api/hint", headers={**BEARER, "sec-fetch-site": "cross-site"}
        )
        assert embedded.status_code == 403, embedded.text
    hints = [event for event in (await lan.state())["events"] if event["type"] == "hint"]
    assert hints == []  # no search was asked for


async def test_eight_clients_hammering_hints_cannot_starve_the_state(
    lan: Harness, stepping: None
) -> None:
    hammers = [client_at(lan, f"192.168.1.{11 + index}") for index in range(HAMMERS)]
    reader = client_at(lan, "192.168.1.30")
    answers: list[list[int]] = [[] for _ in hammers]
    retry_after: list[str] = []
    states: list[int] = []
    done = asyncio.Event()

    async def hammer(client: httpx.AsyncClient, got: list[int]) -> None:
        for _ in range(HINTS_EACH):
            response = await client.get("/api/hint")
            got.append(response.status_code)
            if response.status_code == 429:
                retry_after.append(response.headers["retry-after"])

    async def read() -> None:
        while not done.is_set():
            states.append((await reader.get("/api/state")).status_code)
            await asyncio.sleep(0)  # in process an answer never waits on a socket: let others in

    reading = asyncio.ensure_future(read())
    pairs = zip(hammers, answers, strict=True)
    await asyncio.gather(*(hammer(client, got) for client, got in pairs))
    during = len(states)
    done.set()
    await reading
    for got in answers:  # the board's clock stood still: each client had its burst, no more
        assert len(got) == HINTS_EACH
        assert got.count(429) == HINTS_EACH - BURST
        assert set(got) - {429} == {200}
    assert retry_after and all(value.isdigit() and int(value) >= 1 for value in retry_after)
    assert states.count(200) == len(states) and during >= HAMMERS


async def test_orders_are_limited_per_client_and_refill_on_the_board_s_clock(
    lan: Harness,
) -> None:
    one, other = client_at(lan, "10.0.0.5"), client_at(lan, "10.0.0.6")
    statuses = [(await one.post("/api/undo", json={})).status_code for _ in range(BURST + 5)]
    assert 429 not in statuses[:BURST] and statuses[BURST:] == [429] * 5
    assert (await other.post("/api/undo", json={})).status_code != 429  # its own bucket
    assert (await lan.client.post("/api/undo", json={}, headers=BEARER)).status_code != 429
    lan.clock.advance(2 / RATE_PER_S)  # two orders' worth of time
    again = [(await one.post("/api/undo", json={})).status_code for _ in range(3)]
    assert again[2] == 429 and 429 not in again[:2]
    assert (await one.get("/api/state")).status_code == 200  # reading is never limited
