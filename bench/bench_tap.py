"""Bench probe of a tap's way through the service, as a browser and a kept-alive client see it.

- ``keepalive_state_ms_p50`` / ``_p99``: ``GET /api/state`` of a real ``flixboard run`` on the
  simulated board, ``STATE_GETS`` requests back to back on one kept-alive connection
  (``http.client``), as a browser sends them.
- ``tap_led_ms_p50`` / ``_p99``: a tap on an empty hole of the simulated board in Chromium
  (Playwright, the page's own kept-alive connection) to the first LED frame the service sends
  that shows the Man: from the page's ``click`` (the event's own time: when Chromium took the
  finger's release) to the frame's time. The service runs in a process of its own
  (``bench/tap_service.py``), as a player's does, and reports its frames' times after each round
  (``time.monotonic()`` is the machine's); settle time 0, so the figure is the service's own
  reaction (a real board waits ``settle_ms`` more for the Man to sit still).
  ``tap_led_ms_p99_rounds``: each round's p99; ``tap_count``: the taps pooled.
- ``tap_led_release_ms_p50`` / ``_p99``: the same frames from the moment the bench sends the
  release (the pointer is already down on the hole): Playwright's driver and Chromium's input
  path included.
- ``tap_service_ms_p50`` / ``_p99``: from the order reaching the route (its body read) to the
  frame.
- ``tap_page_ms_p50`` / ``_p99``: from the hole's ``click`` to the page showing the Man in it (a
  ``MutationObserver`` on the hole, timed by the page itself).
- ``tap_gc_ms_max`` / ``tap_gc_full``: the service's longest garbage collection while the taps
  went on, and its full (generation 2) collections.

``ROUNDS`` rounds of ``TAPS`` taps over Qubic games for two people (each tap places the mover's
Man; a finished game is cleared and the next one starts). With ``FLIXBOARD_BENCH_TAP_BASE``
naming another checkout, its service runs beside this one (a page each in the same Chromium),
the rounds alternate between the two, and its figures come as ``base_tap_...``: the two are
compared under the same load.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.bench_controller import free_port, running_service
from bench.bench_scale import scaled
from engine.holes import parse

if TYPE_CHECKING:
    from playwright.sync_api import Browser

STATE_GETS = 1000
ROUNDS = 4
TAPS = 500
"""Taps a round (``--scale`` scales them)."""
SERVICE_SCRIPT = Path(__file__).with_name("tap_service.py")
BASE_ENV = "FLIXBOARD_BENCH_TAP_BASE"
"""A checkout whose service the taps compare with, round by round (unset: none)."""
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
WAIT_S = 20.0
"""The longest the bench waits for a service, a frame or a page to show something."""
SEED = 7

_WATCH_TAP = """(name) => {
  const hole = document.querySelector(`[data-hole="${name}"]`);
  window.benchTap = new Promise((resolve) => {
    let tapped = null;
    hole.addEventListener("click", (event) => { tapped = event.timeStamp; },
                          { once: true, capture: true });
    const observer = new MutationObserver(() => {
      if (tapped !== null && hole.dataset.team !== undefined) {
        observer.disconnect();
        resolve({ clicked: performance.timeOrigin + tapped,
                  page_ms: performance.now() - tapped });
      }
    });
    observer.observe(hole, { attributes: true, attributeFilter: ["data-team"] });
  });
}"""


def percentiles(samples: list[float]) -> tuple[float, float]:
    """The median and the 99th percentile of ``samples``."""
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


class KeptAlive:
    """JSON requests on one kept-alive connection (a new one when the service closed it)."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT_S)

    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body)
        headers = {} if body is None else {"Content-Type": "application/json"}
        try:
            self.connection.request(method, path, data, headers)
            response = self.connection.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # the service closed the connection after its keep-alive time: a new one
            self.connection.close()
            self.connection.request(method, path, data, headers)
            response = self.connection.getresponse()
        answer = response.read()
        if response.status != 200:
            raise RuntimeError(f"{method} {path} answered {response.status}: {answer[:200]!r}")
        return json.loads(answer)

    def close(self) -> None:
        self.connection.close()


