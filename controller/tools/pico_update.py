"""Update the Pico's firmware from the Pi (``flixboard pico-update``, docs/PICO-UPDATE.md).

Compare the firmware version the Pico names in INFO with the one of the UF2 the project carries
(``firmware/dist``, its version in ``SOURCES.txt``); on a difference: note the Pico's board
profile and calibration, restart it into its USB bootloader by a BOOTLOADER frame, wait for its
``RPI-RP2`` drive, copy the UF2 onto it, wait for the Pico to come back on its serial port, check
the version, and give it its profile back. Every failure raises ``UpdateFailed`` with a message
that says how to recover: a Pico that is not running the new firmware is either still running
the old one or waiting in its bootloader, and ``flixboard pico-update`` again (after holding
BOOTSEL while plugging it in, if need be) finishes the job.
"""

from __future__ import annotations

import contextlib
import glob
import importlib
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.i18n import error_words
from engine.phrase import Phrase, why
from hal.base import BoardGeometry
from hal.errors import BackendUnavailable, HalError
from hal.geometry import load_geometry
from hal.serial_backend import SerialBackend
from hal.serial_errors import CommandUnknown, ProtocolMismatch
from hal.uf2 import DRIVE_INFO, DRIVE_LABEL, check_image

CARRIED_UF2 = Path(__file__).resolve().parents[2] / "firmware" / "dist" / "flixboard-pico.uf2"
"""The UF2 this release carries; its ``SOURCES.txt`` beside it names its firmware version."""
IMAGE_NAME = "flixboard-pico.uf2"
"""The file written onto the bootloader's drive."""
MOUNT_GLOBS = ("/media/*/RPI-RP2", "/media/RPI-RP2", "/run/media/*/RPI-RP2", "/mnt/RPI-RP2")
"""Where desktop automounting (udisks) and the usual habits mount the drive."""
BY_LABEL = Path("/dev/disk/by-label") / DRIVE_LABEL
BOOTSEL = why(
    "hold the BOOTSEL button on the Pico while plugging it in (its RPI-RP2 drive appears),"
    " then run `flixboard pico-update` again"
)
"""The way back from any failure: the bootloader is in the RP2040's ROM, never overwritten."""


class UpdateFailed(Exception):
    """A step of the update failed; the message (a ``Phrase``: said in the reader's language)
    says which and how to recover. ``user_fault``: what the user gave cannot be used (the
    firmware file, a port where no Pico answers)."""

    def __init__(self, message: str, *, user_fault: bool = False) -> None:
        super().__init__(message)
        self.user_fault = user_fault


@dataclass(frozen=True)
class CarriedFirmware:
    """A UF2 image and the firmware version it brings."""

    path: Path
    image: bytes
    version: tuple[int, int]


@dataclass(frozen=True)
class Waits:
    """How long each step may take, in seconds."""

    answer_s: float = 5.0
    """For the Pico to answer at the start, and to acknowledge the BOOTLOADER frame."""
    drive_s: float = 30.0
    """For the bootloader's drive to appear (and be mounted) after the BOOTLOADER frame."""
    back_s: float = 30.0
    """For the Pico to come back on its serial port after the copy."""
    poll_s: float = 0.2


@dataclass(frozen=True)
class UpdateResult:
    """What ``update_pico`` did: the version before (``None``: the Pico was found waiting in its
    bootloader) and after, the board it reads, whether it flashed, and what it restored."""

    before: tuple[int, int] | None
    after: tuple[int, int]
    board: str
    updated: bool
    profile_restored: bool = False


def dotted(version: tuple[int, int]) -> str:
    return f"{version[0]}.{version[1]}"


def outcome_words(port: str, result: UpdateResult) -> Phrase:
    """What an update that did not fail did: nothing (the Pico runs the carried version), or the
    version and board the Pico runs now."""
    after = dotted(result.after)
    if not result.updated:
        return why("nothing to do: the Pico already runs firmware {version}", version=after)
    return why(
        "the Pico on {port} runs firmware {version}, the {board} board",
        port=port,
        version=after,
        board=result.board,
    )


