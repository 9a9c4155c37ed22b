"""The default flow's board handling (controller/flows/base.py), each test naming the sentence it
checks: the line the win animation flashes, lines left out while fixing, the variant blink."""

from __future__ import annotations

from controller.config import Config
from controller.core import scene
from controller.flows.base import BLINK_S, WHITE
from controller.leds import OFF
from engine.holes import parse
from hal.base import HOLE_COUNT
from tests.controller.test_controller_leds import lucky_to_pending_line
from tests.variants.test_variant_board_guidance import play

RED_TEAM = Config().leds.team_colours[0]


def test_the_win_animation_flashes_the_winners_last_scored_line() -> None:
    """base.py `win_line`: "The line the win animation flashes: the winner's last scored line"."""
    run = lucky_to_pending_line()
    run.board.press("flix", 0)
    run.settle()
    line = sum(1 << parse(f"R-I-{s}") for s in "SHDC")
    assert run.controller.signals.win_line == line
    assert run.controller.signals.win_until is not None


def test_the_variant_blink_is_lit_in_the_first_half_like_an_error_blink() -> None:
    """base.py `BLINK_S`: "Half period of the substitution / withdrawal blink (the same as an
    error blink)"; `blink_on`: "Whether a blink is in its lit half": Pay-Off's Men whose token is
    still to be entered are white in the lit half, from its very first instant."""
    _, run = play("payoff_tokens_to_enter.jsonl")
    period = 2 * BLINK_S
    t = (int((run.clock.now() + Config().game.call_window) / period) + 1) * period
    hole = parse("R-I-H")
    assert scene.frame(run.controller, t)[hole] == WHITE
    assert scene.frame(run.controller, t + 0.01)[hole] == WHITE
    assert scene.frame(run.controller, t + BLINK_S + 0.01)[hole] == RED_TEAM


def test_a_piece_of_the_wrong_kind_in_a_scored_line_is_left_out_of_the_line() -> None:
    """base.py `lit_lines`: "While the board is being fixed the holes to fix are left out, so that
    their error blink ... is not lost in a line lit in that colour"."""
    _, run = play("payoff_tokens_to_enter.jsonl")
    run.board.lift("R-I-S")
    run.board.place("R-I-S", "burocrat")
    run.advance(0.5)
    assert run.controller.mismatch.wrong_kind == 1 << parse("R-I-S")
    period = 2 * scene.BLINK_S
    t = (int((run.clock.now() + Config().game.call_window) / period) + 1) * period
    dark = scene.frame(run.controller, t + scene.BLINK_S + 0.01)
    assert dark[parse("R-I-S")] == OFF and dark[parse("R-I-C")] != OFF
    assert scene.frame(run.controller, t + 0.01)[parse("R-I-S")] == scene.MAGENTA
    assert dark[HOLE_COUNT + 6] != scene.AMBER
