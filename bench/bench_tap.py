"""Bench probe of a tap's way through the service, as a browser and a kept-alive client see it.

- ``keepalive_state_ms_p50`` / ``_p99``: ``GET /api/state`` of a real ``flixboard run`` on the
  simulated board, ``STATE_GETS`` requests back to back on one kept-alive connection
  (``http.client``), as a browser sends them.
- ``tap_led_ms_p50`` / ``_p99``: a tap on an empty hole of the simulated board in Chromium
  (Playwright, the page's own kept-alive connection) to the first LED frame the controller emits
  that shows the Man: from the moment the bench sends the finger's release to Chromium (the
  pointer is already down on the hole; the page acts on the ``click`` the release makes) to the
  frame's time on the board's clock. The service runs in this process (its own thread and event
  loop) so that its LED frames can be read; settle time 0, so the figure is the service's own
  reaction (a real board waits ``settle_ms`` more for the Man to sit still).
- ``tap_page_ms_p50`` / ``_p99``: the same taps, from the hole's ``click`` to the page showing
  the Man in it (a ``MutationObserver`` on the hole, timed by the page itself).

``TAPS`` taps over Qubic games for two people (each tap places the mover's Man; a finished game
is cleared and the next one starts).
"""

from __future__ import annotations

import asyncio
import bisect
import http.client
import json
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.bench_controller import free_port, running_service
from bench.bench_scale import scaled
from controller.config import Config
from controller.records.journal import Journal
from controller.server.service import Service, bind
from engine.holes import parse
from sim.board import SimBoard

STATE_GETS = 1000
TAPS = 200
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
WAIT_S = 20.0
"""The longest the bench waits for a service, a frame or a page to show something."""
SEED = 7
FRAME_LIMIT = 1000
"""The LED frames the simulated board keeps (the bench reads only the newest)."""

_WATCH_TAP = """(name) => {
  const hole = document.querySelector(`[data-hole="${name}"]`);
  window.benchTap = new Promise((resolve) => {
    let tapped = null;
    hole.addEventListener("click", () => { tapped = performance.now(); },
                          { once: true, capture: true });
    const observer = new MutationObserver(() => {
      if (tapped !== null && hole.dataset.team !== undefined) {
        observer.disconnect();
        resolve(performance.now() - tapped);
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
    """JSON requests on one kept-alive connection."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT_S)

    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body)
        headers = {} if body is None else {"Content-Type": "application/json"}
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


class ServiceThread:
    """The service on the simulated board, in a thread of this process with its own loop."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.listener = bind("127.0.0.1", 0)
        self.port: int = self.listener.getsockname()[1]
        self._ready = threading.Event()
        self._thread = threading.Thread(target=asyncio.run, args=(self._serve(),), daemon=True)

    async def _serve(self) -> None:
        config = Config(variant="qubic", settle_ms=0)
        self.loop = asyncio.get_running_loop()
        self.board = SimBoard(
            state_file=self.data_dir / "sim.json",
            layout=config.layout,
            max_brightness=config.brightness_cap,
            frame_limit=FRAME_LIMIT,
        )
        self.journal = Journal(self.data_dir)
        self.service = Service(
            self.board, config, self.journal, host="127.0.0.1", port=self.port, token=""
        )
        self._ready.set()
        with self.board:
            await self.service.run(self.listener)
        self.journal.close()

    def __enter__(self) -> ServiceThread:
        self._thread.start()
        if not self._ready.wait(WAIT_S):
            raise RuntimeError("the service did not start")
        return self

    def __exit__(self, *exc: object) -> None:
        self.loop.call_soon_threadsafe(self.service.stop)
        self._thread.join(WAIT_S)
        self.listener.close()

    def frame_showing(self, hole: int, before: tuple[int, int, int], since: float) -> float:
        """The time of the first LED frame from ``since`` on whose ``hole`` pixel is no
        longer ``before``."""
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            frames = list(self.board.frames)
            first = bisect.bisect_left(frames, since, key=lambda frame: frame.at)
            for frame in frames[first:]:
                if frame.color(hole) != before:
                    return float(frame.at)
            time.sleep(0.0005)
        raise RuntimeError(f"no LED frame showed the Man in hole {hole}")


def taps(count: int = TAPS) -> tuple[list[float], list[float]]:
    """Milliseconds of ``count`` taps: (tap to LED frame, tap to page update)."""
    from playwright.sync_api import sync_playwright  # a test dependency: checked by measure()

    rng = random.Random(SEED)
    led: list[float] = []
    page_ms: list[float] = []
    with (
        tempfile.TemporaryDirectory() as data,
        ServiceThread(Path(data)) as service,
        sync_playwright() as playwright,
    ):
        client = KeptAlive(service.port)
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.goto(f"http://127.0.0.1:{service.port}/")
            page.wait_for_selector("[data-hole]")
            while len(led) < count:
                state = client.request("GET", "/api/state")
                if state["phase"] != "await_place" or not state["allowed"]:
                    _next_game(client, state)
                    continue
                name = rng.choice(sorted(state["allowed"]))
                hole = parse(name)
                target = page.locator(f'[data-hole="{name}"]')
                target.scroll_into_view_if_needed()
                box = target.bounding_box()
                if box is None:
                    raise RuntimeError(f"hole {name} is not shown on the page")
                page.evaluate(_WATCH_TAP, name)
                last = service.board.frames[-1]
                page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                page.mouse.down()
                start = time.monotonic()
                page.mouse.up()
                shown = service.frame_showing(hole, last.color(hole), start)
                led.append((shown - start) * 1000)
                page_ms.append(float(page.evaluate("window.benchTap")))
        finally:
            browser.close()
            client.close()
    return led, page_ms


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
    """The figures for ``flixboard bench``."""
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
    led, page = taps(scaled(TAPS))
    led_p50, led_p99 = percentiles(led)
    page_p50, page_p99 = percentiles(page)
    return {
        **figures,
        "tap_led_ms_p50": round(led_p50, 2),
        "tap_led_ms_p99": round(led_p99, 2),
        "tap_page_ms_p50": round(page_p50, 2),
        "tap_page_ms_p99": round(page_p99, 2),
    }
