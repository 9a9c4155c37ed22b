"""Expectimax over the dice for Lucky Flix: placements, then the next throw, then the reply.

The search is the expectimax of Michie and Ballard (Ballard 1983, "The *-minimax search
procedure for trees containing chance nodes"): a placement node takes the placer's best child,
a chance node the mean over the 216 equally likely throws. Throws that allow the same holes are
one outcome weighed by how many throws give it (64 single holes, 48 rows of four, 12 planes of
sixteen, ``win win win``); ``flix flix flix`` lets the seat on the left place anywhere; a throw
whose holes are all taken loses the turn; ``free throws`` (two more throws for the thrower) is
scored as the position itself.

Depth 1 scores each placement by :meth:`~engine.players.fast_lucky.LuckySim.odds` (the exact
chances of the next throws, then the completing holes and open pairs each team keeps). Depth 2
adds the next throw and the reply of whoever places on it: every reply to the same hole leads to
the same position, so a chance node evaluates each empty hole once and each outcome takes the
best of its holes. Depth 3 adds one more throw and placement below each reply, for the best
candidates of depth 2. The search is anytime: each depth runs over the candidates in the order
the depth before ranked them, and a depth is only trusted once it has scored them all (depth 3:
its best ``TOP`` candidates); the budget is checked at every position scored, each counting one
node, so the search stops on the node. Candidates given in a plain order of merit keep it for
those depth 1 had no time to score.

Other teams are taken to play against the root team (paranoid); free throws left over at a leaf
are left to :meth:`~engine.players.fast_lucky.LuckySim.odds`.

>>> from engine.players.base import Budget
>>> from engine.variants import new_game
>>> game = new_game("lucky", seed=2)
>>> _ = game.roll("win/II/hearts")
>>> result = search(game, LuckySim.from_game(game), [8, 9, 10, 11], Budget(clock=lambda: 0.0), 3)
>>> result.hole in (8, 9, 10, 11), result.depth, 0.0 < result.value < 1.0
(True, 3, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.bitboard import BB_ALL, Bitboard, scan_forward
from engine.game import Game
from engine.players.base import Budget
from engine.players.fast_lucky import FREE_KIND, OPPONENT_KIND, LuckySim, ThrowTable, _with_placed

Outcome = tuple[float, int, Bitboard]
"""One outcome of a throw: its chance, its kind and the holes it allows."""


def outcomes(table: ThrowTable) -> list[Outcome]:
    """The throws of ``table`` that read alike merged into one outcome each, with its chance."""
    counts: dict[tuple[int, Bitboard], int] = {}
    for kind, mask in zip(table.kinds, table.masks, strict=True):
        counts[kind, mask] = counts.get((kind, mask), 0) + 1
    total = len(table.kinds)
    return [(count / total, kind, mask) for (kind, mask), count in counts.items()]


@dataclass(frozen=True)
class State:
    """A position inside the search: pieces, supply and completing holes per team, the seat to
    throw and its free throws."""

    pieces: tuple[Bitboard, ...]
    supply: tuple[int, ...]
    threats: tuple[Bitboard, ...]
    seat: int
    free: int

    @property
    def occupied(self) -> Bitboard:
        """Every hole taken."""
        total = 0
        for team_pieces in self.pieces:
            total |= team_pieces
        return total


@dataclass(frozen=True)
class SearchResult:
    """The chosen hole, its value for the root team (0..1) and the deepest depth trusted."""

    hole: int
    value: float
    depth: int
    values: dict[int, float]


class Exhausted(Exception):
    """The budget ran out inside a search: the depth under way is dropped."""


class _Search:
    """One search from the root team's side."""

    def __init__(self, sim: LuckySim, team: int, budget: Budget) -> None:
        self.sim = sim
        self.team = team
        self.budget = budget
        self.outcomes = outcomes(sim.table)

    def placed(self, state: State, seat: int, hole: int) -> State:
        """``state`` after ``seat`` places at ``hole`` (not completing a line)."""
        team = self.sim.team_of_seat[seat]
        pieces = list(state.pieces)
        pieces[team] |= 1 << hole
        supply = list(state.supply)
        supply[team] -= 1
        made = _with_placed(list(state.threats), pieces, team, hole)
        free = state.free if seat == state.seat else 0
        if free > 0 and supply[team] > 0:
            after = seat
        else:
            after, free = self.sim.next_of[seat], 0
        return State(tuple(pieces), tuple(supply), tuple(made), after, free)

    def passed(self, state: State, seat: int) -> State:
        """``state`` with the dice passed from ``seat`` to the next seat."""
        return State(state.pieces, state.supply, state.threats, self.sim.next_of[seat], 0)

    def leaf(self, state: State) -> float:
        """The root team's expected score by the odds of the position (:class:`Exhausted` once
        the budget is spent)."""
        if self.budget.exhausted():
            raise Exhausted
        self.budget.count()
        if not any(state.supply) or state.occupied == BB_ALL:
            return 0.5
        return self.sim.odds(list(state.pieces), list(state.threats), state.seat, self.team)

    def value(self, state: State, depth: int) -> float:
        """The root team's expected score with ``state.seat`` about to throw, looking ``depth``
        placements ahead (0: the odds of the position)."""
        if depth <= 0:
            return self.leaf(state)
        seat = state.seat
        sim = self.sim
        for _ in range(len(sim.team_of_seat)):
            if state.supply[sim.team_of_seat[seat]] > 0:
                break
            seat = sim.next_of[seat]
        else:
            return 0.5
        if seat != state.seat:
            state = State(state.pieces, state.supply, state.threats, seat, 0)
        occupied = state.occupied
        empty = BB_ALL & ~occupied
        cache: dict[tuple[int, int], float] = {}
        lost: list[float] = []

        def turn_lost() -> float:
            if not lost:
                lost.append(self.value(self.passed(state, seat), depth - 1))
            return lost[0]

        def child(placer: int, hole: int) -> float:
            key = (placer, hole)
            found = cache.get(key)
            if found is None:
                found = cache[key] = self.value(self.placed(state, placer, hole), depth - 1)
            return found

        total = 0.0
        for chance, kind, mask in self.outcomes:
            placer = seat
            if kind == FREE_KIND:
                total += chance * self.leaf(state)
                continue
            if kind == OPPONENT_KIND:
                placer = sim.next_of[seat]
                if state.supply[sim.team_of_seat[placer]] <= 0:
                    total += chance * turn_lost()
                    continue
                holes = empty
            else:
                holes = mask & empty
            if not holes:
                total += chance * turn_lost()
                continue
            total += chance * self.reply(state, placer, holes, child)
        return total

    def reply(
        self, state: State, placer: int, holes: Bitboard, child: Callable[[int, int], float]
    ) -> float:
        """The root team's score after ``placer`` picks its best of ``holes``."""
        team = self.sim.team_of_seat[placer]
        if holes & state.threats[team]:
            return 1.0 if team == self.team else 0.0
        values = [child(placer, hole) for hole in scan_forward(holes)]
        return max(values) if team == self.team else min(values)


