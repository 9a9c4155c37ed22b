"""What the LEDs show: the controller's state as layers, bottom to top.

1. status: one pixel per seat in its team's colour, the mover's bright (64..69); while the call
   window of the last placement is open, the eight status pixels are a white bar that empties
   as the window runs out (a sweep; every placement opens it, line or not);
2. allowed holes in the mover's colour, dimmed; the last move dim white (not while the board is
   being fixed); above them the threat
   layer when hints are on (``controller.computer.player``): holes where a team completes a line
   next, dim in its colour;
3. guidance: pieces to clear after a game, dim white;
4. scored (called) lines in their team's colour — an uncalled line is never shown; then the
   computer's chosen hole blinking in its colour, a hinted hole blinking white and the mover's
   colour;
5. errors: holes to fix blink (missing: the piece's team colour, extra: white, wrong kind:
   magenta); the indicator pixels (70, 71) blink amber; after a take-back only the holes of the
   latest move taken back blink, those of older moves glow dim until their turn;
6. dice notices on the indicator pixels: free throws white, turn lost red, FLIX FLIX FLIX
   blinking in the colour of the seat that places anywhere;
7. the win animation: the winning line flashes between its team colour and white;
8. board disconnected: every status pixel blinks amber (seen on a board whose LEDs the Pi drives,
   and as soon as a reconnected board takes frames again).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from controller.core.board_controller import BoardController
from controller.leds import OFF, Frame, Layer, compose, holes_layer, scale
from engine.bitboard import scan_forward
from engine.game import Phase
from hal.base import Color

BLINK_S = 0.25
"""Half period of an error blink."""
WIN_FLASH_S = 0.15
"""Half period of the win animation."""
INDICATORS = (6, 7)
"""The status pixels (counted from the first) that show notices and free throws."""
LIT_PHASES = (Phase.AWAIT_PLACE, Phase.AWAIT_MOVE, Phase.AWAIT_JUMP)
"""Phases whose ``allowed`` squares are lit: where to place, which pieces may move (Flip 4),
where a piece from a corner may land."""
WHITE: Color = (255, 255, 255)
DIM_WHITE: Color = (60, 60, 60)
AMBER: Color = (255, 120, 0)
MAGENTA: Color = (255, 0, 200)
RED: Color = (255, 0, 0)
LAST_MOVE: Color = (90, 90, 90)
SWEEP: Color = (160, 160, 160)
STATUS_PIXELS = 8
"""The status pixels after the board's cells: seats, notices, the call window's sweep."""
LATER_DIM = 0.25
"""After a take-back, the brightness of a hole to fix that waits its turn."""
SWEEP_MIN_S = 0.1
"""A shorter call window is not swept."""


def _phase_on(now: float, half: float) -> bool:
    return math.floor(now / half + 1e-9) % 2 == 0


def team_colour(ctl: BoardController, team: int) -> Color:
    colours = ctl.config.leds.team_colours
    return colours[team % len(colours)]


def layers(
    ctl: BoardController, now: float, under: Sequence[Layer] = (), over: Sequence[Layer] = ()
) -> list[Layer]:
    """The layers of the frame wanted at ``now``; ``under`` go on the allowed holes (the threat
    layer), ``over`` on the lines and the variant's layers (the computer's and the hint's
    blinking holes), below the errors."""
    game = ctl.game
    status = ctl.geometry.cells
    indicators = tuple(status + i for i in INDICATORS)
    result: list[Layer] = []
    mover = team_colour(ctl, game.team_of_seat[game.to_move])
    if not game.game_over:
        result.append(
            {
                status + seat: team_colour(ctl, team)
                if seat == game.to_move
                else scale(team_colour(ctl, team), 0.15)
                for seat, team in enumerate(game.team_of_seat)
            }
        )
        result.append(_sweep(ctl, now, status))
    if ctl.phase in LIT_PHASES:
        result.append(holes_layer(game.allowed, scale(mover, 0.35)))
    last = ctl.facts().last_move()
    if last is not None and ctl.phase not in (Phase.GAME_OVER, Phase.AWAIT_FIX):
        result.append({last: LAST_MOVE})  # not while fixing: an error blink goes dark between
    result.extend(under)
    if ctl.clearing:
        result.append(holes_layer(ctl.sensed.occupied(), DIM_WHITE))
    for team, line in ctl.flow.lit_lines(ctl):
        result.append(holes_layer(line, team_colour(ctl, team)))
    result.extend(ctl.flow.layers(ctl, now))
    result.extend(over)
    if ctl.phase == Phase.AWAIT_FIX:
        result.append(_errors(ctl, now, indicators))
    result.append(_indicators(ctl, now, indicators))
    if ctl.signals.win_until is not None and game.winner is not None:
        flash = team_colour(ctl, game.winner) if _phase_on(now, WIN_FLASH_S) else WHITE
        win = holes_layer(ctl.signals.win_line, flash)
        win.update({status + i: team_colour(ctl, game.winner) for i in range(8)})
        result.append(win)
    if not ctl.connected and _phase_on(now, BLINK_S):
        result.append({status + i: AMBER for i in range(8)})
    return result


def _errors(ctl: BoardController, now: float, indicators: tuple[int, ...]) -> Layer:
    """The holes to fix, blinking; after a take-back only those of the latest move taken back
    blink, the older moves' holes glow dim until their turn (``BoardController.lift_now``)."""
    mismatch = ctl.mismatch
    errors: dict[int, Color] = {}
    for hole in scan_forward(mismatch.missing):
        owner = ctl.game.piece_at(hole)
        errors[hole] = team_colour(ctl, owner[0] if owner else 0)
    errors.update(holes_layer(mismatch.extra, WHITE))
    errors.update(holes_layer(mismatch.wrong_kind, MAGENTA))
    for problem in mismatch.grooves:
        errors.update(holes_layer(0xFFFF << (16 * problem.groove), AMBER))
    errors.update(dict.fromkeys(indicators, AMBER))
    _, later = ctl.lift_now()
    waiting = {hole: scale(errors[hole], LATER_DIM) for hole in scan_forward(later)}
    if not _phase_on(now, BLINK_S):
        return waiting
    return {**errors, **waiting}


