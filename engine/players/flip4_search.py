"""Flip 4 positions on plain ints, their steps, an evaluation and the expectimax over throws.

A :class:`Position` is what the search needs of a :class:`~engine.flip4.Flip4` game: each
team's pieces, the pieces still off the board, whose turn it is, the direction of play and the
run of misses. A :class:`Step` is one whole turn's choice (a corner jump with its landing). The
search alternates a choice with a chance node over the 21 different throws (a double counts 1 of
36, the others 2): :func:`expectimax`. With three or four players every other player is taken to
play against the searching one (paranoid), which also keeps one evaluation per position. Values
are kept for the decision (:data:`Memo`): a position recurs after many throws and after the same
steps in another order, and the deeper iterations reuse the shallower ones.

Simplification: in part 1 a throw whose squares are all taken counts as the free placement at
once (the real game throws up to twice more first).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.bitboard import Bitboard, bit, scan_forward
from engine.flip4 import (
    CORNERS,
    GRID,
    LINES,
    LINES_THROUGH,
    MAX_MISSES,
    Flip4,
    landing_squares,
)
from engine.game import Phase

THROWS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)
"""The 21 different throws with their weight out of 36."""
WIN = 100_000
LINE_WORTH = (0, 2, 10, 60, 0)
"""Worth of an open line by how many of a team's pieces stand on it."""
MOBILITY = 30
"""Worth of a piece standing on a number every throw matches (scaled by the number's chance)."""
THREAT = 150
"""Worth of a line of three whose fourth square a piece of the team can step onto."""


@dataclass(frozen=True)
class Step:
    """One choice: place on ``to`` (``source`` = -1), step ``source`` -> ``to``, or jump
    ``source`` -> corner ``to`` -> ``landing``; ``kind`` says which for the reasons."""

    kind: str
    source: int
    to: int
    landing: int = -1

    @property
    def end(self) -> int:
        """The square the piece ends on."""
        return self.landing if self.landing >= 0 else self.to


@dataclass(frozen=True)
class Position:
    """A Flip 4 position between turns (or a jump in progress: ``jump_from`` >= 0)."""

    men: tuple[Bitboard, ...]
    supply: tuple[int, ...]
    seat: int
    direction: int
    misses: tuple[int, ...]
    jump_from: int = -1

    @property
    def players(self) -> int:
        return len(self.men)

    @property
    def occupied(self) -> Bitboard:
        total = 0
        for men in self.men:
            total |= men
        return total

    @staticmethod
    def from_game(game: Flip4) -> Position:
        """The game's position (teams are seats in Flip 4)."""
        return Position(
            tuple(game.men),
            tuple(game.supply),
            game.to_move,
            game.direction,
            tuple(game.misses),
            -1 if game.jump_from is None else game.jump_from,
        )


@dataclass(frozen=True)
class Board:
    """The arrangement's tables: the squares each throw matches, each square's chance."""

    matches: tuple[Bitboard, ...]
    """Per entry of :data:`THROWS`, the squares carrying one of its results."""
    chance: tuple[float, ...]
    """Per square, the chance a throw matches it."""

    @staticmethod
    def of(game: Flip4) -> Board:
        matches = tuple(game.result_cells((a, b)) for a, b, _ in THROWS)
        chance = [0.0] * GRID.cells
        for mask, (_, _, weight) in zip(matches, THROWS, strict=True):
            for cell in scan_forward(mask):
                chance[cell] += weight / 36
        return Board(matches, tuple(chance))


def winner(position: Position, mover: int) -> int | None:
    """The team with four in a row, the mover's first."""
    order = (mover, *(t for t in range(position.players) if t != mover))
    for team in order:
        men = position.men[team]
        if any(line & men == line for line in LINES):
            return team
    return None


def completes(after: Position, step: Step, mover: int) -> int | None:
    """The team with four in a row after the mover's ``step`` from a position without one (no
    jump in progress): the mover's line through the step's end first, then another team's
    through the square a flipped piece went to."""
    if line_through(after.men[mover], step.end) is not None:
        return mover
    if step.source >= 0:
        for team, men in enumerate(after.men):
            if team != mover and line_through(men, step.source) is not None:
                return team
    return None


def steps(position: Position, board: Board, throw: int) -> list[Step]:
    """The mover's choices after the throw ``THROWS[throw]``; empty when the turn is lost."""
    team = position.seat
    own = position.men[team]
    matching = board.matches[throw]
    if position.supply[team] > 0:
        open_cells = matching & ~position.occupied
        if not open_cells:
            open_cells = GRID.all & ~CORNERS & ~position.occupied
        return [Step("place", -1, cell) for cell in scan_forward(open_cells)]
    movable = matching & own
    if not movable and position.misses[team] + 1 >= MAX_MISSES:
        movable = own
    return moves_of(position, movable)


def moves_of(position: Position, movable: Bitboard) -> list[Step]:
    """Every step (and corner jump with each landing) of the pieces in ``movable``."""
    own = position.men[position.seat]
    others = position.occupied & ~own
    found = []
    for source in scan_forward(movable):
        for target in scan_forward(GRID.neighbours[source] & ~own):
            if CORNERS >> target & 1:
                for landing in scan_forward(landing_squares(own, source)):
                    found.append(Step("jump", source, target, landing))
            else:
                found.append(Step("flip" if others >> target & 1 else "move", source, target))
    return found