def carried_firmware(path: Path = CARRIED_UF2) -> CarriedFirmware:
    """The UF2 at ``path`` and its version (``firmware-version:`` in ``SOURCES.txt`` beside it);
    ``UpdateFailed`` (status 2) if either cannot be used."""
    sources = path.with_name("SOURCES.txt")
    try:
        image = path.read_bytes()
        check_image(image)
        lines = sources.read_text().splitlines()
    except (OSError, ValueError) as error:
        message = why(
            "cannot use the firmware image {path}: {error}", path=path, error=error_words(error)
        )
        raise UpdateFailed(message, user_fault=True) from None
    for line in lines:
        if line.startswith("firmware-version:"):
            major, _, minor = line.split(":", 1)[1].strip().partition(".")
            if major.isdigit() and minor.isdigit():
                return CarriedFirmware(path, image, (int(major), int(minor)))
    raise UpdateFailed(
        why("{sources} names no firmware-version: MAJOR.MINOR", sources=sources), user_fault=True
    )


def find_drive(candidates: Sequence[Path] = ()) -> Path | None:
    """The mounted drive of an RP2040 bootloader: among ``candidates`` if given, else where it
    is usually mounted and wherever ``/dev/disk/by-label/RPI-RP2`` is."""
    paths = list(candidates) or [
        *(Path(p) for pattern in MOUNT_GLOBS for p in sorted(glob.glob(pattern))),
        *_mount_points(BY_LABEL),
    ]
    for path in paths:
        with contextlib.suppress(OSError):
            if f"Board-ID: {DRIVE_LABEL}" in (path / DRIVE_INFO).read_text(errors="replace"):
                return path
    return None


def _mount_points(device: Path) -> list[Path]:
    if not device.exists():
        return []
    real = os.path.realpath(device)
    points = []
    with contextlib.suppress(OSError), open("/proc/mounts") as mounts:
        for line in mounts:
            source, point = line.split()[:2]
            if os.path.realpath(source) == real:
                points.append(Path(point.replace("\\040", " ")))
    return points


def usb_serial_number(port: str) -> str | None:
    """The USB serial number of the device behind ``port`` (``None`` for a pty or unknown)."""
    real = os.path.realpath(port)
    for info in _comports():
        if info.device == real and info.serial_number:
            return str(info.serial_number)
    return None


def _comports() -> list[Any]:
    """pyserial's list of the USB serial ports (each with ``device`` and ``serial_number``)."""
    ports: list[Any] = importlib.import_module("serial.tools.list_ports").comports()
    return ports


def find_port(port: str, serial_number: str | None) -> str | None:
    """Where the Pico is now: the port of its USB serial number (its ``ttyACM`` number may have
    changed), else ``port`` if it exists."""
    if serial_number is not None:
        for info in _comports():
            if info.serial_number == serial_number:
                return str(info.device)
    return port if os.path.exists(port) else None


def copy_image(image: bytes, drive: Path) -> None:
    """Write ``image`` onto the bootloader's ``drive`` and flush it to the device.

    An error while writing is a failed copy; one while flushing or closing, once the drive is
    gone, is the bootloader restarting after the last block (the version check then decides)."""
    target = drive / IMAGE_NAME
    still = why(
        "the Pico waits in its bootloader: free or remount the drive and run `flixboard"
        " pico-update` again, or {bootsel}",
        bootsel=BOOTSEL,
    )
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    except OSError as error:
        raise UpdateFailed(
            why(
                "cannot write {target}: {error}; {still}",
                target=target,
                error=error.strerror,
                still=still,
            )
        ) from None
    try:
        view = memoryview(image)
        while view:
            view = view[os.write(fd, view) :]
    except OSError as error:
        with contextlib.suppress(OSError):
            os.close(fd)
        raise UpdateFailed(
            why(
                "copying the firmware to {target} failed: {error}; {still}",
                target=target,
                error=error.strerror,
                still=still,
            )
        ) from None
    try:
        os.fsync(fd)
        os.close(fd)
    except OSError as error:
        if (drive / DRIVE_INFO).exists():
            raise UpdateFailed(
                why(
                    "flushing the firmware to {target} failed: {error}; {still}",
                    target=target,
                    error=error.strerror,
                    still=still,
                )
            ) from None


