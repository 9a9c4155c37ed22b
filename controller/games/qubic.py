"""Qubic, 3-D Tic Tac Toe: any empty hole; PENALTY asks for a block."""

from __future__ import annotations

from controller.games.spec import GameSpec, rung
from controller.i18n import N_
from engine.qubic import Qubic

SPEC = GameSpec(
    Qubic,
    title=N_("3-D Tic Tac Toe"),
    choice=N_("3-D Tic Tac Toe (Qubic)"),
    levels=(
        (N_("Wins and blocks, but overlooks either a third of the time"), []),
        (
            N_("Short forcing wins, three placements ahead; misses a win or block 1 in 10"),
            [rung(90.0, 82.6, 94.5, 100, "first"), rung(71.0, 64.4, 76.8, 200, "second")],
        ),
        (
            N_("Finds forcing wins of up to 16 threats (the default)"),
            [rung(100.0, 96.3, 100, 100, "first"), rung(61.3, 54.3, 67.7, 200, "second")],
        ),
        (
            N_("Forcing wins of up to 20 threats; once lost, holds out longest"),
            [rung(95.0, 88.8, 97.8, 100, "first"), rung(64.2, 57.4, 70.6, 200, "second")],
        ),
        (
            N_(
                "The most positions; as first player the proven book's move where the book "
                "holds the position; as second, five placements ahead"
            ),
            [rung(100.0, 96.3, 100, 100, "first"), rung(74.0, 67.5, 79.6, 200, "second")],
        ),
    ),
    carried=True,
    penalty_asks_block=True,
)
