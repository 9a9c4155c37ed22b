"""The Lucky Flix computer player: an expectimax over the dice from level 3, Monte Carlo below.

A placement is chosen among the allowed empty holes: one that completes a line at once; else,
from level 3, the best hole of :func:`~engine.players.lucky_search.search` (an expectimax over its
placement, the next throw and the reply on it, within ``SEARCH_NODES[level]`` positions). At
levels 1-2 the most promising holes (a plain score of lines and blocks) are each played out to
the end many times with throws from the game's own dice (free throws, FFF, lost turns
included); the playout budget of the level goes to the better half round by round, every hole
played on the same throw sequences. In the playouts a placer takes a winning hole the dice
allow; at level 2 it blocks a line of another team otherwise, else weighs two random holes and
keeps the one on more open lines. Partners are one team: a playout counts a team's win for every
seat of that team; a draw counts a half.

>>> from engine.players.base import Budget
>>> from engine.variants import new_game
>>> game = new_game("lucky", seed=2)
>>> LuckyPlayer(3, seed=0).decide(game, Budget(clock=lambda: 0.0)).action.kind
'roll'
"""

from __future__ import annotations

import math
import random

from engine.bitboard import Bitboard, scan_forward
from engine.errors import IllegalAction
from engine.game import Action, Game, Phase
from engine.lines import LINES_THROUGH
from engine.phrase import why
from engine.players.base import Budget, Decision, InfoSink, SearchInfo, capped
from engine.players.fast_lucky import DRAW, LuckySim, ThrowTable, dice_of
from engine.players.flix_calls import call_reactions
from engine.players.flix_common import (
    MISTAKE_CHANCE,
    await_calls_decision,
    decision,
    other_teams,
    rng_for,
)
from engine.players.line_search import threats
from engine.players.lucky_search import search

PLAYOUTS: dict[int, int] = {1: 48, 2: 400}
"""Playouts per placement decision at the levels that play them out."""
WIDTH: dict[int, int] = {1: 4, 2: 6}
"""How many of the best-looking holes the playouts compare, by level."""
SEARCH_NODES: dict[int, int] = {3: 12000, 4: 30000, 5: 80000}
"""From level 3: the positions the expectimax over the dice may score per placement (the
levels below play the Monte Carlo playouts above)."""
SEARCH_DEPTH = 3
"""Placements the expectimax looks ahead at most."""


def plain_score(pieces: list[Bitboard], team: int, hole: int) -> int:
    """How good ``hole`` looks without lookahead: open lines it builds and lines it spoils."""
    score = 0
    for line in LINES_THROUGH[hole]:
        own = (line & pieces[team]).bit_count()
        owners = [other for other in range(len(pieces)) if other != team and line & pieces[other]]
        if not owners:
            score += (1 + own) ** 2
        elif own == 0 and len(owners) == 1:
            score += (line & pieces[owners[0]]).bit_count() ** 2
    return score


