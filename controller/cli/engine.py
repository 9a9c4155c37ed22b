"""``flixboard engine``: the rules engine's text protocol on stdin/stdout (see engine.protocol).

A reader thread feeds input lines to the main loop; a ``go`` or ``hint`` search runs on a worker
thread. While it runs, ``stop`` and ``isready`` are carried out at once; other commands wait, in
order, until the search has answered (``quit`` when its turn comes stops the search).
"""

from __future__ import annotations

import argparse
import queue
import sys
import threading
import time
from collections import deque
from typing import TextIO

from engine.protocol import Emit, EngineProtocol, Search

_END_OF_INPUT = object()
_SEARCH_ENDED = object()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options: everything is set through protocol commands."""


def serve(source: TextIO, sink: TextIO) -> int:
    """Answer each command line of ``source`` on ``sink`` (flushed line by line) until ``quit``
    or the end of input; at the end of input a search finishes (``go infinite`` is stopped) and
    answers first."""
    lock = threading.Lock()

    def emit(line: str) -> None:
        with lock:
            sink.write(line + "\n")
            sink.flush()

    inbox: queue.Queue[object] = queue.Queue()
    threading.Thread(target=_read, args=(source, inbox), name="engine-input", daemon=True).start()
    protocol = EngineProtocol(clock=time.monotonic, emit=emit)
    waiting: deque[str] = deque()
    started: Search | None = None
    worker: threading.Thread | None = None
    ended = False
    while not protocol.finished:
        item = inbox.get()
        verb = item.lower().split()[:1] if isinstance(item, str) else None
        if not isinstance(item, str) or ended:
            pass  # nothing is read after quit (or the end of input)
        elif protocol.busy and verb in (["stop"], ["isready"]):
            waiting.appendleft(item)  # at once, ahead of the commands waiting for the search
        else:
            waiting.append(item)
        ended = ended or item is _END_OF_INPUT or verb == ["quit"]
        while waiting and not protocol.finished and not protocol.waits(waiting[0]):
            for answer in protocol.handle(waiting.popleft()):
                emit(answer)
            if protocol.searching is not None and protocol.searching is not started:
                started = protocol.searching
                worker = _start(started, emit, inbox)
        if ended and not waiting and not protocol.busy:
            break
        if ended and started is not None and started.infinite and not started.stopped:
            started.stop()  # no stop can come after quit: the infinite search answers now
    if worker is not None:
        worker.join()
    return 0


def _read(source: TextIO, inbox: queue.Queue[object]) -> None:
    for line in source:
        inbox.put(line)
    inbox.put(_END_OF_INPUT)


def _start(search: Search, emit: Emit, inbox: queue.Queue[object]) -> threading.Thread:
    """Run ``search`` on a worker thread; ``go infinite`` answers only once ``stop`` came."""
    stopped = threading.Event()
    search.when_stopped = stopped.set  # set before the thread starts: no stop is missed

    def work() -> None:
        search.run()
        if search.infinite:
            stopped.wait()
        search.finish(emit)
        inbox.put(_SEARCH_ENDED)

    worker = threading.Thread(target=work, name="engine-search", daemon=True)
    worker.start()
    return worker


def main(args: argparse.Namespace) -> int:
    return serve(sys.stdin, sys.stdout)
