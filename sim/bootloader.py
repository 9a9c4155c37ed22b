"""The simulated Pico's USB bootloader: a stand-in for its ``RPI-RP2`` drive, a folder that
appears when the firmware restarts into the bootloader (a BOOTLOADER frame) and takes a UF2.

A whole RP2040 image written to any ``*.uf2`` file on it is flashed: the drive disappears and
the Pico restarts, reporting ``version`` (the firmware the image brings). Faults for the update's
failure paths: no drive at all (``drive=None``, as when automounting is off), a full drive
(``full``: the image's file is ``/dev/full``, so writing it fails with ENOSPC as on a full disk),
a Pico that never comes back (``comes_back=False``) and a copy that overwrote the Pico's
filesystem (``wipes_flash``: its calibration and board profile are gone). ``FirmwareBefore12`` is
a firmware that knows no BOOTLOADER frame.
"""

from __future__ import annotations

import contextlib
import shutil
from dataclasses import dataclass
from pathlib import Path

from firmware import protocol
from firmware.board import Board
from hal.uf2 import DRIVE_INFO, DRIVE_INFO_TEXT, check_image

IMAGE_NAME = "flixboard-pico.uf2"
"""The file ``flixboard pico-update`` writes (the name a full stand-in drive fails on)."""


UNKNOWN = 0x7F
"""A kind no firmware knows."""


class FirmwareBefore12(Board):
    """The firmware before 1.2, for ``SimPico(firmware=...)``: BOOTLOADER is a kind it does not
    know (it answers ``unknown kind``), so only BOOTSEL takes it to the bootloader."""

    def _received(self, kind: int, seq: int, body: bytes, now_ms: int) -> None:
        super()._received(UNKNOWN if kind == protocol.BOOTLOADER else kind, seq, body, now_ms)


@dataclass
class SimBootloader:
    """What the simulated Pico's bootloader does; ``flashed`` counts the images it took,
    ``image`` is the last one."""

    drive: Path | None
    version: tuple[int, int] | None = None
    comes_back: bool = True
    wipes_flash: bool = False
    full: bool = False
    flashed: int = 0
    image: bytes | None = None

    def show_drive(self) -> None:
        """The drive appears (mounted), as an RP2040's: ``INFO_UF2.TXT`` and ``INDEX.HTM``."""
        if self.drive is None:
            return
        staging = self.drive.with_name(self.drive.name + ".mounting")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        (staging / DRIVE_INFO).write_text(DRIVE_INFO_TEXT)
        (staging / "INDEX.HTM").write_text(
            '<html><head><meta http-equiv="refresh" content="0;URL='
            "'https://raspberrypi.com/device/RP2?version=E0C9125B0D9B'\"/></head></html>\n"
        )
        if self.full:
            (staging / IMAGE_NAME).symlink_to("/dev/full")
        staging.rename(self.drive)  # the whole drive at once, as a mount shows it

    def take_image(self) -> bytes | None:
        """A whole image written to the drive (``None`` while there is none, or only part)."""
        if self.drive is None or not self.drive.is_dir():
            return None
        for path in sorted(self.drive.iterdir()):
            if path.suffix.lower() != ".uf2" or path.is_symlink():
                continue
            with contextlib.suppress(OSError):
                data = path.read_bytes()
                with contextlib.suppress(ValueError):
                    check_image(data)
                    return data
        return None

    def hide_drive(self) -> None:
        """The drive goes away (the Pico restarts after the image's last block)."""
        if self.drive is not None:
            shutil.rmtree(self.drive, ignore_errors=True)
