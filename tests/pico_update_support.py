"""The simulated Pico and the stand-in bootloader drive that the Pico update's tests share
(``tests/serial/test_serial_pico_update.py``, the command; ``tests/web/test_web_pico_update.py``,
the settings page): the firmware's own ``Board`` on a pty (``sim/mcu.py``), its bootloader a
folder that appears with an RP2040's ``INFO_UF2.TXT`` (``sim/bootloader.py``). A plugin of
``tests/conftest.py``: its fixtures serve every test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from controller.tools.pico_update import CarriedFirmware, carried_firmware
from firmware.board import Board
from hal.base import BoardGeometry
from sim.board import SimBoard
from sim.bootloader import SimBootloader
from sim.mcu import SimPico

OLD = (1, 0)
"""The firmware version of a Pico that needs the update."""


@pytest.fixture
def carried() -> CarriedFirmware:
    """The UF2 this release carries (firmware/dist) and its version."""
    return carried_firmware()


@pytest.fixture
def drive(tmp_path: Path) -> Path:
    """Where the stand-in RPI-RP2 drive appears (as udisks would mount it; the command's
    ``--drive``, the service's ``[board] pico_drive``)."""
    return tmp_path / "media" / "RPI-RP2"


def start_pico(
    tmp_path: Path,
    bootloader: SimBootloader,
    version: tuple[int, int] = OLD,
    geometry: BoardGeometry | None = None,
    firmware: type[Board] = Board,
) -> SimPico:
    """A simulated Pico of ``geometry`` (default the spaceboard) running firmware ``version``,
    linked at ``tmp_path/flixboard``, its flash in ``tmp_path/flash``."""
    board = SimBoard(geometry=geometry, sensing="presence") if geometry else SimBoard()
    pico = SimPico(
        board,
        link=tmp_path / "flixboard",
        storage_dir=tmp_path / "flash",
        bootloader=bootloader,
        version=version,
        firmware=firmware,
    )
    pico.start()
    return pico


@pytest.fixture
def pico_factory(tmp_path: Path) -> Iterator[Callable[..., SimPico]]:
    """``pico_factory(bootloader, version=OLD, geometry=None, firmware=Board)``: a started
    simulated Pico (``start_pico``), closed with its board after the test."""
    started: list[SimPico] = []

    def make(
        bootloader: SimBootloader,
        version: tuple[int, int] = OLD,
        geometry: BoardGeometry | None = None,
        firmware: type[Board] = Board,
    ) -> SimPico:
        pico = start_pico(tmp_path, bootloader, version, geometry, firmware)
        started.append(pico)
        return pico

    yield make
    for pico in started:
        pico.close()
        pico.board.close()
