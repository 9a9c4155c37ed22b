"""The Flip 4 computer player: rolls, and chooses placements, steps and corner landings by an
expectimax over the 36 throws (:mod:`engine.players.flip4_search`).

Levels differ by their node budget and the deepest look-ahead (turns, each a choice followed by
the next player's throw): 1 looks one turn ahead and plays a random choice 30 % of the time, 2
looks one turn ahead, 3 (the default) two, 4 three for its two best choices after two (with a
little noise on each choice's value), 5 three for its six best. A look-ahead that runs out of
nodes is dropped for the last completed one (anytime); positions met again within a decision cost
no nodes, so the deeper turns fit.

>>> from engine.players.base import Budget
>>> from engine.variants import new_game
>>> game = new_game("flip4", seed=1)
>>> player = Flip4Player(3, seed=0)
>>> player.decide(game, Budget(clock=lambda: 0.0)).action.kind
'roll'
>>> _ = game.roll("2/1")
>>> made = player.decide(game, Budget(clock=lambda: 0.0))
>>> made.action.kind, made.action.hole in (5, 9, 12)
('place', True)
"""

from __future__ import annotations

import random

from engine.flip4 import CORNERS, GRID, Flip4
from engine.game import Action, Game, Phase
from engine.phrase import why
from engine.players.base import Budget, Decision, InfoSink, SearchInfo
from engine.players.flip4_search import (
    THROWS,
    WIN,
    Board,
    Memo,
    OutOfBudget,
    Position,
    Step,
    line_through,
    play,
    step_value,
    steps,
    steps_now,
)

NODES: dict[int, int] = {1: 30, 2: 300, 3: 4_000, 4: 12_000, 5: 40_000}
"""Node budget per decision by level."""
DEPTH: dict[int, int] = {1: 1, 2: 1, 3: 2, 4: 3, 5: 3}
"""The deepest look-ahead (turns) by level."""
BLUNDER = 0.3
"""Level 1 plays a random choice this often (seeded)."""
NOISE: dict[int, float] = {1: 0.0, 2: 0.0, 3: 0.0, 4: 10.0, 5: 0.0}
"""By level, up to this much (seeded) is added to each choice's value, so that the level errs a
little between close choices (the values' best two differ by about 10 in the median)."""
DEEP_WIDTH: dict[int, tuple[int, ...]] = {1: (), 2: (), 3: (), 4: (2,), 5: (6,)}
"""By level, how many of the best choices so far the look-aheads of three turns, four, ...
search."""


