"""The Olix computer player: an alpha-beta search over placements that values patterns scored,
patterns growing and the opponent's patterns blocked.

A placement's worth, from its player's side, is the sum of
- what it scores now: the scoring area after it, valued by :func:`area_worth` (a
  super-pattern wins at once);
- what it blocks: the area the opponent would gain by a counter on the same cell;
- what it builds: the change in :func:`shape_worth` of every target shape through the cell
  (the smallest O, L, I, X, and the shapes one counter past the end of each scoring line, the
  super-patterns), a shape counting only while the other player has no counter in it, and
  spoiling the opponent's shapes counting for the player;
- a double threat: two empty cells that would each complete a super-pattern shape.

The search takes, from level 2 on, the placements of best worth and subtracts from each the
worth of the opponent's best reply (a two-placement alpha-beta: a reply at least as good as the
move refutes it at once); level 5 subtracts from each reply the best answer to it, three
placements in all. Width and a node budget per level, so a level plays the same moves for
the same seed on any machine. Ties are broken by a seeded draw. Level 1 places by the worth
alone; every level below 5 adds seeded noise to each worth (from level 2 down, the lower the
level, the more; level 1, which looks only one placement ahead, less), so it misses things now
and then.

>>> from engine.players.base import Budget
>>> from engine.variants import new_game
>>> game = new_game("olix")
>>> for cell in ("a3", "k11", "b3", "k9", "c3", "k7", "d3", "j10", "e3", "j8", "f3", "i11", "g3"):
...     _ = game.place(cell)
>>> made = OlixPlayer(3, seed=0).decide(game, Budget(clock=lambda: 0.0))
>>> game.naming.name(made.action.hole), made.reason
('h3', 'blocks a super-pattern: I-8 at h3 would win for the opponent')
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache

from engine.bitboard import Bitboard, scan_forward
from engine.errors import IllegalAction
from engine.game import Action, Game, Phase
from engine.olix import NO_SPACE, Area, Olix, space_for
from engine.olix_patterns import GRID, SIZE, patterns_at
from engine.phrase import why
from engine.players.base import Budget, Decision, InfoSink, SearchInfo, capped

DEPTH: dict[int, int] = {1: 1, 2: 2, 3: 2, 4: 2, 5: 3}
"""Search depth (placements) by level: 1 (the best worth now), 2 (less the opponent's best
reply) or 3 (less the opponent's best reply less the best answer to it)."""
ROOT_WIDTH: dict[int, int] = {1: 1, 2: 6, 3: 12, 4: 20, 5: 20}
"""Placements searched against the replies, by level (the best by their own worth)."""
REPLY_WIDTH = 8
"""Replies searched against each placement at depth 3 (the best by their own worth), each less
the best answer to it."""
NODES: dict[int, int] = {1: 400, 2: 2000, 3: 4000, 4: 12000, 5: 40000}
"""Placements valued per decision by level."""
NOISE: dict[int, float] = {1: 60.0, 2: 110.0, 3: 70.0, 4: 40.0, 5: 0.0}
"""Random noise (up to this much) added to each placement's worth by level: every level below 5
errs, from level 2 on the lower the more (searching alike, two placements ahead, levels 3 to 5
played even with noise of 20, 10 and 0: 50 % of 200 games a rung; noise up to 40 costs nothing
measurable). Level 1, which looks one placement ahead, needs less noise to stay below level 2."""
WIN = 1_000_000.0
"""The worth of a super-pattern (a won game)."""
HELD = 100.0
"""The worth of holding a scoring line's top space alone (shared: none), plus ``RANK`` a space."""
RANK = 10.0
BLOCK = 0.8
"""Share of the opponent's gain at a cell counted for taking the cell first."""
SUPER_SHAPE = 3.0
"""Weight of a super-pattern shape against a smallest-pattern shape."""
DOUBLE_THREAT = WIN / 4
"""The worth of a placement after which two empty cells would each complete a super-pattern:
one counter cannot block both."""
REACH = 2
"""Candidates are empty cells within this many steps (king moves) of a counter."""


def _near(cell: int) -> Bitboard:
    row, column = GRID.coords(cell)
    mask = 0
    for r in range(max(0, row - REACH), min(SIZE, row + REACH + 1)):
        for c in range(max(0, column - REACH), min(SIZE, column + REACH + 1)):
            mask |= 1 << GRID.index(r, c)
    return mask


NEAR: tuple[Bitboard, ...] = tuple(_near(cell) for cell in range(GRID.cells))
"""The cells within ``REACH`` king moves of each cell."""
CENTRE = GRID.index(SIZE // 2, SIZE // 2)


def _line_shapes(steps: tuple[tuple[int, int], ...], length: int) -> list[Bitboard]:
    shapes = []
    for cell in range(GRID.cells):
        row, column = GRID.coords(cell)
        for dr, dc in steps:
            end_row, end_column = row + dr * (length - 1), column + dc * (length - 1)
            if 0 <= end_row < SIZE and 0 <= end_column < SIZE:
                shapes.append(
                    sum(1 << GRID.index(row + dr * k, column + dc * k) for k in range(length))
                )
    return shapes


def _l_shapes(first: int, second: int) -> list[Bitboard]:
    shapes = []
    for cell in range(GRID.cells):
        row, column = GRID.coords(cell)
        for dr in (1, -1):
            for dc in (1, -1):
                for across, up in ((first, second), (second, first)):
                    cells = [(row, column + dc * k) for k in range(across)]
                    cells += [(row + dr * k, column) for k in range(1, up)]
                    if all(0 <= r < SIZE and 0 <= c < SIZE for r, c in cells):
                        shapes.append(sum(1 << GRID.index(r, c) for r, c in cells))
    return list(dict.fromkeys(shapes))


def _o_shapes(border: int) -> list[Bitboard]:
    """Rectangle borders of at least ``border`` counters, the smallest such sizes only."""
    sizes = [(h, w) for h in range(2, SIZE + 1) for w in range(2, SIZE + 1)]
    fitting = [(h, w) for h, w in sizes if 2 * h + 2 * w - 4 >= border]
    if not fitting:
        return []
    least = min(2 * h + 2 * w - 4 for h, w in fitting)
    shapes = []
    for h, w in fitting:
        if 2 * h + 2 * w - 4 != least:
            continue
        for row in range(SIZE - h + 1):
            for column in range(SIZE - w + 1):
                cells = [
                    (r, c)
                    for r in range(row, row + h)
                    for c in range(column, column + w)
                    if r in (row, row + h - 1) or c in (column, column + w - 1)
                ]
                shapes.append(sum(1 << GRID.index(r, c) for r, c in cells))
    return shapes


@dataclass(frozen=True)
class Shapes:
    """The target shapes through each cell: ``through`` as ``(mask, worths)``, ``worths[k]``
    the :func:`shape_worth` of the shape holding ``k`` counters; ``supers`` the masks of the
    super-pattern shapes alone."""

    through: tuple[tuple[tuple[Bitboard, tuple[float, ...]], ...], ...]
    supers: tuple[tuple[Bitboard, ...], ...]


@cache
def shapes_for(ends: tuple[int, int, int, int]) -> Shapes:
    """The target shapes for scoring lines ending at ``ends`` (O, L, I, X)."""
    o_end, l_end, i_end, x_end = ends
    straight, diagonal = ((0, 1), (1, 0)), ((1, 1), (1, -1))
    targets: list[tuple[list[Bitboard], float]] = [
        (_o_shapes(4), 1.0),
        (_l_shapes(3, 3), 1.0),
        (_line_shapes(straight, 4), 1.0),
        (_line_shapes(diagonal, 4), 1.0),
        (_o_shapes(o_end + 1), SUPER_SHAPE),
        (_l_shapes((l_end + 2) // 2, l_end + 2 - (l_end + 2) // 2), SUPER_SHAPE),
        (_line_shapes(straight, i_end + 1) if i_end < SIZE else [], SUPER_SHAPE),
        (_line_shapes(diagonal, x_end + 1) if x_end < SIZE else [], SUPER_SHAPE),
    ]
    through: list[list[tuple[Bitboard, tuple[float, ...]]]] = [[] for _ in range(GRID.cells)]
    supers: list[list[Bitboard]] = [[] for _ in range(GRID.cells)]
    for masks, weight in targets:
        for mask in masks:
            size = mask.bit_count()
            worths = tuple(shape_worth(counters, size, weight) for counters in range(size + 1))
            for cell in scan_forward(mask):
                through[cell].append((mask, worths))
                if weight == SUPER_SHAPE:
                    supers[cell].append(mask)
    return Shapes(
        tuple(tuple(entries) for entries in through), tuple(tuple(masks) for masks in supers)
    )


def winning_cells(own: Bitboard, opposing: Bitboard, shapes: tuple[Bitboard, ...]) -> Bitboard:
    """The empty cells that would complete one of ``shapes`` (super-pattern shapes) for the
    player with ``own`` counters: a counter there wins."""
    cells = 0
    for mask in shapes:
        if not mask & opposing:
            rest = mask & ~own
            if rest and not rest & (rest - 1):
                cells |= rest
    return cells


def shape_worth(counters: int, size: int, weight: float) -> float:
    """The worth of a shape of ``size`` cells holding ``counters`` of one player and none of
    the other's: growing steeply as it fills (a full shape is worth ``weight * 1023``)."""
    return weight * (math.pow(2.0, 10.0 * counters / size) - 1.0)


def area_worth(area: Area, team: int) -> float:
    """The scoring area from ``team``'s side: each top space held alone (the opponent's:
    negative; shared: nothing), more for spaces further along."""
    worth = 0.0
    for rank, teams in area.values():
        if rank != NO_SPACE and len(teams) == 1:
            worth += (HELD + RANK * rank) * (1 if team in teams else -1)
    return worth


def scored_area(
    area: Area, lines: dict[str, tuple[int, ...]], own: Bitboard, cell: int, team: int
) -> tuple[Area, str | None]:
    """The area after ``team``'s counter on ``cell`` (``own`` includes it), and the super-pattern
    it makes (``"I-8"``) or ``None``."""
    after = dict(area)
    for kind, pattern in patterns_at(own, cell).items():
        line = lines[kind]
        rank = space_for(line, pattern.value)
        if rank == len(line):
            return after, f"{kind}-{pattern.value}"
        top, teams = after[kind]
        if rank > top:
            after[kind] = (rank, (team,))
        elif rank == top and rank != NO_SPACE and team not in teams:
            after[kind] = (rank, (*teams, team))
    return after, None


@dataclass
class Worth:
    """A placement's worth for its player and its parts (see the module text)."""

    total: float
    scores: float
    blocks: float
    builds: float
    wins: str | None
    stops: str | None


class OlixSearch:
    """One decision's search state: both players' counters, the scoring area, the budget."""

    def __init__(self, game: Olix, budget: Budget, level: int, seed: int, depth: int) -> None:
        lines = self.lines = game.lines
        self.shapes = shapes_for((lines["O"][-1], lines["L"][-1], lines["I"][-1], lines["X"][-1]))
        self.boards = list(game.men)
        self.area: Area = dict(game.area)
        self.budget = budget
        self.level = level
        self.rng = random.Random(f"{seed}:{game.occupied}:{game.to_move}")
        self.full = game.board_mask
        self.depth = depth

    def worth(self, team: int, cell: int) -> Worth:
        """What ``team``'s counter on ``cell`` is worth to it now."""
        self.budget.count()
        own, other = self.boards[team] | 1 << cell, self.boards[1 - team] | 1 << cell
        before = area_worth(self.area, team)
        after, wins = scored_area(self.area, self.lines, own, cell, team)
        theirs, stops = scored_area(self.area, self.lines, other, cell, 1 - team)
        scores = area_worth(after, team) - before
        blocks = BLOCK * (area_worth(theirs, 1 - team) + before)
        builds = 0.0
        mine, opposing = self.boards[team], self.boards[1 - team]
        for mask, worths in self.shapes.through[cell]:
            theirs_in = (mask & opposing).bit_count()
            mine_in = (mask & mine).bit_count()
            if not theirs_in:
                builds += worths[mine_in + 1] - worths[mine_in]
            elif not mine_in:
                builds += BLOCK * worths[theirs_in]
        total = WIN if wins else scores + blocks + builds
        if not wins and winning_cells(own, opposing, self.shapes.supers[cell]).bit_count() > 1:
            total += DOUBLE_THREAT
        if stops and not wins and self.depth == 1:
            total += WIN / 10
        if NOISE[self.level]:
            total += self.rng.uniform(0.0, NOISE[self.level])
        return Worth(total, scores, blocks, builds, wins, stops)

    def candidates(self) -> Bitboard:
        """Empty cells near a counter (the centre on an empty grid)."""
        occupied = self.boards[0] | self.boards[1]
        if not occupied:
            return 1 << CENTRE
        near = 0
        for cell in scan_forward(occupied):
            near |= NEAR[cell]
        return near & ~occupied & self.full

    def ranked(self, team: int) -> list[tuple[Worth, int]]:
        """The candidates with their worths, best first (ties in a seeded order)."""
        cells = list(scan_forward(self.candidates()))
        self.rng.shuffle(cells)
        valued = [(self.worth(team, cell), cell) for cell in cells]
        valued.sort(key=lambda item: item[0].total, reverse=True)
        return valued

    def best_reply(self, team: int, beta: float) -> float:
        """The best worth of ``team``'s next placement, or the first found at or above
        ``beta`` (enough to refute the move before it)."""
        best = 0.0
        for index, cell in enumerate(scan_forward(self.candidates())):
            total = self.worth(team, cell).total
            best = total if index == 0 else max(best, total)
            if best >= beta:
                break
        return best

    def placed(self, team: int, cell: int) -> tuple[Bitboard, Area]:
        """Put ``team``'s counter on ``cell``; what :meth:`lift` needs to take it back."""
        board, area = self.boards[team], self.area
        self.boards[team] = board | 1 << cell
        self.area, _ = scored_area(area, self.lines, self.boards[team], cell, team)
        return board, area

    def lift(self, team: int, before: tuple[Bitboard, Area]) -> None:
        """Take back the counter :meth:`placed` put down."""
        self.boards[team], self.area = before

    def reply_value(self, team: int, cell: int, width: int, beta: float) -> float:
        """Once ``team`` has placed on ``cell``: the opponent's best reply of its ``width`` best
        by worth, each less ``team``'s best answer to it; or the first found at or above
        ``beta``."""
        before = self.placed(team, cell)
        try:
            best = -3 * WIN
            for worth, reply in self.ranked(1 - team)[:width]:
                if worth.wins:
                    return worth.total
                value = worth.total - self.after(1 - team, reply, worth.total - best)
                best = max(best, value)
                if best >= beta or self.budget.exhausted():
                    break
            return best
        finally:
            self.lift(team, before)

    def after(self, team: int, cell: int, beta: float) -> float:
        """The opponent's best reply (see :meth:`best_reply`) once ``team`` has placed on
        ``cell``."""
        before = self.placed(team, cell)
        try:
            return self.best_reply(1 - team, beta)
        finally:
            self.lift(team, before)


class OlixPlayer:
    """Olix at ``level`` 1..5, deterministic for ``seed``."""

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.seed = seed

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """Olix has no calls: nothing out of turn."""
        return []

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """The placement for ``game.to_move``, and why."""
        if not isinstance(game, Olix):
            raise IllegalAction(why("an Olix player cannot play {variant}", variant=game.variant))
        if game.phase != Phase.AWAIT_PLACE:
            raise IllegalAction(
                why("nothing for an Olix player to do in phase {phase}", phase=game.phase)
            )
        team = game.team_of_seat[game.to_move]
        depth = DEPTH[self.level] if budget.depth is None else min(budget.depth, DEPTH[self.level])
        inner = capped(budget, NODES[self.level])
        search = OlixSearch(game, inner, self.level, self.seed, depth)
        ranked = search.ranked(team)
        best_worth, best_cell = ranked[0]
        best_value = best_worth.total
        if depth > 1 and not best_worth.wins:
            best_value = -3 * WIN
            for worth, cell in ranked[: ROOT_WIDTH[self.level]]:
                if inner.exhausted() and best_value > -3 * WIN:
                    break
                if depth > 2:
                    reply = search.reply_value(team, cell, REPLY_WIDTH, worth.total - best_value)
                else:
                    reply = search.after(team, cell, worth.total - best_value)
                value = worth.total - reply
                if value > best_value:
                    best_value, best_worth, best_cell = value, worth, cell
        budget.count(inner.visited)
        action = Action("place", hole=best_cell)
        mate = 1 if best_worth.wins else None
        info = SearchInfo(
            depth, round(best_value), budget.visited, budget.elapsed(), (action,), mate
        )
        if on_info is not None:
            on_info(info)
        return Decision(action, reason(best_worth, GRID.name(best_cell)), info)


def reason(worth: Worth, where: str) -> str:
    """The words for a chosen placement."""
    if worth.wins:
        return why(
            "makes the super-pattern {pattern} at {where} and wins", pattern=worth.wins, where=where
        )
    if worth.stops:
        return why(
            "blocks a super-pattern: {pattern} at {where} would win for the opponent",
            pattern=worth.stops,
            where=where,
        )
    if worth.scores > 0:
        return why("scores at {where}: takes a scoring line's top space", where=where)
    if worth.blocks > max(worth.builds, 0.0):
        return why("blocks at {where}: the opponent would score there", where=where)
    if worth.builds > 0:
        return why("builds patterns at {where}", where=where)
    return why("places at {where}", where=where)
