"""``flixboard calibrate``: measure the Hall sensors' baselines on an empty board and store them on
the Pico; show the raw fields; set the detection thresholds.

The baselines must be taken with every piece out and the four panels lifted out of their grooves
(the panels' foot magnets sit on the groove sensors).
"""

from __future__ import annotations

import sys

from controller.i18n import N_, Language
from engine.holes import name
from hal.serial_backend import SerialBackend

GROOVE_SIDES = (N_("left"), N_("right"))


def capture(board: SerialBackend, say: Language) -> int:
    reading = board.read()
    if reading.occupied() or any(reading.grooves):
        not_empty = say.gettext(
            "the board is not empty. Take every piece out and lift the four panels out of their"
            " grooves, then run it again."
        )
        print(f"flixboard calibrate: {not_empty}", file=sys.stderr)
        return 1
    print(say.gettext("measuring every sensor's baseline (keep magnets away from the board) ..."))
    board.capture_baseline()
    fields = board.raw_fields()
    calibrated = say.gettext(
        "calibrated: 72 baselines stored on the board; largest field now {field}"
    )
    print(calibrated.format(field=max(map(abs, fields))))
    print(
        say.gettext(
            "seat the panels and place a Man in each hole to check: flixboard calibrate --show"
        )
    )
    return 0


def format_fields(fields: tuple[int, ...], say: Language) -> str:
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
            f"{say.gettext(side)} {fields[64 + 2 * groove + i]:+5d}"
            for i, side in enumerate(GROOVE_SIDES)
        )
        lines.append(say.gettext("groove {groove}: {fields}").format(groove=groove, fields=pair))
    return "\n".join(lines)