class Flip4Player:
    """A Flip 4 player at ``level`` (1..5), deterministic for ``seed``."""

    def __init__(self, level: int = 3, seed: int = 0) -> None:
        self.level = level
        self.seed = seed

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """Flip 4 has no calls and no requests out of turn."""
        return []

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """A roll, or the best placement, step or landing of the seat to move."""
        assert isinstance(game, Flip4)
        board = Board.of(game)
        position = Position.from_game(game)
        if game.phase == Phase.AWAIT_ROLL:
            return self._roll(position, board, budget)
        choices = steps_now(game)
        if not choices:
            raise ValueError(f"nothing to decide in phase {game.phase}")
        rng = random.Random(f"flip4:{self.seed}:{len(game.actions)}:{game.to_move}")
        rng.shuffle(choices)
        winning = next((s for s in choices if wins(position, s)), None)
        if winning is not None:
            return self._decision(game, position, winning, WIN, 1, budget, why("wins"))
        if self.level == 1 and rng.random() < BLUNDER:
            return self._decision(game, position, rng.choice(choices), 0, 0, budget, why("a guess"))
        best, score, depth = choices[0], 0.0, 0
        ranked = choices
        limit = min(NODES[self.level], budget.nodes or NODES[self.level])
        max_depth = min(DEPTH[self.level], budget.depth or DEPTH[self.level])

        def spend() -> bool:
            budget.count()
            return budget.visited >= limit or budget.exhausted()

        memo: Memo = {}
        noise = {step: NOISE[self.level] * rng.random() for step in choices}
        for look in range(1, max_depth + 1):
            if look >= 3:
                choices = ranked[: DEEP_WIDTH[self.level][look - 3]]
            try:
                values = [
                    step_value(position, board, step, game.reverse, look, spend, memo)
                    for step in choices
                ]
            except OutOfBudget:
                break
            order = sorted(range(len(choices)), key=lambda i: -values[i] - noise[choices[i]])
            ranked = [choices[i] for i in order]
            best, score, depth = ranked[0], values[order[0]], look
            if on_info is not None:
                on_info(self._info(game, best, score, depth, budget))
        words = why(
            "best of {count} by a {depth}-turn look-ahead over the 36 throws",
            count=len(choices),
            depth=depth,
        )
        return self._decision(game, position, best, score, depth, budget, words)

    def _roll(self, position: Position, board: Board, budget: Budget) -> Decision:
        useful = sum(
            weight
            for throw, (_, _, weight) in enumerate(THROWS)
            if steps(position, board, throw) and not free_only(position, board, throw)
        )
        info = SearchInfo(0, round(100 * useful / 36), 0, budget.elapsed())
        if position.supply[position.seat]:
            reason = why("rolls: {count} of 36 throws let it place", count=useful)
        else:
            reason = why("rolls: {count} of 36 throws let it move", count=useful)
        return Decision(Action("roll"), reason, info)

    def _info(
        self, game: Flip4, step: Step, score: float, depth: int, budget: Budget
    ) -> SearchInfo:
        mate = 1 if score >= WIN else None
        return SearchInfo(
            depth, round(score), budget.visited, budget.elapsed(), (action_of(game, step),), mate
        )

    def _decision(
        self,
        game: Flip4,
        position: Position,
        step: Step,
        score: float,
        depth: int,
        budget: Budget,
        because: str,
    ) -> Decision:
        info = self._info(game, step, score, depth, budget)
        reason = why("{move}: {because}", move=describe(game, position, step), because=because)
        return Decision(action_of(game, step), reason, info)


def free_only(position: Position, board: Board, throw: int) -> bool:
    """Whether the throw matches none of the mover's squares (a free choice after misses)."""
    team = position.seat
    if position.supply[team]:
        return not board.matches[throw] & ~position.occupied
    return not board.matches[throw] & position.men[team]


def wins(position: Position, step: Step) -> bool:
    """Whether ``step`` completes a line of the mover's."""
    after = play(position, step)
    return line_through(after.men[position.seat], step.end) is not None


def action_of(game: Flip4, step: Step) -> Action:
    """The game action that starts ``step`` (a jump's landing is the next decision)."""
    if step.kind in ("place", "land"):
        return Action("place", hole=step.to)
    return Action("move", hole=step.source, to=step.to)


def describe(game: Flip4, position: Position, step: Step) -> str:
    """The choice in words, squares by name and number."""

    def square(cell: int) -> str:
        number = game.squares[cell]
        return GRID.name(cell) if number is None else f"{GRID.name(cell)} ({number})"

    target = step.end
    flips = game.piece_team(target, other_than=position.seat) is not None
    if step.kind == "place":
        return why("places on {square}", square=square(target))
    if step.kind == "land":
        if flips:
            return why("lands on {square}, flipping an opponent's piece", square=square(target))
        return why("lands on {square}", square=square(target))
    if CORNERS >> step.to & 1:
        return why(
            "steps from {square} into the corner {corner} for {landing}",
            square=square(step.source),
            corner=GRID.name(step.to),
            landing=square(step.landing),
        )
    if flips:
        return why(
            "moves {square} to {target}, flipping an opponent's piece",
            square=square(step.source),
            target=square(target),
        )
    return why("moves {square} to {target}", square=square(step.source), target=square(target))
