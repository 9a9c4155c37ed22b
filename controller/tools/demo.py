"""``flixboard demo``: the computer plays every seat of a full game on the simulated board.

The game's seats are all computers at one level (``controller.computer.player``): they answer from
the search process, roll and call through the real controller and put their Men, Burocrats and
withdrawals on the board with the simulator's hands. The demo waits for each answer in simulated
time (``SimRun.think``), so a seed and a level always give the same game. On a terminal the board
is redrawn after each move; otherwise each move is one line and the board is printed at the end.
The first line says what the level does, in the words of the New game form's level guide.
"""

from __future__ import annotations

import time
from typing import TextIO

from controller.computer.level_guide import guide
from controller.config import Config
from controller.core.session import game_entry
from controller.core.state import State
from controller.events import Published, published
from controller.tools.board_view import draw
from controller.tools.demo_lines import Narrator
from controller.tools.sim_run import SimRun, board_for
from engine.players.base import DEFAULT_LEVEL

MAX_STEPS = 2000
"""Answers waited for before the demo gives up on a game that does not end."""
MOVETIME_MS = 600_000
"""The search's time cap: the largest allowed, so the level's node budget alone decides each
move and a seed plays the same game on a busy machine."""
IDLE_S = 0.5
"""Simulated time let pass when no answer is under way (a call timed for later, or a Man the
hands put in once the last placement's call window has closed, is waiting)."""


def play(
    variant: str,
    seed: int,
    out: TextIO,
    *,
    color: bool,
    delay: float,
    level: int = DEFAULT_LEVEL,
) -> State:
    """Play one game to its end with every seat the computer's at ``level``; the final state
    (test view)."""
    config = Config.of(variant=variant, sim_autoplace=True, computer_movetime_ms=MOVETIME_MS)
    seats = [{"kind": "computer", "level": level}] * config.game.players
    entry = game_entry(config, variant, config.game.players, seed, None, seats, False)
    run = SimRun(config, seed=seed, first_game=entry, geometry=board_for(variant))
    try:
        ctl = run.controller
        narrator = Narrator(config.game.team_names, ctl.game.team_of_seat, ctl.game.naming)
        told: list[Published] = []
        ctl.session.listeners.append(lambda event, _: told.append(published(event)))
        teams = [narrator.names[team] for team in sorted(set(ctl.game.team_of_seat))]
        out.write(_seats_line(variant, level, teams) + "\n")

        def tell() -> bool:
            lines = narrator.lines(told)
            told.clear()
            for line in lines:
                _show(run, line, out, color=color, delay=delay)
            return bool(lines)

        for _ in range(MAX_STEPS):
            if ctl.game.game_over:
                break
            asking = run.computer.wait()
            run.think()
            if not tell() and not asking:
                run.advance(IDLE_S)  # a call timed for later, or a Man waiting out a call window
        run.advance(config.leds.win_animation_s)
        tell()
        state = ctl.public_state(test_view=True)
        if not color:
            out.write(draw(run.board, ctl, color=False) + "\n")
        out.write(f"Result: {_result(state, config.game.team_names)}\n")
        return state
    finally:
        run.close()


def _seats_line(variant: str, level: int, teams: list[str]) -> str:
    """Who plays: every team the computer at ``level``, and what that level does."""
    does = next((step.does for step in guide(variant) if step.level == level), "")
    who = f"{', '.join(teams[:-1])} and {teams[-1]}" if len(teams) > 1 else teams[0]
    return f"{who}: the computer at level {level}." + (f" {does}." if does else "")


def _show(run: SimRun, line: str, out: TextIO, *, color: bool, delay: float) -> None:
    if not color:
        out.write(line + "\n")
        return
    view = draw(run.board, run.controller, color=True)
    out.write(f"\x1b[H\x1b[2J{view}\n\n{line}\n{run.controller.message()}\n")
    out.flush()
    time.sleep(delay)


def _result(state: State, names: tuple[str, ...]) -> str:
    if state.winner is not None:
        lines = [holes for team, holes in state.scored_lines if team == state.winner]
        where = f" with the line {' '.join(lines[-1])}" if lines else ""
        return f"{names[state.winner]} wins{where}."
    return "a draw."
