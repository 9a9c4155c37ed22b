"""Rigs for the backend contract suite: a backend under test and the hands behind it.

Each entry of ``FACTORIES`` opens one backend together with its physical driver: the ``SimBoard``
whose hands move pieces, panels and buttons and which records the frames the pixels receive. For
the ``sim`` backend that is the board itself; for the others, the board behind a simulated Pico on
a pty or behind a stand-in ``RPi.GPIO`` module. ``FLAT_FACTORIES`` open the backends of the flat
boards (no panels): ``pair`` runs both kinds, ``spaceboard_pair`` the spaceboard's only. Adding a
backend to the suite is one entry here. Every factory must load: a backend that cannot load here
fails the suite, it is never skipped.

Readings of some backends arrive asynchronously, so tests assert through ``wait_until``, which
returns at once when the condition already holds (always, for the ``sim`` backend).
"""

from __future__ import annotations

import runpy
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest

from hal.base import FLIX_GEOMETRY, Backend, BoardGeometry
from hal.geometry import load_geometry
from sim.board import SimBoard
from sim.clock import SimClock
from tests.pico_rig import pico_pair, pico_rig

Rig = tuple[Backend, SimBoard]
"""(backend under test, the simulated board its wires lead to)."""
Factory = Callable[[], AbstractContextManager[Rig]]


@contextmanager
def sim_rig(sensing: str, geometry: BoardGeometry = FLIX_GEOMETRY) -> Iterator[Rig]:
    board = SimBoard(clock=SimClock(), sensing=sensing, geometry=geometry)
    try:
        yield board, board
    finally:
        board.close()


@contextmanager
def serial_flat_rig(grid: str) -> Iterator[Rig]:
    """A simulated Pico set up for a flat board, behind the serial backend."""
    with pico_rig(load_geometry(grid)) as rig:
        yield rig.backend, rig.board


def gpio_rig(grid: str | None = None) -> AbstractContextManager[Rig]:
    """The stand-in rig of tests/pi: the spaceboard's gpio backend, or a flat board's."""
    rig = runpy.run_path(str(Path(__file__).parents[1] / "pi" / "gpio_standin.py"))["gpio_rig"]
    opened: AbstractContextManager[Rig] = rig(grid=grid)
    return opened


FACTORIES: dict[str, Factory] = {
    "sim": lambda: sim_rig("analog"),
    "sim-presence": lambda: sim_rig("presence"),
    "serial": pico_pair,
    "gpio": gpio_rig,
}
FLAT_FACTORIES: dict[str, Factory] = {
    "sim-flip4": lambda: sim_rig("presence", load_geometry("flip4")),
    "serial-flip4": lambda: serial_flat_rig("flip4"),
    "serial-olix": lambda: serial_flat_rig("olix"),
    "gpio-flip4": lambda: gpio_rig("flip4"),
    "gpio-olix": lambda: gpio_rig("olix"),
}


@pytest.fixture(params=[*FACTORIES, *FLAT_FACTORIES])
def pair(request: pytest.FixtureRequest) -> Iterator[Rig]:
    """(backend under test, physical driver) for every backend of the suite."""
    with (FACTORIES | FLAT_FACTORIES)[request.param]() as rig:
        yield rig


@pytest.fixture(params=list(FACTORIES))
def spaceboard_pair(request: pytest.FixtureRequest) -> Iterator[Rig]:
    """(backend under test, physical driver) for every backend of the spaceboard."""
    with FACTORIES[request.param]() as rig:
        yield rig
