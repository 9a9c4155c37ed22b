"""SKiDL, imported once for the package: its log and ERC files removed (it opens
``<script>.log`` and ``<script>.erc`` in the working directory at import;
:func:`wiring.schematics.erc.check` collects the ERC's messages instead), and the call trace it
stores with every part and net taken from the frames alone (``inspect.stack`` reads the source
of every frame: 18 ms a part, 10 s for Olix's 500 parts, against 0.1 s).;
its import looks for the script's name the same way, a dozen times: under pytest, whose stack is
deep and whose process has loaded thousands of modules, that cost each test worker about 4 s of
processor time at collection, so the import sees a stack of frames alone too."""

from __future__ import annotations

import inspect
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from types import FrameType


def _frames(context: int = 1) -> list[inspect.FrameInfo]:
    """``inspect.stack()`` without the source lines (``context`` is not read)."""
    found: list[inspect.FrameInfo] = []
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        code = frame.f_code
        found.append(
            inspect.FrameInfo(frame, code.co_filename, frame.f_lineno, code.co_name, None, None)
        )
        frame = frame.f_back
    return found


@contextmanager
def _stack_of_frames() -> Iterator[None]:
    """While inside, ``inspect.stack`` reads no source."""
    kept = inspect.stack
    inspect.stack = _frames
    try:
        yield
    finally:
        inspect.stack = kept


with _stack_of_frames():
    import skidl.circuit
    import skidl.node
    from skidl import POWER, SKIDL, TEMPLATE, Circuit, Net, Part, Pin
    from skidl.logger import erc_logger, rt_logger

_SKIDL_DIR = os.path.dirname(skidl.circuit.__file__)


def _trace() -> list[tuple[str, str]]:
    """``(file, line)`` of each caller outside SKiDL, outermost first, as SKiDL's own trace."""
    found: list[tuple[str, str]] = []
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        if not frame.f_code.co_filename.startswith(_SKIDL_DIR):
            found.append((os.path.abspath(frame.f_code.co_filename), str(frame.f_lineno)))
        frame = frame.f_back
    return found[::-1]


def _no_log_files() -> None:
    """Close and delete the log files SKiDL opened at import (``<script>.log``, ``.erc``). Its
    own ``stop_log_file_output`` fails when another process in the same folder (a second test
    worker, whose script name is the same) has deleted the file first."""
    for logger in (rt_logger, erc_logger):
        for handler in list(logger.log_file_handlers):
            handler.close()
            with suppress(FileNotFoundError):
                os.remove(handler.filename or "")
            handler.filename = None
            logger.removeHandler(handler)


_no_log_files()
skidl.circuit.get_skidl_trace = _trace
skidl.node.get_skidl_trace = _trace

__all__ = ["POWER", "SKIDL", "TEMPLATE", "Circuit", "Net", "Part", "Pin", "erc_logger"]
