"""``flixboard demo``: two computer players play a full game on the simulated board.

Every move goes through the real controller: the players press ROLL and FLIX on the board and put
Men into holes with simulated hands; the board settles and the controller commits. On a terminal
the board is redrawn after each move; otherwise each move is one line and the board is printed at
the end.
"""

from __future__ import annotations

import time
from typing import Any, TextIO

from controller.config import Config
from controller.core.session import game_entry
from controller.tools import variant_demo
from controller.tools.board_view import draw
from controller.tools.sim_run import SimRun
from engine.ai import choose_hole
from engine.game import Phase
from engine.holes import name

MAX_STEPS = 1000


def play(variant: str, seed: int, out: TextIO, *, color: bool, delay: float) -> dict[str, Any]:
    """Play one game to its end; the final state (test view)."""
    config = Config(variant=variant)
    run = SimRun(config, seed=seed, first_game=game_entry(config, variant, 2, seed, None))
    ctl, board = run.controller, run.board
    names = config.team_names
    for _ in range(MAX_STEPS):
        game = ctl.game
        if game.game_over:
            break
        mover = f"{names[game.team_of_seat[game.to_move]]}"
        variant_line = variant_demo.step(run)
        if variant_line is not None:
            _show(run, variant_line, out, color=color, delay=delay)
            continue
        if game.phase == Phase.AWAIT_ROLL:
            board.press("roll")
            run.advance(0.05)
            line = f"{mover} rolls {ctl.game.last_throw}"
        else:
            seat, hole = game.to_move, choose_hole(game)
            board.place(hole)
            run.settle()
            line = f"{mover} places a Man in {name(hole, config.layout)}"
            if ctl.game.pending_count():
                board.press("flix", seat)
                run.advance(0.05)
                line += " and calls FLIX!"
        _show(run, line, out, color=color, delay=delay)
    run.advance(config.win_animation_s)
    state = ctl.state(test_view=True)
    if not color:
        out.write(draw(board, ctl, color=False) + "\n")
    out.write(f"Result: {_result(state, names)}\n")
    return state


def _show(run: SimRun, line: str, out: TextIO, *, color: bool, delay: float) -> None:
    if not color:
        out.write(line + "\n")
        return
    view = draw(run.board, run.controller, color=True)
    out.write(f"\x1b[H\x1b[2J{view}\n\n{line}\n{run.controller.message()}\n")
    out.flush()
    time.sleep(delay)


def _result(state: dict[str, Any], names: tuple[str, ...]) -> str:
    if state["winner"] is not None:
        lines = [holes for team, holes in state["scored_lines"] if team == state["winner"]]
        where = f" with the line {' '.join(lines[-1])}" if lines else ""
        return f"{names[state['winner']]} wins{where}."
    return "a draw."