def _window_left(ctl: BoardController, now: float) -> float:
    """Seconds left of the open call window at ``now`` (0: none open, or one too short to sweep:
    below ``SWEEP_MIN_S`` the sweep would ask for frames closer than the clock can tell)."""
    deadline = ctl.facts().call_deadline()
    if deadline is None or ctl.game.options.call_window < SWEEP_MIN_S:
        return 0.0
    return max(0.0, deadline - ctl.game_time(now))


def _sweep_step(ctl: BoardController) -> float:
    """Seconds per status pixel of the sweep."""
    return ctl.game.options.call_window / STATUS_PIXELS


def _sweep(ctl: BoardController, now: float, status: int) -> Layer:
    """The call window as a bar on the status pixels (the first at ``status``): one pixel per
    eighth of it left."""
    left = _window_left(ctl, now)
    if left <= 0:
        return {}
    lit = math.ceil(left / _sweep_step(ctl) - 1e-9)
    return {status + i: SWEEP if i < lit else OFF for i in range(STATUS_PIXELS)}


def _indicators(ctl: BoardController, now: float, indicators: tuple[int, ...]) -> Layer:
    notice = ctl.signals.notice
    if ctl.phase == Phase.AWAIT_FIX:
        return {}
    if notice is not None and notice.kind == "turn_lost":
        return dict.fromkeys(indicators, RED)
    if notice is not None and notice.kind == "opponent_anywhere":
        colour = team_colour(ctl, ctl.game.team_of_seat[notice.seat])
        first, second = (colour, WHITE) if _phase_on(now, BLINK_S) else (WHITE, colour)
        return {indicators[0]: first, indicators[1]: second}
    free = min(ctl.game.free_throws, len(indicators))
    return dict.fromkeys(indicators[:free], WHITE)


def frame(
    ctl: BoardController, now: float, under: Sequence[Layer] = (), over: Sequence[Layer] = ()
) -> Frame:
    """The frame wanted at ``now`` (``under``, ``over``: see ``layers``)."""
    return compose(layers(ctl, now, under, over), ctl.geometry.pixel_count)


def next_change(ctl: BoardController, now: float) -> float | None:
    """When the wanted frame changes by itself (a blink or flash step), or ``None``."""
    halves = []
    if (
        ctl.phase == Phase.AWAIT_FIX
        or not ctl.connected
        or (ctl.signals.notice is not None and ctl.signals.notice.kind == "opponent_anywhere")
    ):
        halves.append(BLINK_S)
    if ctl.signals.win_until is not None:
        halves.append(WIN_FLASH_S)
    if ctl.flow.blinking(ctl):
        halves.append(BLINK_S)
    times = [(math.floor(now / h + 1e-9) + 1) * h for h in halves]
    left = _window_left(ctl, now)
    if left > 0:  # the sweep loses a pixel at each step, the last one when the window closes
        step = _sweep_step(ctl)
        times.append(max(now + left - (math.ceil(left / step - 1e-9) - 1) * step, now + 1e-6))
    return min(times, default=None)
