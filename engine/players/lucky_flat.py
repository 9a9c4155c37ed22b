"""The equal-time yardstick for Lucky Flix: flat Monte Carlo that spends whatever time it gets.

:class:`EqualTimeFlatPlayer` plays greedy playouts to the end (a placer takes a win the dice
allow, else blocks a line of another team, else weighs two random holes) from every allowed empty
hole in turn, round after round, until its budget (nodes or ``movetime``) is spent; the hole with
the best mean score wins (ties: the lowest hole). Unlike
:class:`~engine.players.dice_opponents.FlatMonteCarloPlayer`, which gives each hole in order a
fixed 256 playouts and so leaves the last holes unplayed when a cap binds, every hole gets the
same share of the time. Without a cap it stops after :data:`ROUNDS` playouts a hole.

>>> from engine.players.base import Budget
>>> from engine.variants import new_game
>>> game = new_game("lucky", seed=2)
>>> _ = game.roll("yellow/II/win")
>>> made = EqualTimeFlatPlayer(seed=1).decide(game, Budget(clock=lambda: 0.0, nodes=40))
>>> made.action.kind, game.allowed >> made.action.hole & 1, made.info.nodes
('place', 1, 40)
"""

from __future__ import annotations

from engine.bitboard import scan_forward
from engine.game import Game
from engine.players.base import Budget
from engine.players.dice_opponents import _Yardstick
from engine.players.fast_lucky import DRAW, LuckySim, table_of
from engine.players.flix_common import rng_for

ROUNDS = 256
"""Playouts per hole when neither a node budget nor a movetime stops it sooner."""


class EqualTimeFlatPlayer(_Yardstick):
    """Round-robin greedy playouts over the allowed holes until the budget is spent (seeded)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game, budget: Budget) -> tuple[int, int]:
        """The allowed empty hole with the best mean playout score so far."""
        seat = game.to_move
        team = game.team_of_seat[seat]
        holes = list(scan_forward(game.allowed & ~game.occupied)) or list(
            scan_forward(game.allowed)
        )
        if len(holes) == 1:
            return holes[0], 50
        sim = LuckySim.from_game(game, table_of(game))
        rng = rng_for("flat-time", self.seed, game.placements, seat, game.occupied, game.allowed)
        totals = dict.fromkeys(holes, 0.0)
        played = 0
        while played < ROUNDS and not budget.exhausted():
            for hole in holes:
                winner = sim.after_place(seat, hole, game.free_throws, rng, True)
                totals[hole] += 1.0 if winner == team else 0.5 if winner == DRAW else 0.0
                budget.count()
            played += 1
        best = max(holes, key=lambda hole: (totals[hole], -hole))
        return best, round(100 * totals[best] / played) if played else 50
