"""SKiDL, imported once for the package: its log and ERC files removed (it opens
``<script>.log`` and ``<script>.erc`` in the working directory at import;
:func:`wiring.schematics.erc.check` collects the ERC's messages instead), and the call trace it
stores with every part and net taken from the frames alone (``inspect.stack`` reads the source
of every frame: 18 ms a part, 10 s for Olix's 500 parts, against 0.1 s)."""

from __future__ import annotations

import os
import sys
from contextlib import suppress

import skidl.circuit
import skidl.node
from skidl import POWER, SKIDL, TEMPLATE, Circuit, Net, Part, Pin
from skidl.logger import erc_logger, rt_logger

_SKIDL_DIR = os.path.dirname(skidl.circuit.__file__)


def _trace() -> list[tuple[str, str]]:
    """``(file, line)`` of each caller outside SKiDL, outermost first, as SKiDL's own trace."""
    found: list[tuple[str, str]] = []
    frame = sys._getframe(1)
    while frame is not None:
        if not frame.f_code.co_filename.startswith(_SKIDL_DIR):
            found.append((os.path.abspath(frame.f_code.co_filename), str(frame.f_lineno)))
        frame = frame.f_back  # type: ignore[assignment]
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