def play(position: Position, step: Step) -> Position:
    """The position after the mover's ``step`` (the turn not yet passed on)."""
    team = position.seat
    men = list(position.men)
    supply = list(position.supply)
    if step.source < 0:
        men[team] |= bit(step.to)
        supply[team] -= 1
    else:
        source = step.source if position.jump_from < 0 else position.jump_from
        end = step.end
        men[team] = men[team] & ~bit(step.source) | bit(end)
        for other in range(len(men)):
            if other != team and men[other] >> end & 1:
                men[other] = men[other] & ~bit(end) | bit(source)
    return Position(tuple(men), tuple(supply), team, position.direction, position.misses)


def reverses(position: Position, throw: int) -> bool:
    """Whether ``THROWS[throw]`` turns the direction of play (a double in part 2, 3+ players)."""
    a, b, _ = THROWS[throw]
    return a == b and position.players > 2 and not any(position.supply)


def pass_turn(position: Position, reverse: bool, moved: bool) -> Position:
    """Hand the turn on (``moved``: the mover made a step, else it lost the turn)."""
    team = position.seat
    misses = position.misses
    if position.supply[team] == 0:
        misses = (*misses[:team], 0 if moved else misses[team] + 1, *misses[team + 1 :])
    direction = -position.direction if reverse else position.direction
    seat = (team + direction) % position.players
    return Position(position.men, position.supply, seat, direction, misses)


def evaluate(position: Position, board: Board, team: int) -> float:
    """``team``'s prospects against the best of the others (positive: better)."""
    scores = [team_worth(position, board, t) for t in range(position.players)]
    return scores[team] - max(s for t, s in enumerate(scores) if t != team)


def team_worth(position: Position, board: Board, team: int) -> float:
    """Open lines by pieces on them, pieces on likely numbers, lines of three one step from
    done."""
    own = position.men[team]
    others = position.occupied & ~own
    worth = 0.0
    for line in LINES:
        count = (line & own).bit_count()
        if not count:
            continue
        blockers = (line & others).bit_count()
        worth += LINE_WORTH[count] / (1 + 2 * blockers)
        if count == 3:
            gap = next(scan_forward(line & ~own))
            reach = GRID.neighbours[gap] & own & ~line
            if reach:
                worth += THREAT * max(board.chance[cell] for cell in scan_forward(reach))
    for cell in scan_forward(own):
        worth += MOBILITY * board.chance[cell]
    return worth


Counter = Callable[[], bool]
"""Counts one node; True once the budget is spent (the search then unwinds)."""
Memo = dict[tuple[Position, int], float]
"""Values found in one decision's search, by position and turns left (0: the evaluation)."""


class OutOfBudget(Exception):
    """The node budget ran out in the middle of an iteration."""


def expectimax(
    position: Position, board: Board, team: int, depth: int, spend: Counter, memo: Memo
) -> float:
    """``team``'s expected value of ``position`` (a new turn is due) looking ``depth`` turns
    ahead: each throw weighted, each mover taking its own best step. A position met again (after
    another throw, another order of the same steps, a shallower iteration) is taken from
    ``memo`` without spending a node."""
    key = (position, depth)
    known = memo.get(key)
    if known is not None:
        return known
    if spend():
        raise OutOfBudget
    if depth == 0:
        value = evaluate(position, board, team)
    else:
        total = 0.0
        for throw, (_, _, weight) in enumerate(THROWS):
            total += weight * after_throw(position, board, team, depth, throw, spend, memo)
        value = total / 36
    memo[key] = value
    return value


def after_throw(
    position: Position,
    board: Board,
    team: int,
    depth: int,
    throw: int,
    spend: Counter,
    memo: Memo,
) -> float:
    """The value for ``team`` once the mover has thrown ``THROWS[throw]`` and chosen."""
    choices = steps(position, board, throw)
    reverse = reverses(position, throw)
    if not choices:
        return expectimax(pass_turn(position, reverse, False), board, team, depth - 1, spend, memo)
    mover = position.seat
    best: float | None = None
    for step in choices:
        after = play(position, step)
        won = completes(after, step, mover)
        if won is not None:
            value = float(WIN if won == team else -WIN)
        elif depth == 1:
            value = expectimax(after, board, team, 0, spend, memo)
        else:
            value = expectimax(pass_turn(after, reverse, True), board, team, depth - 1, spend, memo)
        if best is None or (value > best if mover == team else value < best):
            best = value
    assert best is not None
    return best


def step_value(
    position: Position,
    board: Board,
    step: Step,
    reverse: bool,
    depth: int,
    spend: Counter,
    memo: Memo,
) -> float:
    """The mover's value of taking ``step`` now (``reverse``: its throw turns the direction of
    play), looking ``depth`` turns ahead in all."""
    team = position.seat
    after = play(position, step)
    won = winner(after, team)
    if won is not None:
        return WIN if won == team else -WIN
    if depth <= 1:
        return evaluate(after, board, team)
    return expectimax(pass_turn(after, reverse, True), board, team, depth - 1, spend, memo)


def line_through(men: Bitboard, cell: int) -> Bitboard | None:
    """A full line of ``men`` through ``cell``, if any."""
    return next((line for line in LINES_THROUGH[cell] if line & men == line), None)


def steps_now(game: Flip4) -> list[Step]:
    """The choices of the game's mover in its current phase, as :class:`Step` values."""
    position = Position.from_game(game)
    if game.phase == Phase.AWAIT_PLACE:
        return [Step("place", -1, cell) for cell in scan_forward(game.allowed)]
    if game.phase == Phase.AWAIT_JUMP:
        corner = next(scan_forward(game.men[game.to_move] & CORNERS))
        return [Step("land", corner, cell) for cell in scan_forward(game.allowed)]
    return moves_of(position, game.allowed)
