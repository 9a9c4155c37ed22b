"""A terminal view of a board: the four panels side by side, lit as the LEDs are.

Floors run from IV at the top to I, sections left to right, one block per panel headed by its
letter. A Man is ``o``, a Burocrat ``x``, a piece of unknown kind ``*``, an empty hole ``.``; a
caller that knows whose pieces they are may give a glyph per hole instead (a letter per team). With
colour, a lit hole's cell has its LED's colour as background (24-bit ANSI); in plain text a lit hole
is bracketed: ``[o]``. Below: the 8 status pixels and the panels the grooves hold. A flat board
(no grooves: Flip 4, Olix) is drawn as its grid, columns ``a``.. left to right, row 1 at the top.

>>> from hal.base import empty_reading
>>> print(render(empty_reading(), color=False).splitlines()[2])
 IV   .  .  .  .     .  .  .  .     .  .  .  .     .  .  .  .
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

from engine.holes import DEFAULT_LAYOUT, ROMAN, Layout
from engine.phrase import Phrase, why
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
    glyphs: Mapping[int, str] | None = None,
    words: Callable[[Phrase], str] = str,
) -> str:
    """The board as text: ``reading``'s pieces lit by ``colors`` (72 pixels, unscaled).

    Colours are shown at full strength so that dim LEDs stay visible; ``brightness`` 0 is dark.
    ``glyphs`` (one character per hole index) replaces the glyph of a hole that holds a piece,
    e.g. to show whose Man it is; an empty hole is always ``.``. ``words`` says the labels
    (``status``, the grooves' line) in a language (default English).
    """
    marks = dict(glyphs or {})
    cells = len(reading.holes)
    pixels = list(colors) if colors is not None and brightness > 0 else []
    pixels += [_DARK] * (cells + 8 - len(pixels))
    if not reading.grooves:
        return _render_flat(reading, pixels, color, marks, words)
    lines = [
        "     " + _GAP.join(f"{letter:^12}" for letter in layout.panels),
        "     " + _GAP.join("".join(f" {s} " for s in layout.suits) for _ in layout.panels),
    ]
    for floor in reversed(range(4)):
        blocks = []
        for panel in range(4):
            holes = [16 * panel + 4 * floor + section for section in range(4)]
            blocks.append(
                "".join(_cell(reading.holes[h], pixels[h], color, marks.get(h)) for h in holes)
            )
        lines.append(f"{ROMAN[floor]:>3}  " + _GAP.join(blocks))
    lines.append(_status_line(pixels[HOLE_COUNT:], color, words))
    sensed = " ".join(g or "-" for g in reading.grooves)
    expected = " ".join(layout.panels)
    note = "" if sensed == expected else "  " + words(why("(expected {panels})", panels=expected))
    lines.append(words(why("grooves front {sensed} back", sensed=sensed)) + note)
    return "\n".join(line.rstrip() for line in lines)


def _render_flat(
    reading: BoardReading,
    pixels: list[Color],
    color: bool,
    marks: Mapping[int, str],
    words: Callable[[Phrase], str],
) -> str:
    cells = len(reading.holes)
    size = math.isqrt(cells)
    lines = ["    " + "".join(f" {chr(ord('a') + col)} " for col in range(size))]
    for row in range(size):
        holes = range(row * size, row * size + size)
        drawn = "".join(_cell(reading.holes[h], pixels[h], color, marks.get(h)) for h in holes)
        lines.append(f"{row + 1:>3} {drawn}")
    lines.append(_status_line(pixels[cells:], color, words))
    return "\n".join(line.rstrip() for line in lines)


def _status_line(pixels: Sequence[Color], color: bool, words: Callable[[Phrase], str]) -> str:
    """The 8 status pixels after their label."""
    label = words(why("status"))
    return f"{label:<7} " + " ".join(_status(c, color) for c in pixels)


def render_board(
    board: Backend,
    *,
    color: bool = True,
    layout: Layout = DEFAULT_LAYOUT,
    glyphs: Mapping[int, str] | None = None,
) -> str:
    """The board now: its reading and what its LEDs show (a simulated board's last frame sent,
    another backend's pixel buffer). ``glyphs`` as for ``render``."""
    reading = board.read()
    colors: Sequence[Color] | None = None
    brightness = 1.0
    if isinstance(board, SimBoard):
        frame = board.last_frame
        if frame is not None:
            colors, brightness = frame.colors, frame.brightness
    else:
        colors, brightness = board.pixels[:], board.pixels.brightness
    return render(reading, colors, brightness=brightness, layout=layout, color=color, glyphs=glyphs)


def _cell(piece: Piece, led: Color, color: bool, mark: str | None = None) -> str:
    glyph = _GLYPH[piece] if piece is Piece.EMPTY or not mark else mark[:1]
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
