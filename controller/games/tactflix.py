"""Tac-T-Flix: Burocrats, substitutions and withdrawals."""

from __future__ import annotations

from controller.flows.tactflix import TacTFlixFlow
from controller.games.spec import GameSpec, rung
from controller.i18n import N_
from engine.tactflix import TacTFlix

SPEC = GameSpec(
    TacTFlix,
    title=N_("Tac-T-Flix"),
    choice=N_("Tac-T-Flix (Burocrats)"),
    levels=(
        (N_("One placement ahead; misses a block 1 time in 4"), []),
        (N_("Two placements ahead; misses a block 1 time in 10"), [rung(55.6, 51, 60, 400)]),
        (
            N_("Two placements ahead, wider; never misses a block (the default)"),
            [rung(63.1, 58.3, 67.7, 400)],
        ),
        (
            N_("Four placements ahead, with small errors; notices 9 lines in 10"),
            [rung(71.5, 66.9, 75.7, 400)],
        ),
        (
            N_("Four placements ahead, twice as wide; notices every line"),
            [rung(58.1, 53.2, 62.9, 400)],
        ),
    ),
    flow=TacTFlixFlow,
    carried=True,
)
