"""The controller's side of the search process (``controller.computer.think_worker``).

``ProcessThinker`` starts one long-lived worker process (the ``spawn`` start method: the
process shares no threads or locks with the service), sends it jobs and receives its answers on
a reader thread, which calls ``notify`` so the service's loop wakes up. ``cancel`` raises the
shared generation: the search running stops at its next budget check and its answer is dropped.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections import deque
from collections.abc import Callable

from controller.computer.think_worker import Answer, Job, serve

JOIN_S = 5.0
"""How long ``close`` waits for the worker to end before it is terminated."""


class ProcessThinker:
    """A search worker process; its answers in arrival order through ``take``."""

    def __init__(self, generation: int, notify: Callable[[], None] | None = None) -> None:
        context = multiprocessing.get_context("spawn")
        self.notify = notify
        self._current = context.Value("q", generation)
        self._jobs: multiprocessing.Queue[Job | None] = context.Queue()
        self._answers: multiprocessing.Queue[Answer | None] = context.Queue()
        self._process = context.Process(
            target=serve,
            args=(self._jobs, self._answers, self._current),
            name="flixboard-think",
            daemon=True,
        )
        self._process.start()
        self._arrived = threading.Condition()
        self._received: deque[Answer] = deque()
        self._reader = threading.Thread(target=self._read, name="flixboard-answers", daemon=True)
        self._reader.start()

    def submit(self, job: Job) -> None:
        """Search ``job`` (its generation becomes the current one)."""
        self._current.value = job.generation
        self._jobs.put(job)

    def cancel(self, generation: int) -> None:
        """Make ``generation`` the current one: every older job stops and is dropped."""
        self._current.value = generation

    def take(self) -> list[Answer]:
        """The answers received since the last call, oldest first."""
        with self._arrived:
            answers = list(self._received)
            self._received.clear()
        return answers

    def wait(self, generation: int, timeout: float) -> bool:
        """Block until an answer of ``generation`` is waiting (scripts and tests in simulated
        time); whether one is."""
        with self._arrived:
            return self._arrived.wait_for(
                lambda: any(a.generation == generation for a in self._received), timeout
            )

    def close(self) -> None:
        """End the worker process and the reader thread."""
        self._current.value = -1
        self._jobs.put(None)
        self._process.join(JOIN_S)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(JOIN_S)
        self._answers.put(None)
        self._reader.join(JOIN_S)

    def _read(self) -> None:
        while (answer := self._answers.get()) is not None:
            with self._arrived:
                self._received.append(answer)
                self._arrived.notify_all()
            if self.notify is not None:
                self.notify()