def update_pico(
    port: str,
    carried: CarriedFirmware,
    *,
    drives: Sequence[Path] = (),
    waits: Waits = Waits(),
    force: bool = False,
    say: Callable[[str], None] = lambda line: None,
) -> UpdateResult:
    """Bring the Pico on ``port`` to ``carried``'s firmware (see the module); ``drives``: where
    its bootloader drive may be mounted (default: found). ``force`` flashes an equal version too.
    ``say`` hears each step (a ``Phrase``: said in the listener's language)."""
    try:
        pico = SerialBackend(port, open_timeout=waits.answer_s)
    except ProtocolMismatch as error:
        raise UpdateFailed(
            why(
                "{error}; to flash this release's firmware, {bootsel}",
                error=error_words(error),
                bootsel=BOOTSEL,
            )
        ) from None
    except BackendUnavailable as error:
        drive = find_drive(drives)
        if drive is None:
            raise UpdateFailed(
                why(
                    "no Pico answers on {port} ({error}) and no RPI-RP2 drive is mounted: check"
                    " the cable and --port; a Pico that runs no firmware: {bootsel}",
                    port=port,
                    error=error_words(error),
                    bootsel=BOOTSEL,
                ),
                user_fault=True,
            ) from None
        say(
            why(
                "no Pico answers on {port}, but one waits in its bootloader at {drive}",
                port=port,
                drive=drive,
            )
        )
        return _flash_and_check(port, None, carried, drive, waits, say)
    with pico:
        version = pico.info.firmware if pico.info else (0, 0)
        before = _Before(version, pico.geometry.key, pico.calibrated, usb_serial_number(port))
        if before.version == carried.version and not force:
            return UpdateResult(before.version, before.version, before.board, updated=False)
        say(
            why(
                "the Pico on {port} runs firmware {version}, this release carries {carried}:"
                " restarting it into its bootloader",
                port=port,
                version=dotted(before.version),
                carried=dotted(carried.version),
            )
        )
        try:
            pico.enter_bootloader(timeout=waits.answer_s)
        except CommandUnknown:
            raise UpdateFailed(
                why(
                    "the Pico's firmware {version} cannot restart into its bootloader by itself"
                    " (that came with firmware 1.2): {bootsel}",
                    version=dotted(before.version),
                    bootsel=BOOTSEL,
                )
            ) from None
        except HalError as error:
            raise UpdateFailed(
                why(
                    "the Pico did not restart into its bootloader ({error}); it still runs"
                    " firmware {version}: run `flixboard pico-update` again, or {bootsel}",
                    error=error_words(error),
                    version=dotted(before.version),
                    bootsel=BOOTSEL,
                )
            ) from None
    drive = _wait_for_drive(drives, waits)
    return _flash_and_check(port, before, carried, drive, waits, say)


@dataclass(frozen=True)
class _Before:
    version: tuple[int, int]
    board: str
    calibrated: bool = False
    serial_number: str | None = None


def _wait_for_drive(drives: Sequence[Path], waits: Waits) -> Path:
    deadline = time.monotonic() + waits.drive_s
    while (drive := find_drive(drives)) is None:
        if time.monotonic() > deadline:
            where = ", ".join(str(d) for d in drives) or "/media, /run/media, /mnt"
            unmounted = (
                why(
                    " ({device} is there but not mounted: mount it, say `udisksctl mount -b"
                    " {device}`, and pass --drive with its folder)",
                    device=BY_LABEL,
                )
                if BY_LABEL.exists()
                else ""
            )
            raise UpdateFailed(
                why(
                    "the Pico's RPI-RP2 drive did not appear within {seconds} s at {where}"
                    "{unmounted}. The Pico is safe in its bootloader or its old firmware:"
                    " {bootsel}",
                    seconds=f"{waits.drive_s:g}",
                    where=where,
                    unmounted=unmounted,
                    bootsel=BOOTSEL,
                )
            )
        time.sleep(waits.poll_s)
    return drive


