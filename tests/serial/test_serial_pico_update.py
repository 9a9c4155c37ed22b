"""``flixboard pico-update`` against a simulated Pico over a pty, its bootloader a stand-in
drive (a folder with an RP2040's ``INFO_UF2.TXT``): the version check, the BOOTLOADER frame, the
copy, the wait for the Pico to come back, the checks after, and every failure path with the
way back it names. The simulated Pico and its drive: ``tests/pico_update_support.py``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from controller.cli import main as cli
from controller.tools.pico_update import CarriedFirmware, dotted
from hal.geometry import load_geometry
from hal.serial_backend import SerialBackend
from sim.bootloader import IMAGE_NAME, FirmwareBefore12, SimBootloader
from sim.mcu import SimPico
from tests.pico_update_support import OLD

SILENT = ("--answer-wait", "1")
"""For a port nothing answers on: the Pico is not given its 5 s."""


def update(pico: SimPico | Path, drive: Path, *options: str) -> int:
    port = str(pico) if isinstance(pico, Path) else pico.port
    argv = ["pico-update", "--port", port, "--drive", str(drive)]
    return cli([*argv, "--drive-wait", "20", "--back-wait", "20", *options])


def firmware_of(pico: SimPico) -> tuple[tuple[int, int], str]:
    with SerialBackend(pico.port, open_timeout=10) as link:
        assert link.info is not None
        return link.info.firmware, link.geometry.key


def test_an_older_pico_is_flashed_through_its_bootloader_drive(
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bootloader = SimBootloader(drive, version=carried.version)
    pico = pico_factory(bootloader)
    assert update(pico, drive) == 0
    out = capsys.readouterr().out
    assert f"runs firmware 1.0, this release carries {dotted(carried.version)}" in out
    assert f"runs firmware {dotted(carried.version)}, the flix board" in out
    assert bootloader.flashed == 1 and bootloader.image == carried.image
    assert not drive.exists()  # the drive went with the restart
    assert pico.boots == 2
    assert firmware_of(pico) == (carried.version, "flix")


def test_a_pico_that_runs_the_carried_version_is_left_alone(
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bootloader = SimBootloader(drive, version=OLD)
    pico = pico_factory(bootloader, version=carried.version)
    assert update(pico, drive) == 0
    assert f"already runs firmware {dotted(carried.version)}" in capsys.readouterr().out
    assert (bootloader.flashed, pico.boots, pico.in_bootloader) == (0, 1, False)


def test_force_flashes_the_same_version(
    pico_factory: Callable[..., SimPico], drive: Path, carried: CarriedFirmware
) -> None:
    bootloader = SimBootloader(drive, version=carried.version)
    pico = pico_factory(bootloader, version=carried.version)
    assert update(pico, drive, "--force") == 0
    assert bootloader.flashed == 1


def test_no_pico_and_no_drive_is_the_users_to_check(
    tmp_path: Path, drive: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert update(tmp_path / "ttyACM9", drive, *SILENT) == 2
    err = capsys.readouterr().err
    assert f"no Pico answers on {tmp_path / 'ttyACM9'}" in err
    assert "no RPI-RP2 drive is mounted" in err and "hold the BOOTSEL button" in err


def test_a_pico_that_does_not_answer_is_reported(
    pico_factory: Callable[..., SimPico], drive: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pico = pico_factory(SimBootloader(drive))
    pico.freeze()
    assert update(pico, drive, *SILENT) == 2
    assert f"no Pico answers on {pico.port}" in capsys.readouterr().err
    assert not drive.exists()


def test_a_drive_that_never_appears_says_how_to_recover(
    pico_factory: Callable[..., SimPico], drive: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pico = pico_factory(SimBootloader(None))  # no automounting: the drive shows nowhere
    argv = ["pico-update", "--port", pico.port, "--drive", str(drive), "--drive-wait", "1"]
    assert cli(argv) == 1
    err = capsys.readouterr().err
    assert "the Pico's RPI-RP2 drive did not appear within 1 s" in err
    assert "hold the BOOTSEL button on the Pico while plugging it in" in err
    assert pico.in_bootloader


def test_a_firmware_before_the_frame_is_updated_after_bootsel(
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bootloader = SimBootloader(drive, version=carried.version)
    pico = pico_factory(bootloader, version=(1, 1), firmware=FirmwareBefore12)
    assert update(pico, drive, "--force") == 1
    err = capsys.readouterr().err
    assert "the Pico's firmware 1.1 cannot restart into its bootloader by itself" in err
    assert "hold the BOOTSEL button on the Pico while plugging it in" in err
    assert not pico.in_bootloader and pico.boots == 1  # it runs on, untouched
    pico.bootsel()
    assert update(pico, drive, *SILENT) == 0
    assert "one waits in its bootloader at" in capsys.readouterr().out
    assert bootloader.flashed == 1
    assert firmware_of(pico) == (carried.version, "flix")


def test_a_full_drive_fails_the_copy_and_a_second_try_recovers(
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bootloader = SimBootloader(drive, version=carried.version, full=True)
    pico = pico_factory(bootloader)
    assert update(pico, drive) == 1
    err = capsys.readouterr().err
    assert f"copying the firmware to {drive / IMAGE_NAME} failed: No space left on device" in err
    assert "the Pico waits in its bootloader" in err and "run `flixboard pico-update` again" in err
    assert pico.in_bootloader and bootloader.flashed == 0
    (drive / IMAGE_NAME).unlink()  # room on the drive again
    assert update(pico, drive, *SILENT) == 0
    assert "one waits in its bootloader at" in capsys.readouterr().out
    assert firmware_of(pico) == (carried.version, "flix")


def test_a_pico_that_does_not_come_back_is_reported(
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bootloader = SimBootloader(drive, version=carried.version, comes_back=False)
    pico = pico_factory(bootloader)
    argv = ["pico-update", "--port", pico.port, "--drive", str(drive), "--back-wait", "2"]
    assert cli(argv) == 1
    err = capsys.readouterr().err
    assert f"the Pico did not come back on {pico.port} within 2 s after the copy" in err
    assert "unplug it and plug it in again" in err
    assert bootloader.flashed == 1


def test_a_copy_that_did_not_take_is_reported(
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bootloader = SimBootloader(drive, version=OLD)  # the old firmware starts again
    pico = pico_factory(bootloader)
    assert update(pico, drive) == 1
    err = capsys.readouterr().err
    assert f"the Pico reports firmware 1.0, not the {dotted(carried.version)}" in err
    assert "run `flixboard pico-update` again" in err
    assert bootloader.flashed == 1


def test_a_lost_calibration_is_reported(
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bootloader = SimBootloader(drive, version=carried.version, wipes_flash=True)
    pico = pico_factory(bootloader)
    with SerialBackend(pico.port, open_timeout=10) as link:
        link.set_thresholds(300, 150)
    assert update(pico, drive) == 1
    err = capsys.readouterr().err
    assert f"runs firmware {dotted(carried.version)} now but lost its calibration" in err
    assert f"flixboard calibrate --port {pico.port}" in err


def test_a_flat_boards_profile_is_given_back(
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bootloader = SimBootloader(drive, version=carried.version, wipes_flash=True)
    pico = pico_factory(bootloader, geometry=load_geometry("flip4"))
    assert update(pico, drive) == 0
    out = capsys.readouterr().out
    assert "came back as the flix board: setting it up for flip4 again" in out
    assert f"runs firmware {dotted(carried.version)}, the flip4 board" in out
    assert (pico.storage_dir / "profile.txt").read_text() == "flip4"
    assert firmware_of(pico) == (carried.version, "flip4")


def test_a_firmware_image_without_its_version_is_the_users(
    tmp_path: Path, drive: Path, capsys: pytest.CaptureFixture[str], carried: CarriedFirmware
) -> None:
    image = tmp_path / "dist" / "flixboard-pico.uf2"
    image.parent.mkdir()
    image.write_bytes(carried.image)
    assert update(tmp_path / "ttyACM9", drive, "--uf2", str(image)) == 2
    assert "cannot use the firmware image" in capsys.readouterr().err
    (image.parent / "SOURCES.txt").write_text("board: RPI_PICO\n")
    assert update(tmp_path / "ttyACM9", drive, "--uf2", str(image)) == 2
    assert "names no firmware-version" in capsys.readouterr().err
    image.write_bytes(carried.image[:-512])
    assert update(tmp_path / "ttyACM9", drive, "--uf2", str(image)) == 2
    assert "block 0 says it is block 0 of" in capsys.readouterr().err
