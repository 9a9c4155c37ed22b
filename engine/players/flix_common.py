"""What the FLIX-game players share: seeded draws, the waiting-for-calls decision, board facts.

>>> rng_for("x", 1, 2) is not rng_for("x", 1, 2)
True
>>> rng_for("x", 1, 2).random() == rng_for("x", 1, 2).random()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from engine.bitboard import Bitboard, scan_forward
from engine.game import Action, Game
from engine.lines import LINES_THROUGH
from engine.phrase import why
from engine.players.base import Budget, Decision, InfoSink, SearchInfo, capped
from engine.players.flix_calls import call_reactions
from engine.players.line_search import SearchResult, search, team_order, threats

MISTAKE_CHANCE: dict[int, float] = {1: 0.25, 2: 0.1, 3: 0.0, 4: 0.0, 5: 0.0}
"""Chance that a seat of this level overlooks a threat and plays a plain move instead."""


def rng_for(*parts: object) -> random.Random:
    """A generator seeded by ``parts`` (text seeds hash the same way on every machine)."""
    return random.Random(":".join(str(part) for part in parts))


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
            return decision(action, why("calls FLIX"), budget, 100)
    for action in calls:
        return decision(action, why("calls PENALTY"), budget, 50)
    return decision(
        Action("call", seat=seat), why("nothing to call: waits for the other teams"), budget, 50
    )


@dataclass(frozen=True)
class Placement:
    """A searched placement: its hole, whether it completes a line of the mover's team, the
    teams whose line it blocks, and the search behind it."""

    hole: int
    completes: bool
    blocking: list[int]
    result: SearchResult

    def reason(self, free_play: bool = False) -> str:
        """Why, in words (said to be a free play when it is one)."""
        if self.completes:
            said = why("completes a line")
        elif self.blocking:
            said = why("blocks an opponent's line")
        else:
            said = why(
                "builds its lines (searched {depth} placements ahead)", depth=self.result.depth
            )
        return why("{reason} (free play)", reason=said) if free_play else said


def searched_placement(
    game: Game,
    variant: str,
    seed: int,
    level: int,
    limits: tuple[int, int, int],
    budget: Budget,
    on_info: InfoSink | None,
    noise: float = 0.0,
) -> Placement:
    """The placement for ``game.to_move`` by the paranoid line search within ``limits`` (nodes,
    depth, width), each root move's value plus seeded noise up to ``noise`` (drawn per hole for
    the seed and the position); a beginner (``MISTAKE_CHANCE``) now and then overlooks the block
    it found."""
    nodes, depth, width = limits
    seat = game.to_move
    team = game.team_of_seat[seat]
    pieces = [game.pieces(t) for t in range(game.teams)]
    supply = [0 if t in game.resigned else game.supply[t] for t in range(game.teams)]
    nexts = [game.next_seat(s) for s in range(game.players)]
    order = team_order(game.team_of_seat, nexts, seat)
    inner = capped(budget, nodes)
    report = depth_reporter(on_info, budget, inner)
    occupied = game.occupied
    jitter: tuple[float, ...] = ()
    if noise:
        draws = rng_for(variant, "noise", seed, game.placements, seat, occupied)
        jitter = tuple(draws.uniform(0.0, noise) for _ in range(64))
    result = search(pieces, order, supply, inner, depth, width, report=report, noise=jitter)
    budget.count(inner.visited)
    hole = result.hole
    blocking = [o for o in other_teams(game, team) if threats(pieces[o], occupied) >> hole & 1]
    rng = rng_for(variant, seed, game.placements, seat, occupied)
    if blocking and rng.random() < MISTAKE_CHANCE[level]:
        free = [h for h in scan_forward(game.allowed) if h != result.hole]
        hole = free[rng.randrange(len(free))] if free else hole
        blocking = []
    own = pieces[team] | 1 << hole
    completes = any(own & line == line for line in LINES_THROUGH[hole])
    return Placement(hole, completes, blocking, result)
