"""A paranoid alpha-beta over Pay-Off placements that weighs what each line would pay.

Like :mod:`engine.players.line_search` (teams in seat order, the root team maximises, width-limited
moves, forced blocks cost no depth), but the score is money: a completed line is worth ``WIN``
less ``PLY_COST`` per placement before it, plus the line's value (the sum of its Men's values;
an empty hole counts as a plain Man), won by the root team or paid by it. An open line held by one
team counts ``LINE_WEIGHTS[count]`` scaled by how much the line would pay against a plain one
(``VALUE_DAMPING`` softens the scale). ``values`` gives each hole's Man value for this search: the
caller decides what is known (its own tokens) and what is expected (the other teams').

>>> from engine.players.base import Budget
>>> from engine.holes import parse
>>> pieces = [sum(1 << parse(h) for h in ("R-I-S", "R-I-H", "R-I-D")), 0]
>>> values = [5.0] * 64
>>> result = search(pieces, [0, 1], [18, 18], values, Budget(clock=lambda: 0.0), 2, 8)
>>> result.hole == parse("R-I-C"), result.score == WIN - PLY_COST + 20
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.bitboard import BB_ALL, Bitboard, scan_forward
from engine.lines import LINES, LINES_THROUGH
from engine.payoff import PLAIN_MAN_VALUE
from engine.players.base import Budget
from engine.players.line_search import LINE_WEIGHTS, SearchResult, plain_order, threats

WIN = 100_000
"""The score of a completed line before its value and its distance are counted."""
PLY_COST = 1_000
"""A completed line is worth this much less per placement before it (more than any line's
value: a sooner line beats a dearer later one)."""
VALUE_DAMPING = 0.25
"""How much of a line's value above a plain line's (20) its open-line weight takes on."""
PLAIN_LINE = 4 * PLAIN_MAN_VALUE
LINE_INDEX: dict[Bitboard, int] = {line: index for index, line in enumerate(LINES)}


class Valuation:
    """What each line would pay (``line_values``) and its open-line factor, from hole values."""

    def __init__(self, values: Sequence[float]) -> None:
        self.line_values = [sum(values[h] for h in scan_forward(line)) for line in LINES]
        self.factors = [1 + VALUE_DAMPING * (v / PLAIN_LINE - 1) for v in self.line_values]

    def completed_value(self, pieces: Bitboard, hole: int) -> float:
        """The value of the dearest line ``hole`` completes for ``pieces`` (0: none)."""
        own = pieces | 1 << hole
        done = [LINE_INDEX[line] for line in LINES_THROUGH[hole] if own & line == line]
        return max((self.line_values[index] for index in done), default=0.0)


def _leaf(
    pieces: list[Bitboard], order: list[int], supply: list[int], ply: int, valuation: Valuation
) -> float:
    """A leaf's score: a line the mover completes next, or (two teams) a double threat of the
    other team the mover cannot block both of, decides it; otherwise the open lines of the root
    team less those of the other teams, each weighted by its count and its value."""
    root = order[0]
    team = order[ply % len(order)]
    others = set(order) - {team}
    other = others.pop() if len(others) == 1 else -1
    score = 0.0
    factors, line_values = valuation.factors, valuation.line_values
    mover_wins, other_wins = 0, 0
    mover_best, other_best = 0.0, 0.0
    for index, line in enumerate(LINES):
        owner, count = -1, 0
        for side, side_pieces in enumerate(pieces):
            if line & side_pieces:
                if owner >= 0:
                    owner = -2
                    break
                owner, count = side, (line & side_pieces).bit_count()
        if owner < 0:
            continue
        worth = LINE_WEIGHTS[count] * factors[index]
        score += worth if owner == root else -worth
        if count == 3:
            if owner == team:
                mover_wins |= line & ~pieces[owner]
                mover_best = max(mover_best, line_values[index])
            elif owner == other:
                other_wins |= line & ~pieces[owner]
                other_best = max(other_best, line_values[index])
    if mover_wins and supply[team] > 0:
        worth = WIN - ply * PLY_COST + mover_best
        return worth if team == root else -worth
    if other_wins & (other_wins - 1) and supply[other] > 0:
        worth = WIN - (ply + 1) * PLY_COST + other_best
        return worth if other == root else -worth
    return score


def _moves(
    pieces: list[Bitboard], order: list[int], ply: int, width: int, valuation: Valuation
) -> tuple[list[int], float]:
    """The mover's candidate holes and the value of the line the first one completes (0: none)."""
    team = order[ply % len(order)]
    occupied = 0
    for team_pieces in pieces:
        occupied |= team_pieces
    empty = BB_ALL & ~occupied
    wins = threats(pieces[team], occupied) & empty
    if wins:
        holes = [h for h in range(64) if wins >> h & 1]
        best = max(holes, key=lambda h: (valuation.completed_value(pieces[team], h), -h))
        return [best], valuation.completed_value(pieces[team], best)
    danger = 0
    for other in order:
        if other != team:
            danger |= threats(pieces[other], occupied)
    if danger:
        return plain_order(pieces, team, danger), 0.0
    return plain_order(pieces, team, empty)[:width], 0.0


