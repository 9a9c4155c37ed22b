"""``flixboard pico-update``'s Pico side on an emulated RP2040 (rp2040js, the RP2040's own boot
ROM): the version the committed UF2 names is the one its firmware reports in INFO, and
``machine.bootloader()`` leaves the firmware for the ROM's USB boot. The drive the ROM then
serves is not emulated: the copy and the wait are tested on a stand-in drive
(tests/serial/test_serial_pico_update.py)."""

from __future__ import annotations

import pytest

from controller.cli import main as cli
from controller.tools.pico_update import carried_firmware, dotted
from sim.emulated_pico import bootloader_in_safe_mode, emulated_rig

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