TOP = 3
"""How many of depth 2's best candidates depth 3 searches again."""


def search(
    game: Game, sim: LuckySim, candidates: list[int], budget: Budget, depth: int
) -> SearchResult:
    """The best of ``candidates`` (allowed empty holes, none completing a line, best-looking
    first) for ``game.to_move``, searching up to ``depth`` (1..3) placements deep within
    ``budget``."""
    seat = game.to_move
    team = sim.team_of_seat[seat]
    run = _Search(sim, team, budget)
    root = State(tuple(sim.pieces), tuple(sim.supply), tuple(sim.threats), seat, game.free_throws)
    children = {hole: run.placed(root, seat, hole) for hole in candidates}
    values: dict[int, float] = {}
    try:
        for hole in candidates:
            values[hole] = run.leaf(children[hole])
    except Exhausted:
        pass
    if not values:
        return SearchResult(candidates[0], 0.5, 0, values)
    order = sorted(values, key=lambda hole: (-values[hole], hole))
    order += [hole for hole in candidates if hole not in values]
    trusted = 1 if len(values) == len(candidates) else 0
    for level in range(2, depth + 1):
        if len(values) < len(candidates):
            break
        field = order if level == 2 else order[:TOP]
        deeper: dict[int, float] = {}
        try:
            for hole in field:
                deeper[hole] = run.value(children[hole], level - 1)
        except Exhausted:
            break
        values = deeper
        order = sorted(field, key=lambda hole: (-values[hole], hole))
        trusted = level
    best = order[0]
    return SearchResult(best, values.get(best, 0.5), trusted, values)
