"""The Tac-T-Flix computer player: placements, free plays, substitution, withdrawal, calls.

Placements and free plays: :mod:`engine.players.line_search` over each team's pieces (Men and
Burocrats both make lines), a completed line scoring as a finished line of play. Substitution:
the Burocrat goes where it builds the team's best Buroline chance: a Buroline at once if it can,
else the hole whose lines free of other teams' pieces hold the most of its Burocrats. Withdrawal
lifts every Man of the scored lines anyway; it takes them in hole order.

>>> from engine.players.base import Budget
>>> from engine.variants import new_game
>>> game = new_game("tactflix")
>>> TacTFlixPlayer(3, seed=0).decide(game, Budget(clock=lambda: 0.0)).action.kind
'place'
"""

from __future__ import annotations

from engine.bitboard import Bitboard, scan_forward
from engine.errors import IllegalAction
from engine.game import Action, Game, Phase
from engine.lines import LINES_THROUGH
from engine.phrase import why
from engine.players.base import Budget, Decision, InfoSink
from engine.players.flix_calls import call_reactions
from engine.players.flix_common import (
    await_calls_decision,
    decision,
    searched_placement,
)
from engine.tactflix import SUBSTITUTE, WITHDRAW, TacTFlix

DEPTH: dict[int, int] = {1: 1, 2: 2, 3: 2, 4: 4, 5: 4}
"""Search depth (placements) by level. Depth 3 at levels 3 to 5 played even; on trial seeds
level 4 scored 55-57.5 % against level 3 at depth 3 with noise of 40 to 120, and 69 % against
level 3 at depth 2 without noise."""
WIDTH: dict[int, int] = {1: 6, 2: 8, 3: 10, 4: 10, 5: 20}
"""Moves searched at each node by level."""
NODES: dict[int, int] = {1: 60, 2: 400, 3: 3000, 4: 10000, 5: 30000}
"""Node budget per decision by level."""
NOISE: dict[int, float] = {1: 0.0, 2: 0.0, 3: 0.0, 4: 20.0, 5: 0.0}
"""Seeded noise (up to this much) added to each root move's value by level: level 4 errs among
the moves its search finds close; level 5 does not (without noise level 5 played level 4 even:
51.5 % of 400 games)."""


def buroline_worth(burocrats: Bitboard, others: Bitboard, hole: int) -> tuple[int, int]:
    """How much a Burocrat at ``hole`` builds: the most of the team's Burocrats (with it) on one
    line free of other teams' pieces, then the sum over such lines."""
    mine = burocrats | 1 << hole
    counts = [(line & mine).bit_count() for line in LINES_THROUGH[hole] if not line & others]
    return max(counts, default=0), sum(counts)


class TacTFlixPlayer:
    """Tac-T-Flix at ``level`` 1..5, deterministic for ``seed``."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.seed = seed

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """Its own FLIX at once; PENALTY on a line it has noticed."""
        return call_reactions(game, seat, self.level, self.seed)

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """Place (or free play), seat a Burocrat, withdraw a Man, or call."""
        if not isinstance(game, TacTFlix):
            raise IllegalAction(
                why("a Tac-T-Flix player cannot play {variant}", variant=game.variant)
            )
        if game.phase == Phase.AWAIT_PLACE:
            return self._place(game, budget, on_info)
        if game.phase == SUBSTITUTE:
            return self._substitute(game, budget)
        if game.phase == WITHDRAW:
            hole = next(scan_forward(game.to_withdraw))
            return decision(
                Action("withdraw", hole=hole),
                why("withdraws its Men of the scored lines"),
                budget,
                0,
            )
        if game.phase == Phase.AWAIT_CALLS:
            return await_calls_decision(game, self.level, self.seed, budget)
        raise IllegalAction(
            why("nothing for a Tac-T-Flix player to do in phase {phase}", phase=game.phase)
        )

    def _place(self, game: TacTFlix, budget: Budget, on_info: InfoSink | None) -> Decision:
        limits = (NODES[self.level], DEPTH[self.level], WIDTH[self.level])
        placed = searched_placement(
            game, "tactflix", self.seed, self.level, limits, budget, on_info, NOISE[self.level]
        )
        hole, result = placed.hole, placed.result
        free_play = game.seq_team is not None
        action = Action("place", hole=hole)
        return decision(action, placed.reason(free_play), budget, result.score, result.depth)

    def _substitute(self, game: TacTFlix, budget: Budget) -> Decision:
        team = game.team_of_seat[game.to_move]
        others = 0
        for other in range(game.teams):
            if other != team:
                others |= game.pieces(other)
        burocrats = game.burocrats[team]
        holes = list(scan_forward(game.substitutable))
        hole = max(holes, key=lambda h: (buroline_worth(burocrats, others, h), -h))
        longest = buroline_worth(burocrats, others, hole)[0]
        if longest == 4:
            reason = why("seats a Burocrat: completes a Buroline")
        else:
            reason = why(
                "seats a Burocrat where {count} of its Burocrats share an open line", count=longest
            )
        return decision(Action("substitute", hole=hole), reason, budget, 25 * longest)
