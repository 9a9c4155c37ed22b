"""The terminal view of a board."""

from __future__ import annotations

from hal.base import Piece, empty_reading
from sim.board import SimBoard
from sim.clock import SimClock
from sim.view import render, render_board

EMPTY_PLAIN = """\
          R              Y              G              B
      S  H  D  C     S  H  D  C     S  H  D  C     S  H  D  C
 IV   .  .  .  .     .  .  .  .     .  .  .  .     .  .  .  .
III   .  .  .  .     .  .  .  .     .  .  .  .     .  .  .  .
 II   .  .  .  .     .  .  .  .     .  .  .  .     .  .  .  .
  I   .  .  .  .     .  .  .  .     .  .  .  .     .  .  .  .
status  - - - - - - - -
grooves front R Y G B back"""


def test_an_empty_board_in_plain_text() -> None:
    assert render(empty_reading(), color=False) == EMPTY_PLAIN


def test_pieces_lit_holes_status_and_grooves_in_plain_text() -> None:
    board = SimBoard(clock=SimClock())
    board.place("Y-II-H")
    board.place("R-I-S", Piece.BUROCRAT)
    board.place("B-IV-C")
    board.pixels[21] = (255, 0, 0)
    board.pixels[2] = (0, 0, 255)  # R-I-D
    board.pixels[64] = (0, 255, 0)
    board.pixels.show()
    board.remove_panel(2)
    lines = render_board(board, color=False).splitlines()
    assert lines[2] == " IV   .  .  .  .     .  .  .  .     .  .  .  .     .  .  .  o"
    assert lines[4] == " II   .  .  .  .     . [o] .  .     .  .  .  .     .  .  .  ."
    assert lines[5] == "  I   x  . [.] .     .  .  .  .     .  .  .  .     .  .  .  ."
    assert lines[6] == "status  #00ff00 - - - - - - -"
    assert lines[7] == "grooves front R Y - B back  (expected R Y G B)"
    assert "\x1b" not in "\n".join(lines)


def test_unknown_kind_and_dark_brightness() -> None:
    reading = empty_reading()
    holes = list(reading.holes)
    holes[0] = Piece.PRESENT
    reading = type(reading)(tuple(holes), reading.grooves)
    text = render(reading, [(255, 255, 255)] * 72, brightness=0, color=False)
    assert text.splitlines()[5].startswith("  I   *  .  .  .")
    assert "[" not in text


def test_colour_mode_paints_lit_holes_in_their_led_colour() -> None:
    board = SimBoard(clock=SimClock())
    board.place("Y-II-H")
    board.pixels[21] = (255, 128, 0)
    board.pixels[71] = (0, 0, 200)
    board.pixels.show()
    text = render_board(board)
    assert "\x1b[1;30;48;2;255;128;0m o \x1b[0m" in text
    assert "\x1b[38;2;0;0;200m●\x1b[0m" in text
    plain_lengths = [len(line) for line in render_board(board, color=False).splitlines()]
    assert plain_lengths[:2] == [len(line) for line in text.splitlines()[:2]]


def test_a_board_without_frames_shows_its_pieces() -> None:
    board = SimBoard(clock=SimClock())
    board.place(0)
    assert render_board(board, color=False).splitlines()[5].startswith("  I   o  .")


def test_glyphs_name_whose_piece_it_is_and_empty_holes_stay_dots() -> None:
    board = SimBoard(clock=SimClock())
    board.place("Y-II-H")
    board.place("R-I-S", Piece.BUROCRAT)
    lines = render_board(board, color=False, glyphs={21: "r", 0: "B", 5: "b"}).splitlines()
    assert lines[4] == " II   .  .  .  .     .  r  .  .     .  .  .  .     .  .  .  ."
    assert lines[5].startswith("  I   B  .  .  .")
    assert "b" not in lines[4] + lines[5]  # hole 5 (R-II-H) is empty
