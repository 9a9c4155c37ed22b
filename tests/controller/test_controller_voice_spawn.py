"""The speech engine's process starts without holding the interpreter: while the C library
waits for the new process to reach its program, the service's other threads (its loop) run on.

The child is held before its program by opening a FIFO for its errors: a FIFO opens for
writing only once a reader opens it. A thread of this process is that reader, so the spawn
can end only if the thread runs meanwhile. A process of its own opens the FIFO after
``RESCUE_S`` (marking its turn first) so that a spawn holding the interpreter ends too, and
fails the test instead of hanging it."""

from __future__ import annotations

import os
import subprocess
import threading
from pathlib import Path

from controller.voice.spawn import spawn

RESCUE_S = 30


def test_another_thread_runs_while_the_engine_s_process_starts(tmp_path: Path) -> None:
    fifo = tmp_path / "errors"
    os.mkfifo(fifo)
    rescued = tmp_path / "rescued"
    rescue = subprocess.Popen(
        ["sh", "-c", f'sleep {RESCUE_S}; : > "{rescued}"; exec 3< "{fifo}"; sleep 5']
    )
    spawning = threading.Event()
    readers: list[int] = []

    def read_the_errors() -> None:  # runs only when the spawning thread lets go
        spawning.wait()
        readers.append(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))

    reader = threading.Thread(target=read_the_errors)
    reader.start()
    stdin_read, stdin_write = os.pipe()
    out_read, out_write = os.pipe()
    try:
        spawning.set()
        pid = spawn(["/bin/sh", "-c", "echo said"], stdin_read, out_write, errors=str(fifo))
        assert not rescued.exists(), "the spawn waited for the rescue: the thread could not run"
        os.close(out_write)
        os.close(stdin_write)
        assert os.read(out_read, 100) == b"said\n"
        assert os.waitpid(pid, 0)[1] == 0
    finally:
        reader.join()
        rescue.kill()
        rescue.wait()
        for fd in (stdin_read, out_read, *readers):
            os.close(fd)
