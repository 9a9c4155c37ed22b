"""``flixboard pico-setup``: tell a Pico which board it sits in (once, after flashing the UF2).

The Pico stores the board's profile in its flash and restarts into it (its pins, its sensing, its
LED chain); this command then opens it again and checks that it answers as that board. It speaks
the terminal's language (``controller.cli.language``).
"""

from __future__ import annotations

import argparse
import sys
import time

from controller.cli.language import command_language
from controller.cli.status import FAILED, USER_FAULT
from controller.cli.values import GRID_SIZES, SHAPES
from controller.i18n import error_words
from hal.base import BoardGeometry
from hal.errors import BackendUnavailable, HalError
from hal.geometry import load_geometry
from hal.serial_backend import DEFAULT_PORT, SerialBackend

RESTART_WAIT_S = 10.0
"""How long the Pico may take to restart and answer as its new board."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--geometry",
        required=True,
        metavar=SHAPES,
        help=f"the board the Pico sits in: the FLIX spaceboard or a flat board ({GRID_SIZES})",
    )
    parser.add_argument(
        "--port", default=DEFAULT_PORT, help=f"the Pico's serial port (default {DEFAULT_PORT})"
    )


def main(args: argparse.Namespace) -> int:
    say = command_language()
    try:
        geometry = load_geometry(args.geometry)
        with SerialBackend(args.port) as pico:
            before = pico.geometry
            if before.key != geometry.key:
                pico.set_profile(geometry.key)
    except (BackendUnavailable, ValueError) as error:  # the board or the port given
        print(f"flixboard pico-setup: {say.words(error_words(error))}", file=sys.stderr)
        return USER_FAULT
    except HalError as error:
        print(f"flixboard pico-setup: {say.words(error_words(error))}", file=sys.stderr)
        return FAILED
    try:
        if before.key != geometry.key:
            _reopen(args.port, geometry)
    except HalError as error:  # the Pico took the profile but did not come back as that board
        print(f"flixboard pico-setup: {say.words(error_words(error))}", file=sys.stderr)
        return FAILED
    if before.key == geometry.key:
        reads = say.gettext("the Pico on {port} reads the {board} board")
    else:
        reads = say.gettext("the Pico on {port} reads the {board} board (it was set up for {was})")
    print(reads.format(port=args.port, board=say.words(geometry.describe()), was=before.key))
    shape = "" if geometry.key == "flix" else f" --geometry {geometry.key}"
    start = say.gettext("start the service with: {command}")
    print(start.format(command=f"flixboard run --board serial:{args.port}{shape}"))
    return 0


def _reopen(port: str, geometry: BoardGeometry) -> None:
    """Open the restarted Pico until it answers as ``geometry`` (``BackendUnavailable`` if it
    does not within ``RESTART_WAIT_S``)."""
    deadline = time.monotonic() + RESTART_WAIT_S
    while True:
        try:
            with SerialBackend(port, geometry=geometry, open_timeout=2.0):
                return
        except BackendUnavailable:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
