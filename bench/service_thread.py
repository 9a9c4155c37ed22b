"""The service on the simulated board in a thread of the bench's own process, so that the bench
can reach into it (the voice bench swaps the voice's speech queue between rounds)."""

from __future__ import annotations

import asyncio
import bisect
import threading
import time
from pathlib import Path

from controller.config import Config
from controller.records.journal import Journal
from controller.server.service import Service, bind
from sim.board import SimBoard

WAIT_S = 20.0
"""The longest the bench waits for the service or a frame."""
FRAME_LIMIT = 1000
"""The LED frames the simulated board keeps (the bench reads only the newest)."""


class ServiceThread:
    """The service on the simulated board, in a thread of this process with its own loop."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.listener = bind("127.0.0.1", 0)
        self.port: int = self.listener.getsockname()[1]
        self._ready = threading.Event()
        self._thread = threading.Thread(target=asyncio.run, args=(self._serve(),), daemon=True)

    async def _serve(self) -> None:
        config = Config.of(variant="qubic", settle_ms=0)
        self.loop = asyncio.get_running_loop()
        self.board = SimBoard(
            state_file=self.data_dir / "sim.json",
            layout=config.layout,
            max_brightness=config.leds.brightness_cap,
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