def keepalive_state_ms(count: int = STATE_GETS) -> list[float]:
    """Milliseconds of each ``GET /api/state`` on one kept-alive connection to a real
    ``flixboard run``."""
    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        with running_service(data, port):
            client = KeptAlive(port)
            try:
                timings = []
                for _ in range(count):
                    start = time.perf_counter()
                    client.request("GET", "/api/state")
                    timings.append((time.perf_counter() - start) * 1000)
                return timings
            finally:
                client.close()


class TapService:
    """The service of ``bench/tap_service.py`` in a process of its own; ``checkout`` names the
    checkout whose service it runs (``None``: this one)."""

    def __init__(self, data_dir: Path, checkout: Path | None = None) -> None:
        env = dict(os.environ)
        if checkout is not None:
            paths = [str(checkout), env.get("PYTHONPATH", "")]
            env["PYTHONPATH"] = os.pathsep.join(path for path in paths if path)
        self.process = subprocess.Popen(
            [sys.executable, str(SERVICE_SCRIPT), str(data_dir)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self._in, self._out = self.process.stdin, self.process.stdout
        ready = self._out.readline()
        if not ready:
            self.process.wait(WAIT_S)
            raise RuntimeError(f"the tap service ended at start ({self.process.returncode})")
        self.port: int = json.loads(ready)["port"]

    def round(self, taps: list[tuple[int, float]]) -> dict[str, Any]:
        """For each ``(hole, since)``: when its frame showed and its order arrived, and the
        service's garbage collections since the last round (see ``bench/tap_service.py``)."""
        self._in.write(json.dumps({"taps": taps}) + "\n")
        self._in.flush()
        answer: dict[str, Any] = json.loads(self._out.readline())
        return answer

    def close(self) -> None:
        self._in.write("\n")
        self._in.flush()
        try:
            self.process.wait(WAIT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@dataclass
class Taps:
    """One service's taps, pooled over its rounds (milliseconds)."""

    led: list[float] = field(default_factory=list)
    """From the page's ``click`` (the event's own time) to the LED frame."""
    release: list[float] = field(default_factory=list)
    """From the bench sending the release (through Playwright's driver) to the LED frame."""
    service: list[float] = field(default_factory=list)
    """From the order reaching the route to the LED frame."""
    page: list[float] = field(default_factory=list)
    """From the ``click`` to the page showing the Man."""
    round_p99: list[float] = field(default_factory=list)
    """Each round's p99 of ``led``."""
    collections: list[tuple[float, float, int]] = field(default_factory=list)
    """The service's garbage collections while the taps went on: ``(start, ms, generation)``."""

    def figures(self, prefix: str) -> dict[str, float | str]:
        out: dict[str, float | str] = {}
        for name, samples in (
            ("led", self.led),
            ("led_release", self.release),
            ("service", self.service),
            ("page", self.page),
        ):
            p50, p99 = percentiles(samples)
            out[f"{prefix}{name}_ms_p50"] = round(p50, 2)
            out[f"{prefix}{name}_ms_p99"] = round(p99, 2)
        out[f"{prefix}led_ms_p99_rounds"] = " ".join(f"{p:.1f}" for p in self.round_p99)
        out[f"{prefix}count"] = len(self.led)
        out[f"{prefix}gc_ms_max"] = round(max((ms for _, ms, _ in self.collections), default=0), 2)
        out[f"{prefix}gc_full"] = sum(1 for *_, generation in self.collections if generation == 2)
        return out


class TapPage:
    """A page of the service in Chromium, tapped hole after hole over Qubic games."""

    def __init__(self, browser: Browser, service: TapService, seed: int) -> None:
        self.service = service
        self.rng = random.Random(seed)
        self.client = KeptAlive(service.port)
        self.page = browser.new_page(viewport={"width": 1280, "height": 1000})
        self.page.goto(f"http://127.0.0.1:{service.port}/")
        self.page.wait_for_selector("[data-hole]")
        self.taps = Taps()

    def round(self, count: int) -> None:
        """``count`` taps, then their frames read from the service."""
        wall_minus_mono = time.time() - time.monotonic()
        asked: list[tuple[int, float]] = []
        clicked: list[float] = []
        page_ms: list[float] = []
        while len(asked) < count:
            state = self.client.request("GET", "/api/state")
            if state["phase"] != "await_place" or not state["allowed"]:
                _next_game(self.client, state)
                continue
            name = self.rng.choice(sorted(state["allowed"]))
            target = self.page.locator(f'[data-hole="{name}"]')
            target.scroll_into_view_if_needed()
            box = target.bounding_box()
            if box is None:
                raise RuntimeError(f"hole {name} is not shown on the page")
            self.page.evaluate(_WATCH_TAP, name)
            self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            self.page.mouse.down()
            released = time.monotonic()
            self.page.mouse.up()
            seen = self.page.evaluate("window.benchTap")
            asked.append((parse(name), released))
            clicked.append(seen["clicked"] / 1000 - wall_minus_mono)
            page_ms.append(float(seen["page_ms"]))
        answer = self.service.round(asked)
        led = []
        for (_, released), click, shown, placed, page in zip(
            asked, clicked, answer["shown"], answer["placed"], page_ms, strict=True
        ):
            if shown is None or placed is None:
                raise RuntimeError("a tap showed no LED frame")
            led.append((shown - click) * 1000)
            self.taps.release.append((shown - released) * 1000)
            self.taps.service.append((shown - placed) * 1000)
            self.taps.page.append(page)
        self.taps.led.extend(led)
        self.taps.round_p99.append(percentiles(led)[1])
        first = asked[0][1]
        self.taps.collections.extend(c for c in answer["collections"] if c[0] >= first)

    def close(self) -> None:
        self.client.close()
        self.page.close()


def tap_rounds(rounds: int, count: int, base: Path | None = None) -> tuple[Taps, Taps | None]:
    """``rounds`` rounds of ``count`` taps on this checkout's service and, when ``base`` names
    another checkout, as many on its service, the two alternating round by round."""
    from playwright.sync_api import sync_playwright  # a test dependency: checked by measure()

    with contextlib.ExitStack() as stack:
        services = [TapService(Path(stack.enter_context(tempfile.TemporaryDirectory())))]
        if base is not None:
            data = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            services.append(TapService(data, base))
        for service in services:
            stack.callback(service.close)
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        stack.callback(browser.close)
        pages = [TapPage(browser, service, SEED) for service in services]
        for page in pages:
            stack.callback(page.close)
        for _ in range(rounds):
            for page in pages:
                page.round(count)
        return pages[0].taps, pages[1].taps if base is not None else None


def _next_game(client: KeptAlive, state: dict[str, Any]) -> None:
    """A game over: lift every Man, ask for the next game and wait until it waits for a
    placement."""
    if state["sensed"]:
        client.request("POST", "/api/sim/clear", {})
    if state["phase"] == "game_over":
        client.request("POST", "/api/next_game", {})
    deadline = time.monotonic() + WAIT_S
    while client.request("GET", "/api/state")["phase"] != "await_place":
        if time.monotonic() > deadline:
            raise RuntimeError(f"no next game after {state['phase']}")
        time.sleep(0.05)


def measure() -> dict[str, float | str]:
    """The figures for ``python -m bench``."""
    state = percentiles(keepalive_state_ms(scaled(STATE_GETS)))
    figures: dict[str, float | str] = {
        "keepalive_state_ms_p50": round(state[0], 2),
        "keepalive_state_ms_p99": round(state[1], 2),
    }
    try:
        import playwright  # noqa: F401
    except ImportError:
        return {**figures, "tap": "Playwright is missing (make .venv/.test-deps)"}
    if not CHROMIUM.exists():
        return {**figures, "tap": f"{CHROMIUM} is missing (bash scripts/setup-system.sh)"}
    base = os.environ.get(BASE_ENV)
    taps, base_taps = tap_rounds(ROUNDS, scaled(TAPS), Path(base) if base else None)
    figures.update(taps.figures("tap_"))
    if base_taps is not None:
        figures.update(base_taps.figures("base_tap_"))
    return figures
