"""A terminal view of a board: the four panels side by side, lit as the LEDs are.

Floors run from IV at the top to I, sections left to right, one block per panel headed by its
letter. A Man is ``o``, a Burocrat ``x``, a piece of unknown kind ``*``, an empty hole ``.``. With
colour, a lit hole's cell has its LED's colour as background (24-bit ANSI); in plain text a lit hole
is bracketed: ``[o]``. Below: the 8 status pixels and the panels the grooves hold.

>>> from hal.base import empty_reading
>>> print(render(empty_reading(), color=False).splitlines()[2])
 IV   .  .  .  .     .  .  .  .     .  .  .  .     .  .  .  .
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.holes import DEFAULT_LAYOUT, ROMAN, Layout
from hal.base import HOLE_COUNT, Backend, BoardReading, Color, Piece
from sim.board import SimBoard

_GLYPH = {Piece.EMPTY: ".", Piece.MAN: "o", Piece.BUROCRAT: "x", Piece.PRESENT: "*"}
_DARK: Color = (0, 0, 0)
_GAP = "   "


def render(
    reading: BoardReading,
    colors: Sequence[Color] | None = None,
    *,
    brightness: float = 1.0,
    layout: Layout = DEFAULT_LAYOUT,
    color: bool = True,
) -> str:
    """The board as text: ``reading``'s pieces lit by ``colors`` (72 pixels, unscaled).

    Colours are shown at full strength so that dim LEDs stay visible; ``brightness`` 0 is dark.
    """
    pixels = list(colors) if colors is not None and brightness > 0 else []
    pixels += [_DARK] * (HOLE_COUNT + 8 - len(pixels))
    lines = [
        "     " + _GAP.join(f"{letter:^12}" for letter in layout.panels),
        "     " + _GAP.join("".join(f" {s} " for s in layout.suits) for _ in layout.panels),
    ]
    for floor in reversed(range(4)):
        blocks = []
        for panel in range(4):
            holes = [16 * panel + 4 * floor + section for section in range(4)]
            blocks.append("".join(_cell(reading.holes[h], pixels[h], color) for h in holes))
        lines.append(f"{ROMAN[floor]:>3}  " + _GAP.join(blocks))
    lines.append("status  " + " ".join(_status(c, color) for c in pixels[HOLE_COUNT:]))
    sensed = " ".join(g or "-" for g in reading.grooves)
    expected = " ".join(layout.panels)
    note = "" if sensed == expected else f"  (expected {expected})"
    lines.append(f"grooves front {sensed} back{note}")
    return "\n".join(line.rstrip() for line in lines)


def render_board(board: Backend, *, color: bool = True, layout: Layout = DEFAULT_LAYOUT) -> str:
    """The board now: its reading and what its LEDs show (a simulated board's last frame sent,
    another backend's pixel buffer)."""
    reading = board.read()
    if isinstance(board, SimBoard):
        frame = board.last_frame
        if frame is None:
            return render(reading, layout=layout, color=color)
        return render(
            reading, frame.colors, brightness=frame.brightness, layout=layout, color=color
        )
    pixels = board.pixels
    return render(reading, pixels[:], brightness=pixels.brightness, layout=layout, color=color)


def _cell(piece: Piece, led: Color, color: bool) -> str:
    glyph = _GLYPH[piece]
    if led == _DARK:
        return f" {glyph} "
    if not color:
        return f"[{glyph}]"
    r, g, b = led
    ink = "30" if 0.299 * r + 0.587 * g + 0.114 * b > 128 else "97"
    return f"\x1b[1;{ink};48;2;{r};{g};{b}m {glyph} \x1b[0m"


def _status(led: Color, color: bool) -> str:
    if led == _DARK:
        return "-" if not color else "\x1b[2m·\x1b[0m"
    if not color:
        return "#{:02x}{:02x}{:02x}".format(*led)
    r, g, b = led
    return f"\x1b[38;2;{r};{g};{b}m●\x1b[0m"
