"""A stand-in computer player for the protocol tests, and ``flixboard engine`` with it.

The protocol is what these tests check, not playing strength: :class:`LowestHolePlayer` takes
the lowest hole it may act on (or rolls), deepens one "ply" per node until its budget or its
level ends, and reports an ``info`` per depth. Run as a script, it is ``flixboard engine`` with
this player registered for every variant.
"""

from __future__ import annotations

import sys

from engine.game import Action, Game, Phase
from engine.lines import completed_lines
from engine.players import PLAYERS
from engine.players.base import Budget, Decision, InfoSink, SearchInfo
from engine.variants import VARIANTS


class LowestHolePlayer:
    """Rolls when a roll is due, else acts on the lowest allowed hole (Pay-Off: with the
    team's highest unused token unless the Man completes a line). Searches ``level`` plies
    unless the budget sets a depth or stops it first."""

    def __init__(self, level: int, seed: int) -> None:
        self.level = level
        self.seed = seed

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        action = self._action(game)
        info = SearchInfo(0, 0, 0, 0.0)
        depth = 0
        limit = budget.depth if budget.depth is not None else self.level
        while depth < limit and not budget.exhausted():
            depth += 1
            budget.count()
            info = SearchInfo(depth, 10 * depth, budget.visited, budget.elapsed(), (action,))
            if on_info is not None:
                on_info(info)
        return Decision(action, f"the lowest open hole (seed {self.seed})", info)

    def reactions(self, game: Game, seat: int) -> list[Action]:
        return []

    @staticmethod
    def _action(game: Game) -> Action:
        if game.phase == Phase.AWAIT_ROLL:
            return Action("roll")
        hole = (game.allowed & -game.allowed).bit_length() - 1
        token = None
        hands = getattr(game, "hands", None)
        team = game.team_of_seat[game.to_move]
        own = game.pieces(team) | 1 << hole
        if hands and hands[team] and not completed_lines(own, hole):
            token = max(hands[team])
        action = game.read_move(game.naming.name(hole), token)
        return action or Action("place", hole=hole, token=token)


def register() -> None:
    """Make :class:`LowestHolePlayer` the computer player of every variant."""
    for variant in VARIANTS:
        PLAYERS[variant] = LowestHolePlayer


if __name__ == "__main__":
    from controller.cli import main

    register()
    sys.exit(main(["engine"]))
