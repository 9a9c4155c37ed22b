"""``flixboard pico-update``: bring the Pico's firmware to the UF2 this release carries, from the
Pi, without holding BOOTSEL (``controller.tools.pico_update``, docs/PICO-UPDATE.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from controller.cli.language import command_language
from controller.cli.status import FAILED, OK, USER_FAULT
from controller.i18n import error_words
from controller.tools.pico_update import (
    CARRIED_UF2,
    UpdateFailed,
    Waits,
    carried_firmware,
    outcome_words,
    update_pico,
)
from hal.serial_backend import DEFAULT_PORT

WAIT_OPTIONS = (
    ("--answer-wait", Waits.answer_s, "the Pico to answer"),
    ("--drive-wait", Waits.drive_s, "the drive"),
    ("--back-wait", Waits.back_s, "the Pico to come back"),
)
"""The options that set :class:`Waits`: flag, default, what is waited for."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port", default=DEFAULT_PORT, help=f"the Pico's serial port (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--uf2",
        type=Path,
        default=CARRIED_UF2,
        help="the firmware image, its version in SOURCES.txt beside it (default: this release's)",
    )
    parser.add_argument(
        "--drive",
        type=Path,
        action="append",
        default=[],
        metavar="FOLDER",
        help="where the Pico's RPI-RP2 drive gets mounted, repeatable (default: looked for under"
        " /media, /run/media, /mnt and by its label)",
    )
    parser.add_argument(
        "--force", action="store_true", help="flash even when the Pico runs the same version"
    )
    for option, default, what in WAIT_OPTIONS:
        parser.add_argument(
            option,
            type=float,
            default=default,
            metavar="S",
            help=f"seconds to wait for {what} (default {default:g})",
        )


def main(args: argparse.Namespace) -> int:
    say = command_language()
    waits = Waits(answer_s=args.answer_wait, drive_s=args.drive_wait, back_s=args.back_wait)
    try:
        carried = carried_firmware(args.uf2)
        result = update_pico(
            args.port,
            carried,
            drives=args.drive,
            waits=waits,
            force=args.force,
            say=lambda step: print(say.words(step), flush=True),
        )
    except UpdateFailed as error:
        print(f"flixboard pico-update: {say.words(error_words(error))}", file=sys.stderr)
        return USER_FAULT if error.user_fault else FAILED
    print(say.words(outcome_words(args.port, result)))
    return OK
