"""Fixtures of the Raspberry Pi path: the gpio backend on a stand-in ``RPi.GPIO`` wired to a
``SimBoard``, and the real ``neopixel`` library on Blinka's os-agnostic mock board; for the flat
boards (``grid``: Flip 4 and Olix as ``wiring/*-pi.toml`` wire them) the same on a flat
``SimBoard``, its frames decoded back onto that board."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any
from unittest.mock import MagicMock

import pytest
from pytest_mock import MockerFixture

from hal.geometry import GridWiring
from hal.gpio_backend import GpioBackend
from hal.gpio_grid import GridGpioBackend
from hal.pi_grid import load_pi_grid
from hal.pi_wiring import PiWiring, load_pi
from sim.board import SimBoard
from sim.clock import SimClock
from tests.pi.gpio_standin import (
    MOCK_NEOPIXEL_PIN,
    StandInGPIO,
    blinka_mock_board,
    frame_decoder,
    grid_gpio,
    rpi_modules,
    spaceboard_gpio,
)


@pytest.fixture
def wiring() -> PiWiring:
    return load_pi()


@pytest.fixture
def clock() -> SimClock:
    return SimClock()


@pytest.fixture
def board(clock: SimClock) -> Iterator[SimBoard]:
    board = SimBoard(clock=clock, sensing="presence")
    yield board
    board.close()


@pytest.fixture
def gpio(board: SimBoard, wiring: PiWiring, mocker: MockerFixture) -> StandInGPIO:
    """The stand-in ``RPi.GPIO``, the only module patched into ``sys.modules``."""
    return installed(spaceboard_gpio(board, wiring), mocker)


def installed(gpio: StandInGPIO, mocker: MockerFixture) -> StandInGPIO:
    """``gpio`` patched into ``sys.modules`` as ``RPi.GPIO`` for the test."""
    mocker.patch.dict(sys.modules, rpi_modules(gpio))
    return gpio


@pytest.fixture
def neopixel() -> Iterator[Any]:
    """The real ``neopixel`` module on Blinka's mock board."""
    with blinka_mock_board() as module:
        yield module


@pytest.fixture
def wire(neopixel: Any, mocker: MockerFixture) -> MagicMock:
    """The NeoPixel wire write, recording ``(pin, bytes)`` of each frame."""
    writes = mocker.patch.object(neopixel, "neopixel_write")
    writes.frames = []
    writes.side_effect = lambda pin, buf: writes.frames.append(bytes(buf))
    return writes


@pytest.fixture
def backend(gpio: StandInGPIO, wire: MagicMock, clock: SimClock) -> Iterator[GpioBackend]:
    """The gpio backend on the simulated clock; scans run only when the test calls ``scan()``."""
    backend = GpioBackend(
        clock=clock, led_pin=MOCK_NEOPIXEL_PIN, scan_thread=False, row_settle_s=0.0
    )
    yield backend
    backend.close()


@pytest.fixture(params=["flip4", "olix"])
def grid(request: pytest.FixtureRequest) -> GridWiring:
    """The Pi's wiring of each flat board."""
    return load_pi_grid(request.param)


@pytest.fixture
def flat_board(clock: SimClock, grid: GridWiring) -> Iterator[SimBoard]:
    board = SimBoard(clock=clock, geometry=grid.geometry, sensing="presence")
    yield board
    board.close()


@pytest.fixture
def flat_gpio(flat_board: SimBoard, grid: GridWiring, mocker: MockerFixture) -> StandInGPIO:
    """The stand-in ``RPi.GPIO`` wired to the flat board."""
    return installed(grid_gpio(flat_board, grid), mocker)


@pytest.fixture
def flat_backend(
    flat_gpio: StandInGPIO,
    flat_board: SimBoard,
    grid: GridWiring,
    neopixel: Any,
    clock: SimClock,
    mocker: MockerFixture,
) -> Iterator[GridGpioBackend]:
    """The flat board's gpio backend on the simulated clock, stepped by ``scan()``; each frame on
    the NeoPixel wire is decoded back onto ``flat_board``."""
    opened: list[GridGpioBackend] = []
    mocker.patch.object(
        neopixel,
        "neopixel_write",
        frame_decoder(flat_board, lambda: opened[0] if opened else None, flat_gpio.pins),
    )
    backend = GridGpioBackend(
        wiring=grid, clock=clock, led_pin=MOCK_NEOPIXEL_PIN, scan_thread=False, row_settle_s=0.0
    )
    opened.append(backend)
    yield backend
    backend.close()
