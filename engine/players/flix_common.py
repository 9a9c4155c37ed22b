"""What the FLIX-game players share: seeded draws, the waiting-for-calls decision, board facts.

>>> rng_for("x", 1, 2) is not rng_for("x", 1, 2)
True
>>> rng_for("x", 1, 2).random() == rng_for("x", 1, 2).random()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.bitboard import Bitboard
from engine.game import Action, Game
from engine.lines import LINES_THROUGH
from engine.players.base import Budget, Decision, InfoSink, SearchInfo
from engine.players.flix_calls import call_reactions
from engine.players.line_search import SearchResult

MISTAKE_CHANCE: dict[int, float] = {1: 0.25, 2: 0.1, 3: 0.0, 4: 0.0, 5: 0.0}
"""Chance that a seat of this level overlooks a threat and plays a plain move instead."""


def rng_for(*parts: object) -> random.Random:
    """A generator seeded by ``parts`` (text seeds hash the same way on every machine)."""
    return random.Random(":".join(str(part) for part in parts))


def capped(budget: Budget, nodes: int) -> Budget:
    """A budget for one search of at most ``nodes`` more nodes within ``budget`` (the same clock,
    time left and stop check); add its ``visited`` back to ``budget`` afterwards."""
    movetime = None if budget.movetime is None else max(0.0, budget.movetime - budget.elapsed())
    if budget.nodes is not None:
        nodes = max(0, min(nodes, budget.nodes - budget.visited))
    return Budget(clock=budget.clock, movetime=movetime, nodes=nodes, stop=budget.stop)


def depth_reporter(
    on_info: InfoSink | None, budget: Budget, inner: Budget
) -> Callable[[SearchResult], None] | None:
    """Turns each finished depth of a line search into an ``info`` line for ``on_info``."""
    if on_info is None:
        return None
    sink = on_info

    def report(result: SearchResult) -> None:
        pv = tuple(Action("place", hole=hole) for hole in result.pv)
        nodes = budget.visited + inner.visited
        sink(SearchInfo(result.depth, result.score, nodes, budget.elapsed(), pv))

    return report


def other_teams(game: Game, team: int) -> list[int]:
    """The teams other than ``team`` still playing."""
    return [other for other in range(game.teams) if other != team and other not in game.resigned]


def completing(pieces: Bitboard, candidates: Bitboard, holes: list[int]) -> list[int]:
    """The holes of ``holes`` in ``candidates`` that complete a line of ``pieces``."""
    result = []
    for hole in holes:
        if candidates >> hole & 1:
            own = pieces | 1 << hole
            if any(own & line == line for line in LINES_THROUGH[hole]):
                result.append(hole)
    return result


def decision(
    action: Action,
    reason: str,
    budget: Budget,
    score: int,
    depth: int = 0,
    pv: tuple[Action, ...] = (),
) -> Decision:
    """A decision with its info line (``score`` in percent or hundredths, mover's side)."""
    info = SearchInfo(depth, score, budget.visited, budget.elapsed(), pv or (action,))
    return Decision(action, reason, info)


def await_calls_decision(game: Game, level: int, seed: int, budget: Budget) -> Decision:
    """Phase ``await_calls``: the seat's own call or a penalty it has seen, else a harmless
    call that says it has nothing to call."""
    seat = game.to_move
    calls = call_reactions(game, seat, level, seed)
    for action in calls:
        if action.kind == "call":
            return decision(action, "calls FLIX", budget, 100)
    for action in calls:
        return decision(action, "calls PENALTY", budget, 50)
    return decision(
        Action("call", seat=seat), "nothing to call: waits for the other teams", budget, 50
    )
