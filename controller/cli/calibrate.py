"""``flixboard calibrate``: measure and store the Hall sensors' baselines (see the tool); it
speaks the terminal's language (``controller.cli.language``)."""

from __future__ import annotations

import argparse
import sys

from controller.cli.language import command_language
from controller.cli.status import FAILED, USER_FAULT
from controller.i18n import error_words
from controller.tools.calibrate import capture, format_fields
from hal.errors import BackendUnavailable, HalError
from hal.serial_backend import DEFAULT_PORT, SerialBackend


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port", default=DEFAULT_PORT, help=f"the board's serial port (default {DEFAULT_PORT})"
    )
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--show", action="store_true", help="print every sensor's field and exit")
    action.add_argument(
        "--thresholds",
        nargs=2,
        type=int,
        metavar=("ON", "OFF"),
        help="store detection thresholds in ADC counts (a piece is seen at ON, lost below OFF)",
    )
    action.add_argument(
        "--forget", action="store_true", help="delete the stored calibration (defaults again)"
    )


def main(args: argparse.Namespace) -> int:
    say = command_language()
    try:
        with SerialBackend(args.port) as board:
            if args.show:
                print(format_fields(board.raw_fields(), say))
            elif args.thresholds:
                on, off = args.thresholds
                board.set_thresholds(on, off)
                stored = say.gettext("thresholds stored on the board: on {on}, off {off} counts")
                print(stored.format(on=on, off=off))
            elif args.forget:
                board.forget_calibration()
                print(say.gettext("calibration deleted: mid-rail baselines and default thresholds"))
            else:
                return capture(board, say)
    except (BackendUnavailable, ValueError) as error:  # the port or the values given
        print(f"flixboard calibrate: {say.words(error_words(error))}", file=sys.stderr)
        return USER_FAULT
    except HalError as error:
        print(f"flixboard calibrate: {say.words(error_words(error))}", file=sys.stderr)
        return FAILED
    return 0
