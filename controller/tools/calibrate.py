"""``flixboard calibrate``: measure the Hall sensors' baselines on an empty board and store them on
the Pico; show the raw fields; set the detection thresholds.

The baselines must be taken with every piece out and the four panels lifted out of their grooves
(the panels' foot magnets sit on the groove sensors).
"""

from __future__ import annotations

import argparse
import sys

from engine.holes import name
from hal.errors import HalError
from hal.serial_backend import DEFAULT_PORT, SerialBackend

GROOVE_SIDES = ("left", "right")


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
    try:
        with SerialBackend(args.port) as board:
            if args.show:
                print(format_fields(board.raw_fields()))
            elif args.thresholds:
                on, off = args.thresholds
                board.set_thresholds(on, off)
                print(f"thresholds stored on the board: on {on}, off {off} counts")
            elif args.forget:
                board.forget_calibration()
                print("calibration deleted: mid-rail baselines and default thresholds")
            else:
                return _capture(board)
    except (HalError, ValueError) as error:
        print(f"flixboard calibrate: {error}", file=sys.stderr)
        return 1
    return 0


def _capture(board: SerialBackend) -> int:
    reading = board.read()
    if reading.occupied() or any(reading.grooves):
        print(
            "flixboard calibrate: the board is not empty. Take every piece out and lift the four"
            " panels out of their grooves, then run it again.",
            file=sys.stderr,
        )
        return 1
    print("measuring every sensor's baseline (keep magnets away from the board) ...")
    board.capture_baseline()
    fields = board.raw_fields()
    print(
        f"calibrated: 72 baselines stored on the board; largest field now {max(map(abs, fields))}"
    )
    print("seat the panels and place a Man in each hole to check: flixboard calibrate --show")
    return 0


def format_fields(fields: tuple[int, ...]) -> str:
    """The 64 hole fields as four panels (floor IV on top), then the groove sensors."""
    lines = []
    for floor in range(3, -1, -1):
        cells = []
        for panel in range(4):
            for section in range(4):
                hole = 16 * panel + 4 * floor + section
                cells.append(f"{name(hole):>8} {fields[hole]:+5d}")
            cells.append(" |")
        lines.append(" ".join(cells))
    for groove in range(4):
        pair = ", ".join(
            f"{side} {fields[64 + 2 * groove + i]:+5d}" for i, side in enumerate(GROOVE_SIDES)
        )
        lines.append(f"groove {groove}: {pair}")
    return "\n".join(lines)