class LuckyPlayer:
    """Lucky Flix at ``level`` 1..5, deterministic for ``seed``."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.seed = seed
        self._tables: dict[tuple[object, ...], ThrowTable] = {}

    def _table(self, game: Game) -> ThrowTable:
        dice = dice_of(game)
        key = (dice, game.layout)
        if key not in self._tables:
            self._tables[key] = ThrowTable.build(dice, game.layout)
        return self._tables[key]

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """Its own FLIX at once; PENALTY on another team's line it has noticed."""
        return call_reactions(game, seat, self.level, self.seed)

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """Roll, place, or (waiting for calls) call."""
        if game.phase == Phase.AWAIT_ROLL:
            return self._roll(game, budget)
        if game.phase == Phase.AWAIT_PLACE:
            return self._place(game, budget, on_info)
        if game.phase == Phase.AWAIT_CALLS:
            return await_calls_decision(game, self.level, self.seed, budget)
        raise IllegalAction(
            why("nothing for a Lucky Flix player to do in phase {phase}", phase=game.phase)
        )

    def _roll(self, game: Game, budget: Budget) -> Decision:
        team = game.team_of_seat[game.to_move]
        chance = self._table(game).chance_to_reach(threats(game.pieces(team), game.occupied))
        percent = round(100 * chance)
        if chance:
            reason = why("rolls the dice: {percent}% chance to complete a line", percent=percent)
        else:
            reason = why("rolls the dice")
        return decision(Action("roll"), reason, budget, percent)

    def _place(self, game: Game, budget: Budget, on_info: InfoSink | None) -> Decision:
        seat = game.to_move
        team = game.team_of_seat[seat]
        allowed = game.allowed
        holes = list(scan_forward(allowed))
        sim = LuckySim.from_game(game, self._table(game))
        wins = [hole for hole in holes if sim.completes(team, hole)]
        if wins:
            return decision(Action("place", hole=wins[0]), why("completes a line"), budget, 100)
        occupied = game.occupied
        blocks: dict[int, int] = {}
        for other in other_teams(game, team):
            for hole in scan_forward(threats(game.pieces(other), occupied) & allowed):
                blocks.setdefault(hole, other)
        pieces = list(sim.pieces)
        ranked = sorted(
            holes, key=lambda hole: (hole in blocks, plain_score(pieces, team, hole)), reverse=True
        )
        rng = rng_for("lucky", self.seed, game.placements, seat, occupied, allowed)
        if len(ranked) > 1 and rng.random() < MISTAKE_CHANCE[self.level]:
            ranked = [hole for hole in ranked if hole not in blocks] or ranked
            hole = ranked[rng.randrange(len(ranked))]
            return decision(Action("place", hole=hole), why("a hole with open lines"), budget, 50)
        if self.level in SEARCH_NODES:
            return self._searched(game, sim, ranked, blocks, budget, on_info)
        candidates = ranked[: WIDTH[self.level]]
        best, means = self._halving(game, sim, candidates, budget, on_info)
        percent = round(100 * means.get(best, 0.5))
        if best in blocks:
            reason = why("blocks an opponent's line; {percent}% expected", percent=percent)
        elif len(candidates) == 1:
            reason = why("the only hole the dice allow")
        else:
            reason = why("best odds: {percent}% expected score", percent=percent)
        return decision(Action("place", hole=best), reason, budget, percent, depth=1)

    def _searched(
        self,
        game: Game,
        sim: LuckySim,
        holes: list[int],
        blocks: dict[int, int],
        budget: Budget,
        on_info: InfoSink | None,
    ) -> Decision:
        """The placement :func:`~engine.players.lucky_search.search` picks within the level's
        node budget (and the caller's ``movetime``)."""
        if len(holes) == 1:
            return decision(
                Action("place", hole=holes[0]), "the only hole the dice allow", budget, 50, depth=1
            )
        inner = capped(budget, SEARCH_NODES[self.level])
        result = search(game, sim, holes, inner, SEARCH_DEPTH)
        budget.count(inner.visited)
        percent = round(100 * result.value)
        action = Action("place", hole=result.hole)
        if on_info is not None:
            on_info(SearchInfo(result.depth, percent, budget.visited, budget.elapsed(), (action,)))
        if result.hole in blocks:
            reason = why("blocks an opponent's line; {percent}% expected", percent=percent)
        else:
            reason = why("best odds: {percent}% expected score", percent=percent)
        return decision(action, reason, budget, percent, depth=result.depth)

    def _halving(
        self,
        game: Game,
        sim: LuckySim,
        candidates: list[int],
        budget: Budget,
        on_info: InfoSink | None,
    ) -> tuple[int, dict[int, float]]:
        """The best candidate and the mean score of each after the level's playouts, halving
        the field each round; stops early (anytime) when the budget is spent."""
        seat = game.to_move
        team = game.team_of_seat[seat]
        free = game.free_throws
        totals = {hole: 0.0 for hole in candidates}
        counts = {hole: 0 for hole in candidates}
        if len(candidates) < 2:
            return candidates[0], {}
        rng = rng_for("playouts", self.seed, game.placements, seat, game.occupied, game.allowed)
        throws, places = random.Random(), random.Random()
        streams: list[tuple[int, int]] = []
        greedy = self.level >= 2
        left = PLAYOUTS[self.level]
        field = list(candidates)
        rounds = max(1, math.ceil(math.log2(len(field))))
        for round_ in range(rounds):
            share = max(1, left // ((rounds - round_) * len(field)))
            for _ in range(share):
                for hole in field:
                    if budget.exhausted() or left <= 0:
                        return self._best(field, totals, counts)
                    index = counts[hole]
                    if index >= len(streams):
                        streams.append((rng.getrandbits(64), rng.getrandbits(64)))
                    throws.seed(streams[index][0])
                    places.seed(streams[index][1])
                    winner = sim.after_place(seat, hole, free, throws, greedy, places)
                    totals[hole] += 1.0 if winner == team else 0.5 if winner == DRAW else 0.0
                    counts[hole] += 1
                    left -= 1
                    budget.count()
            field.sort(key=lambda hole: totals[hole] / counts[hole], reverse=True)
            field = field[: max(1, (len(field) + 1) // 2)]
            if on_info is not None:
                best = field[0]
                on_info(
                    SearchInfo(
                        round_ + 1,
                        round(100 * totals[best] / counts[best]),
                        budget.visited,
                        budget.elapsed(),
                        (Action("place", hole=best),),
                    )
                )
            if len(field) == 1:
                break
        return self._best(field, totals, counts)

    @staticmethod
    def _best(
        field: list[int], totals: dict[int, float], counts: dict[int, int]
    ) -> tuple[int, dict[int, float]]:
        """The best of ``field`` so far (unplayed holes keep their plain order) and the means."""
        means = {hole: totals[hole] / counts[hole] for hole in totals if counts[hole]}
        best = max(field, key=lambda hole: (means.get(hole, -1.0), -field.index(hole)))
        return best, means
