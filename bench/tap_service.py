"""The tap bench's service in a process of its own, as a player's service runs.

``python bench/tap_service.py DATA_DIR`` serves the simulated board (Qubic, settle time 0) on a
free loopback port and prints ``{"port": N}``. The bench then sends one JSON line per round of
taps, ``{"taps": [[hole, since], ...]}`` (``since`` on ``time.monotonic()``, which every process
of the machine shares), and gets one line back:

- ``shown``: for each tap, the time of the first LED frame from ``since`` on whose hole pixel
  differs from the one shown at ``since`` (``null``: none);
- ``placed``: for each tap, when the page's order reached the hand (the route had read the
  request), ``null`` when it did not;
- ``collections``: the garbage collections since the last round, ``[start, ms, generation]``.

An empty line stops the service. The script imports no ``bench`` module, so it runs the service
of whichever checkout ``PYTHONPATH`` names first (the bench's comparison with an earlier
checkout).
"""

from __future__ import annotations

import asyncio
import bisect
import gc
import json
import sys
import tempfile
import threading
import time
from pathlib import Path

from controller.config import Config
from controller.records.journal import Journal
from controller.server.service import Service, bind
from engine.holes import Layout
from hal.base import Piece
from sim.board import Frame, HoleLike, SimBoard


class TimedBoard(SimBoard):
    """The simulated board, noting when each hand's placement began."""

    def __init__(self, state_file: Path, layout: Layout, max_brightness: float) -> None:
        super().__init__(state_file=state_file, layout=layout, max_brightness=max_brightness)
        self.placed: list[tuple[float, int]] = []

    def place(
        self, hole: HoleLike, piece: Piece | str = Piece.MAN, *, strong: bool = False
    ) -> None:
        self.placed.append((time.monotonic(), self._hole(hole)))
        super().place(hole, piece, strong=strong)


class Collections:
    """The garbage collections of this process, as ``gc.callbacks`` report them."""

    def __init__(self) -> None:
        self.done: list[tuple[float, float, int]] = []
        self._started = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        now = time.monotonic()
        if phase == "start":
            self._started = now
        else:
            self.done.append((self._started, (now - self._started) * 1000, info["generation"]))

    def take(self) -> list[tuple[float, float, int]]:
        done, self.done = self.done, []
        return done


def first_change(frames: list[Frame], hole: int, since: float) -> float | None:
    """The time of the first frame from ``since`` on whose ``hole`` pixel differs from the
    pixel shown at ``since``."""
    first = bisect.bisect_left(frames, since, key=lambda frame: frame.at)
    before = frames[first - 1].color(hole) if first else None
    for frame in frames[first:]:
        if frame.color(hole) != before:
            return frame.at
    return None


def answer(board: TimedBoard, collections: Collections, taps: list[list[float]]) -> str:
    """The round's line: when each tap's frame showed and its order arrived, and the
    collections."""
    frames = list(board.frames)
    del board.frames[: len(frames) - 1]  # the last stays: what the next round's first tap sees
    placed = list(board.placed)
    del board.placed[: len(placed)]
    shown, arrived = [], []
    for hole, since in taps:
        shown.append(first_change(frames, int(hole), since))
        arrived.append(next((at for at, h in placed if h == hole and at >= since), None))
    return json.dumps({"shown": shown, "placed": arrived, "collections": collections.take()})


async def serve(data_dir: Path) -> None:
    config = Config.of(variant="qubic", settle_ms=0)
    listener = bind("127.0.0.1", 0)
    board = TimedBoard(
        state_file=data_dir / "sim.json",
        layout=config.layout,
        max_brightness=config.leds.brightness_cap,
    )
    journal = Journal(data_dir)
    port = listener.getsockname()[1]
    service = Service(board, config, journal, host="127.0.0.1", port=port, token="")
    loop = asyncio.get_running_loop()
    collections = Collections()

    def orders() -> None:
        for line in sys.stdin:
            if not line.strip():
                break
            print(answer(board, collections, json.loads(line)["taps"]), flush=True)
        loop.call_soon_threadsafe(service.stop)

    threading.Thread(target=orders, daemon=True).start()
    print(json.dumps({"port": port}), flush=True)
    with board:
        await service.run(listener)
    journal.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as data:
        asyncio.run(serve(Path(sys.argv[1] if len(sys.argv) > 1 else data)))


if __name__ == "__main__":
    main()
