"""The voice's own queue: lines said one at a time on a worker thread, never on the loop.

``put`` only takes a lock and wakes the worker, so the asyncio loop never waits for speech.
A line replaces the lines waiting whose topic it names (later news replaces stale news); the
line being said is never cut, except by ``mute``.
"""

from __future__ import annotations

import functools
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from controller.voice.engines import Engine
from controller.voice.lines import EVERY_TOPIC, Line

Started = Callable[[Line, float], None]
"""Told each line as its first sound is made, with ``time.perf_counter()`` then."""


@dataclass
class Loudness:
    """How the lines are said: ``volume`` 0..100, ``rate`` words a minute, ``muted``."""

    volume: int
    rate: int
    muted: bool = False


class SpeechQueue:
    """See the module docstring. ``said`` lists the lines begun, in order; ``dropped`` those
    replaced before they were said."""

    def __init__(self, engine: Engine, loudness: Loudness, started: Started | None = None) -> None:
        self.engine = engine
        self.loudness = loudness
        self.said: list[Line] = []
        self.dropped: list[Line] = []
        self._started = started
        self._waiting: list[Line] = []
        self._saying = False
        self._closed = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._work, name="flixboard-voice", daemon=True)
        self._thread.start()

    def put(self, lines: Iterable[Line]) -> None:
        """Queue ``lines`` in order, each replacing the waiting lines of its ``replaces``."""
        with self._changed:
            for line in lines:
                stale = [w for w in self._waiting if _replaced(w, line)]
                self.dropped.extend(stale)
                self._waiting = [w for w in self._waiting if not _replaced(w, line)]
                if not self.loudness.muted:
                    self._waiting.append(line)
            self._changed.notify_all()

    def mute(self, muted: bool) -> None:
        """Mute (drop what waits and stop the line being said) or speak again."""
        with self._changed:
            self.loudness.muted = muted
            if muted:
                self.dropped.extend(self._waiting)
                self._waiting = []
        if muted:
            self.engine.stop()

    def idle(self) -> bool:
        """Nothing waits and nothing is being said."""
        with self._changed:
            return not self._waiting and not self._saying

    def wait_idle(self, timeout: float) -> bool:
        """Wait (not on the loop) until ``idle``; whether it became idle within ``timeout``."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while self._waiting or self._saying:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(left)
        return True

    def close(self) -> None:
        """Stop the worker after the line being said."""
        with self._changed:
            self._closed = True
            self._waiting = []
            self._changed.notify_all()
        self.engine.stop()
        self._thread.join(timeout=10)

    def _work(self) -> None:
        while True:
            with self._changed:
                while not self._waiting and not self._closed:
                    self._changed.wait()
                if self._closed:
                    return
                line = self._waiting.pop(0)
                self._saying = True
                volume, rate = self.loudness.volume, self.loudness.rate
            try:
                self.engine.speak(line.text, volume, rate, functools.partial(self._begun, line))
            except OSError as error:
                print(f"flixboard: the voice failed: {error}", file=sys.stderr, flush=True)
            finally:
                with self._changed:
                    self._saying = False
                    self._changed.notify_all()

    def _begun(self, line: Line) -> None:
        at = time.perf_counter()
        self.said.append(line)
        if self._started is not None:
            self._started(line, at)


def _replaced(waiting: Line, newer: Line) -> bool:
    return EVERY_TOPIC in newer.replaces or waiting.topic in newer.replaces
