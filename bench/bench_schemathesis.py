"""schemathesis against the service on each board, in process: requests generated from the
OpenAPI document (the one the app serves), its edges (the coverage phase), random valid and
invalid ones (fuzzing) and stateful sequences along the links it infers between operations (a
game listed, then read), sent to the app itself (ASGI, no socket) while the service's loop
steps the board as the running service does.

Every check is on, with schemathesis' own expectations: no server error (5xx); the status,
content type, headers and body as the document says; a request the document allows is not
refused with 400 (a well-formed value the game or board cannot take now answers 409) and one it
does not allow is refused. Every operation is run, the settings ones on a settings file of their
own (a new token is taken up as the page would; a restart only stops the loop, which steps on).

schemathesis is a development dependency (the ``dev`` extra), never on the Pi. The test suite
runs :data:`EXAMPLES` per operation on each board (``tests/web/test_web_schemathesis_fuzz.py``),
as does ``python -m bench --only bench_schemathesis``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BOARDS = ("flix", "flip4", "olix")
EXAMPLES = 200
"""Examples per operation (each of the fuzzing phase's, as many as an operation's inputs
allow), on each board."""
SEED = 12
TOKEN = "schemathesis-token-0123"
BASE_URL = "http://127.0.0.1:8640"
CONFIG = f"""\
seed = {SEED}
[generation]
mode = "all"
max-examples = {EXAMPLES}
deterministic = true
[checks]
enabled = true
[phases.stateful]
enabled = {{stateful}}
"""
"""All checks with their default expectations; the examples, coverage and fuzzing phases, and
the stateful one where asked; the same requests every run."""

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


@dataclass
class SchemathesisRun:
    """What one run generated and found: requests, stateful scenarios, failures by check."""

    board: str
    requests: int = 0
    operations: set[str] = field(default_factory=set)
    scenarios: int = 0
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    server_errors: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        return (
            f"schemathesis on {self.board}: {self.requests} requests over "
            f"{len(self.operations)} operations, {self.scenarios} stateful scenarios, "
            f"{self.server_errors} server errors, {len(self.failures)} failures, "
            f"{self.seconds:.0f} s"
        )


class SteppedApp:
    """The service's app as a client on this machine reaches it, with the service's loop
    stepping the board while each request is answered (as the running service's loop does:
    a hint waits on the computer's search)."""

    def __init__(self, service: Any, app: Callable[[Scope, Receive, Send], Awaitable[None]]):
        self.service = service
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        scope = {**scope, "client": ("127.0.0.1", 50000)}
        answered = asyncio.ensure_future(self.app(scope, receive, send))
        while not answered.done():
            self.service.step()
            await asyncio.wait({answered}, timeout=0.005)
        answered.result()


def run(
    board: str,
    examples: int,
    workdir: Path,
    *,
    stateful: bool = True,
    tags: tuple[str, ...] = (),
) -> SchemathesisRun:
    """schemathesis over every operation of a service on a simulated ``board`` (deterministic:
    the same requests every time), ``examples`` per operation; only the operations of ``tags``
    when given (the suite runs them in groups, side by side)."""
    import schemathesis
    from schemathesis.config import SchemathesisConfig
    from schemathesis.engine import events, from_schema

    from controller.config import Config
    from controller.records.journal import Journal
    from controller.server.api_document import document
    from controller.server.app import create_app
    from controller.server.service import Service
    from controller.server.setup import Setup
    from hal.geometry import load_geometry
    from sim.board import SimBoard

    geometry = load_geometry(board)
    backend = SimBoard(geometry=geometry, sensing="presence" if geometry.flat else "analog")
    data = workdir / "data"
    data.mkdir(parents=True, exist_ok=True)
    config = Config.of(geometry=board, computer_movetime_ms=10)  # a hint in 10 ms, not a second
    setup = Setup(workdir / "config.toml", data, lambda config: config)
    service = Service(
        backend, config, Journal(data), host="127.0.0.1", port=8640, token=TOKEN, setup=setup
    )
    app = create_app(service)

    class CurrentToken:
        """The service's token as it is now (``POST /api/settings/token`` changes it)."""

        def get(self, case: Any, context: Any) -> str:
            return str(service.token)

        def set(self, case: Any, data: str, context: Any) -> None:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}

    text = CONFIG.replace(f"= {EXAMPLES}", f"= {examples}").format(stateful=str(stateful).lower())
    settings = SchemathesisConfig.from_str(text)
    loaded = schemathesis.openapi.from_dict(document(app.routes), config=settings)
    schema = loaded.include(tag=list(tags)) if tags else loaded
    schema.app = SteppedApp(service, app)
    schema.config.update(base_url=BASE_URL)
    schema.auth(refresh_interval=None)(CurrentToken)
    found = SchemathesisRun(board)
    started = time.monotonic()
    try:
        for event in from_schema(schema).execute():
            if isinstance(event, events.ScenarioFinished | events.FuzzScenarioFinished):
                _count(event, found)
            elif isinstance(event, events.NonFatalError | events.FatalError):
                found.errors.append(str(getattr(event, "info", event))[:2000])
    finally:
        service.driver.close()
        service.journal.close()
    found.seconds = time.monotonic() - started
    return found


def _count(event: Any, found: SchemathesisRun) -> None:
    from schemathesis.engine import events

    recorder = event.recorder
    found.requests += len(recorder.interactions)
    if isinstance(event, events.ScenarioFinished) and event.phase.name == "STATEFUL_TESTING":
        found.scenarios += 1
    for node in recorder.cases.values():
        found.operations.add(node.value.operation.label)
    for case_id, checks in recorder.checks.items():
        for check in checks:
            if check.failure_info is None:
                continue
            failure = check.failure_info.failure
            case = recorder.cases[case_id].value
            found.failures.append(
                f"{case.operation.label} [{check.name}] {failure.title}: {failure.message}\n"
                f"{check.failure_info.code_sample}"
            )
            if check.name == "not_a_server_error":
                found.server_errors += 1


def measure() -> dict[str, float]:
    """Bench probe: on each board, requests, stateful scenarios, server errors, failures and
    the run's time in seconds."""
    figures: dict[str, float] = {}
    for board in BOARDS:
        with tempfile.TemporaryDirectory() as scratch:
            found = run(board, EXAMPLES, Path(scratch))
        print(found.summary(), file=sys.stderr)
        figures[f"schemathesis_{board}_requests"] = found.requests
        figures[f"schemathesis_{board}_scenarios"] = found.scenarios
        figures[f"schemathesis_{board}_server_errors"] = found.server_errors
        figures[f"schemathesis_{board}_failures"] = len(found.failures) + len(found.errors)
        figures[f"schemathesis_{board}_s"] = round(found.seconds, 1)
    return figures


def main(argv: list[str]) -> int:
    """``python -m bench.bench_schemathesis [--board B] [--examples N] [--stateful]``: one run,
    its figures (operations, requests, failures, seconds) and its first failures; exit status 1
    when it found any."""
    parser = argparse.ArgumentParser(prog="python -m bench.bench_schemathesis")
    parser.add_argument("--board", choices=BOARDS, default=BOARDS[0])
    parser.add_argument("--examples", type=int, default=EXAMPLES, help="per operation")
    parser.add_argument("--stateful", action="store_true", help="add the stateful sequences")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        found = run(args.board, args.examples, Path(scratch), stateful=args.stateful)
    print(f"{found.summary()} ({args.examples} examples an operation)")
    for problem in [*found.errors, *found.failures][:20]:
        print(f"\n{problem}")
    return 1 if found.errors or found.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
