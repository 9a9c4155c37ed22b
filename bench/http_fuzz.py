"""The HTTP fuzz of what schemathesis (``bench.bench_schemathesis``) does not send:
random requests (Hypothesis) against the app in process, on a simulated board and clock, whose
answer must never be a server error.

schemathesis generates the requests the OpenAPI document describes, and those that break it
(wrong types, missing and unknown keys, wrong methods). This fuzz sends what lies outside any
document: bytes that are no JSON, numbers of thousands of digits, ``NaN``, JSON nested thousands
deep, lying ``Content-Length``, other content types, origins and host names, ``?team=`` values
of every script, unknown paths and the page's files, the WebSocket route over plain HTTP. Among
them go well-formed orders, so that games start, dice roll and Men go in, and the hostile
requests meet a game in progress. ``run`` returns the counts; the test suite asserts no server
error on the spaceboard and on each flat board (Flip 4, Olix), the bench reports a smaller run.
Hypothesis is a development dependency: it is imported when a run starts.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
from starlette.routing import Mount, Route, WebSocketRoute

from controller.config import Config
from controller.core.board_controller import variants_on
from controller.records.journal import Journal
from controller.server.app import CATCH_ALL, create_app
from controller.server.service import Service
from engine.dice import COLOUR_FACES, FLOOR_FACES, SUIT_FACES
from engine.holes import HOLES, name
from engine.variants import GRIDS
from hal.geometry import geometry_for

BASE_URL = "http://127.0.0.1:8640"
METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD")
KEYS = ("variant", "players", "seed", "options", "faces", "seat", "token", "hole", "piece")
FLIP4_THROWS = tuple(f"{a}/{b}" for a in range(1, 7) for b in range(1, 7))
PAGE_PATHS = ("/", "/index.html", "/app.js", "/style.css", "/../../etc/passwd", "/nope")
STEP_WHILE_WAITING_S = 0.02
"""How often the service steps while a request waits (real seconds)."""


@dataclass
class FuzzCounts:
    """What a run sent and got: requests, answers by status, server errors (the requests)."""

    requests: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    paths: Counter[str] = field(default_factory=Counter)
    server_errors: list[str] = field(default_factory=list)

    def summary(self) -> str:
        by_status = ", ".join(f"{status}: {n}" for status, n in sorted(self.statuses.items()))
        return (
            f"HTTP fuzz: {self.requests} requests, {len(self.server_errors)} server errors (5xx); "
            f"by status {by_status}"
        )


def routes_of(app: Any) -> list[tuple[str, str]]:
    """(method, path) of every route of the app (the WebSocket route asked over HTTP)."""
    found: list[tuple[str, str]] = []
    for route in app.routes:
        if isinstance(route, Route) and route.path != CATCH_ALL:
            found.extend((method, route.path) for method in sorted(route.methods or ()))
        elif isinstance(route, WebSocketRoute):
            found.append(("GET", route.path))
        elif isinstance(route, Mount):
            found.append(("GET", route.path or "/"))
    return found


def run(requests: int = 5000, seed: int = 12, geometry: str = "flix") -> FuzzCounts:
    """Send ``requests`` random requests (deterministic for a ``seed``) to a service on the
    simulated board of ``geometry`` (``flix``, ``flip4``, ``olix``); the counts."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as fix_seed
    from hypothesis import strategies as st

    from sim.board import SimBoard  # the fuzz plays on a simulated board
    from sim.clock import SimClock

    shape = geometry_for(geometry)
    clock = SimClock()
    board = SimBoard(clock=clock, geometry=shape, sensing="presence" if shape.flat else "analog")
    service = Service(board, Config(), Journal(None), host="127.0.0.1", port=8640, token="t")
    board.when_changed = service.step
    app = create_app(service)
    known = routes_of(app)
    counts = FuzzCounts()
    loop = asyncio.new_event_loop()
    client = httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app, raise_app_exceptions=False), base_url=BASE_URL
    )

    if shape.flat:
        grid = GRIDS[shape.key]
        holes = [grid.name(cell) for cell in range(grid.cells)]
    else:
        holes = [name(hole) for hole in HOLES]
    ascii_text = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=12)
    faces = st.one_of(
        st.builds(
            lambda c, f, s: f"{c}/{f}/{s}",
            st.sampled_from(COLOUR_FACES),
            st.sampled_from(FLOOR_FACES),
            st.sampled_from(SUIT_FACES),
        ),
        st.sampled_from(FLIP4_THROWS),
    )
    sensible = {
        "variant": st.sampled_from([*variants_on(shape), "lucky", "flip4", "olix"]),
        "players": st.sampled_from([2, 3, 4, 6]),
        "seed": st.integers(0, 2**63 - 1),
        "options": st.fixed_dictionaries(
            {},
            optional={
                "auto_call": st.booleans(),
                "call_window": st.floats(0, 600),
                "token_mode": st.sampled_from(["digital", "physical"]),
            },
        ),
        "seat": st.integers(0, 5),
        "hole": st.sampled_from(holes),
        "piece": st.sampled_from(["man", "burocrat"]),
    }
    good_orders = st.one_of(
        st.fixed_dictionaries(
            {key: sensible[key] for key in ("variant", "players")},
            optional={"seed": sensible["seed"], "options": sensible["options"]},
        ),
        st.fixed_dictionaries({}, optional={"faces": faces}),
        st.fixed_dictionaries({"hole": sensible["hole"]}, optional={"piece": sensible["piece"]}),
        st.fixed_dictionaries({"seat": sensible["seat"]}),
    ).map(lambda body: ("json", body))
    numbers = st.sampled_from(
        [b"NaN", b"Infinity", b"-Infinity", b"1e999", b"9" * 4400, b"-" + b"7" * 5000, b"1.5e308"]
    )
    raw_bodies = st.one_of(
        st.binary(max_size=64),
        st.builds(
            lambda key, number: b'{"' + key.encode() + b'": ' + number + b"}",
            st.sampled_from(KEYS),
            numbers,
        ),
        st.sampled_from([b"[" * 5000, b'{"a":' * 3000, b"", b"null", b"[]", b'"text"']),
    ).map(lambda raw: ("raw", raw))
    bodies = st.one_of(st.just(("none", None)), good_orders, raw_bodies)
    paths = st.one_of(
        st.sampled_from([path for _, path in known]),
        st.sampled_from(PAGE_PATHS),
        ascii_text.map(lambda text: "/api/" + text.replace("?", "").replace("#", "")),
    )
    on_routes = st.sampled_from(known)
    anywhere = st.tuples(st.sampled_from(METHODS), paths)
    targets = st.one_of(on_routes, on_routes, on_routes, anywhere)
    requests_ = st.fixed_dictionaries(
        {"target": targets, "body": st.one_of(good_orders, good_orders, bodies)},
        optional={
            "team": st.one_of(
                st.sampled_from(["0", "1", "2", "²", "\u0661", "-1", "9" * 5000, ""]), ascii_text
            ),
            "content_type": st.sampled_from(
                ["application/json", "text/plain", "application/x-www-form-urlencoded",
                 "application/problem+json", "multipart/form-data; boundary=x", "json"]
            ),
            "origin": st.sampled_from(
                ["http://127.0.0.1:8640", "http://evil.example", "null", "ftp://127.0.0.1:8640"]
            ),
            "host": st.sampled_from(
                ["localhost:8640", "evil.example:8640", "[::1]:8640", "board.localhost", ""]
            ),
            "length": st.sampled_from(["99999999999999999999999", "-1", "²", "70000"]),
        },
    )  # fmt: skip

    async def send(request: dict[str, Any]) -> httpx.Response:
        headers: dict[str, str] = {}
        for key, header in (
            ("content_type", "content-type"),
            ("origin", "origin"),
            ("host", "host"),
            ("length", "content-length"),
        ):
            if key in request:
                headers[header] = request[key]
        kind, body = request["body"]
        params = {"team": request["team"]} if "team" in request else None
        method, path = request["target"]
        if kind == "json":
            return await client.request(method, path, json=body, headers=headers, params=params)
        return await client.request(method, path, content=body, headers=headers, params=params)

    async def answered(request: dict[str, Any]) -> httpx.Response:
        """Send, stepping the service while the answer is awaited, as its board loop would: a
        hint waits for the search process, whose answer a step takes in."""
        sending = asyncio.ensure_future(send(request))
        while not sending.done():
            await asyncio.wait({sending}, timeout=STEP_WHILE_WAITING_S)
            service.step()
        return sending.result()

    @settings(
        max_examples=requests,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @fix_seed(seed)
    @given(requests_)
    def one(request: dict[str, Any]) -> None:
        try:
            response = loop.run_until_complete(answered(request))
        except (httpx.LocalProtocolError, UnicodeEncodeError, ValueError):
            return  # not a request a client can send (e.g. a header httpx refuses)
        counts.requests += 1
        counts.statuses[response.status_code] += 1
        counts.paths[request["target"][1]] += 1
        if response.status_code >= 500:
            shown = repr(request)
            shown = shown if len(shown) <= 300 else f"{shown[:300]}... ({len(shown)} characters)"
            counts.server_errors.append(f"{shown} -> {response.status_code}")
        if service.driver.deadline() is not None:
            clock.advance_to(max(clock.now(), service.driver.deadline() or 0.0))
            service.step()

    try:
        one()
    finally:
        loop.run_until_complete(client.aclose())
        loop.close()
    return counts


def measure() -> dict[str, float]:
    """Bench probe: a small run's tries and failures (server errors)."""
    counts = run(requests=500, seed=1)
    return {"http_fuzz_requests": counts.requests, "http_fuzz_failures": len(counts.server_errors)}
