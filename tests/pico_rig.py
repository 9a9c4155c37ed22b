"""The whole serial stack in one process, for tests and benchmarks: a ``SimBoard`` behind a
simulated Pico on a pty, and a ``SerialBackend`` talking to it over real pyserial."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hal.base import FLIX_GEOMETRY, BoardGeometry
from hal.serial_backend import SerialBackend
from sim.board import SimBoard
from sim.mcu import SimPico


@dataclass(frozen=True)
class PicoRig:
    """The backend under test, the board its wires lead to, and the simulated Pico between."""

    backend: SerialBackend
    board: SimBoard
    pico: SimPico


@contextmanager
def pico_rig(geometry: BoardGeometry = FLIX_GEOMETRY, **backend_options: Any) -> Iterator[PicoRig]:
    """Start a simulated Pico (linked as ``flixboard`` in a temporary directory, like udev's
    name) in a board of ``geometry`` (a flat one senses presence; its Pico is set up for it) and
    open a ``SerialBackend`` on it; closes all three afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="flixboard-rig-"))
    board = SimBoard(geometry=geometry, sensing="presence" if geometry.flat else "analog")
    pico = SimPico(board, link=folder / "flixboard", storage_dir=folder / "flash")
    try:
        pico.start()
        backend = SerialBackend(pico.port, geometry=geometry, **backend_options)
        try:
            yield PicoRig(backend, board, pico)
        finally:
            backend.close()
    finally:
        pico.close()
        board.close()
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def pico_pair() -> Iterator[tuple[SerialBackend, SimBoard]]:
    """``(backend, board)`` for the backend contract suite."""
    with pico_rig() as rig:
        yield rig.backend, rig.board