def search(
    pieces: list[Bitboard],
    order: list[int],
    supply: list[int],
    values: Sequence[float],
    budget: Budget,
    depth: int,
    width: int,
    report: Callable[[SearchResult], None] | None = None,
) -> SearchResult:
    """Iterative deepening to ``depth`` for ``order[0]``; anytime like
    :func:`engine.players.line_search.search`."""
    valuation = Valuation(values)
    moves, won = _moves(pieces, order, 0, width, valuation)
    if won:
        return SearchResult(moves[0], round(WIN - PLY_COST + won), 1, (moves[0],))
    best = SearchResult(moves[0], 0, 0, (moves[0],))
    if len(moves) == 1 and depth <= 1:
        return SearchResult(best.hole, 0, 1, best.pv)
    for current in range(1, depth + 1):
        found = _root(pieces, order, supply, budget, (current, width), moves, valuation)
        if found is None:
            break
        best = found
        if report is not None:
            report(best)
        moves = [best.hole] + [hole for hole in moves if hole != best.hole]
        if abs(best.score) >= WIN - 64 * PLY_COST:
            break
    return best


def _root(
    pieces: list[Bitboard],
    order: list[int],
    supply: list[int],
    budget: Budget,
    limits: tuple[int, int],
    moves: list[int],
    valuation: Valuation,
) -> SearchResult | None:
    depth, width = limits
    root = order[0]
    alpha, best_hole = -3.0 * WIN, moves[0]
    best_pv: tuple[int, ...] = (moves[0],)
    for hole in moves:
        if budget.exhausted():
            return None
        budget.count()
        child = list(pieces)
        child[root] |= 1 << hole
        used = list(supply)
        used[root] -= 1
        value, line = _node(
            child, order, used, budget, (1, depth - 1, width), (alpha, 3.0 * WIN), valuation
        )
        if value is None:
            return None
        if value > alpha or hole == moves[0]:
            alpha, best_hole, best_pv = value, hole, (hole, *line)
    return SearchResult(best_hole, round(alpha), depth, best_pv)


def _node(
    pieces: list[Bitboard],
    order: list[int],
    supply: list[int],
    budget: Budget,
    where: tuple[int, int, int],
    window: tuple[float, float],
    valuation: Valuation,
) -> tuple[float | None, tuple[int, ...]]:
    """The value of the position for the root team within ``window`` (``None``: the budget ran
    out). ``where``: ply, depth left, width."""
    ply, depth, width = where
    alpha, beta = window
    root = order[0]
    if depth <= 0:
        return _leaf(pieces, order, supply, ply, valuation), ()
    team = order[ply % len(order)]
    deeper = (ply + 1, depth - 1, width)
    if supply[team] <= 0:
        return _node(pieces, order, supply, budget, deeper, window, valuation)
    moves, won = _moves(pieces, order, ply, width, valuation)
    if won:
        worth = WIN - ply * PLY_COST + won
        return (worth if team == root else -worth), (moves[0],)
    if len(moves) == 1:
        deeper = (ply + 1, depth, width)
    maximise = team == root
    best = -3.0 * WIN if maximise else 3.0 * WIN
    best_line: tuple[int, ...] = ()
    for hole in moves:
        if budget.exhausted():
            return None, ()
        budget.count()
        child = list(pieces)
        child[team] |= 1 << hole
        used = list(supply)
        used[team] -= 1
        value, line = _node(child, order, used, budget, deeper, (alpha, beta), valuation)
        if value is None:
            return None, ()
        if (maximise and value > best) or (not maximise and value < best):
            best, best_line = value, (hole, *line)
        if maximise:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_line