def _flash_and_check(
    port: str,
    before: _Before | None,
    carried: CarriedFirmware,
    drive: Path,
    waits: Waits,
    say: Callable[[str], None],
) -> UpdateResult:
    serial_number = before.serial_number if before is not None else None
    say(
        why(
            "copying {file} ({size} bytes) to {drive}",
            file=carried.path.name,
            size=len(carried.image),
            drive=drive,
        )
    )
    copy_image(carried.image, drive)
    say(why("waiting for the Pico to restart with its new firmware"))
    pico = _reopen(port, serial_number, waits)
    with pico:
        after = pico.info.firmware if pico.info else (0, 0)
        board = pico.geometry.key
        if after != carried.version:
            raise UpdateFailed(
                why(
                    "after the copy the Pico reports firmware {version}, not the {carried} of"
                    " {path}: run `flixboard pico-update` again; if it fails once more,"
                    " {bootsel}. Firmware files copied onto its flash (make firmware-deploy)"
                    " come before the UF2's: delete them first (mpremote rm -r :firmware)",
                    version=dotted(after),
                    carried=dotted(carried.version),
                    path=carried.path,
                    bootsel=BOOTSEL,
                )
            )
        restored = before is not None and board != before.board
        if restored and before is not None:
            say(
                why(
                    "the Pico came back as the {board} board: setting it up for {before} again",
                    board=board,
                    before=before.board,
                )
            )
            try:
                pico.set_profile(before.board)
            except HalError as error:
                raise _profile_lost(port, before.board, error) from None
        calibrated = pico.calibrated
    if restored and before is not None:
        try:
            _reopen(port, serial_number, waits, load_geometry(before.board)).close()
        except UpdateFailed as error:
            raise _profile_lost(port, before.board, error) from None
        board = before.board
    if before is not None and before.calibrated and not calibrated:
        raise UpdateFailed(
            why(
                "the Pico runs firmware {version} now but lost its calibration: with every piece"
                " out and the panels lifted, run `flixboard calibrate --port {port}`",
                version=dotted(after),
                port=port,
            )
        )
    return UpdateResult(
        before.version if before else None, after, board, updated=True, profile_restored=restored
    )


def _profile_lost(port: str, board: str, error: Exception) -> UpdateFailed:
    return UpdateFailed(
        why(
            "the Pico runs the new firmware but did not take its board profile back ({error}):"
            " run `flixboard pico-setup --geometry {board} --port {port}`",
            error=error_words(error),
            board=board,
            port=port,
        )
    )


def _reopen(
    port: str, serial_number: str | None, waits: Waits, geometry: BoardGeometry | None = None
) -> SerialBackend:
    """The Pico's link once it answers again, as ``geometry`` if given (``UpdateFailed`` if not
    within ``back_s``)."""
    deadline = time.monotonic() + waits.back_s
    last: str = why("its port did not appear")
    while time.monotonic() <= deadline:
        found = find_port(port, serial_number)
        if found is not None:
            try:
                return SerialBackend(found, geometry=geometry, open_timeout=min(2.0, waits.back_s))
            except ProtocolMismatch as error:
                raise UpdateFailed(
                    why("{error}; {bootsel}", error=error_words(error), bootsel=BOOTSEL)
                ) from None
            except BackendUnavailable as error:
                last = error_words(error)
        time.sleep(waits.poll_s)
    raise UpdateFailed(
        why(
            "the Pico did not come back on {port} within {seconds} s after the copy ({last}):"
            " unplug it and plug it in again, then run `flixboard pico-update` again; if no port"
            " appears, {bootsel}",
            port=port,
            seconds=f"{waits.back_s:g}",
            last=last,
            bootsel=BOOTSEL,
        )
    )
