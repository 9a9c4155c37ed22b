"""A small paranoid alpha-beta over placements, for the FLIX games without dice.

Each team's pieces are one bitboard; teams move in seat order (partners are one team). The
root team maximises, every other team minimises (paranoid: they are taken to play against it).
A placement that completes a line ends the line of play with ``finish`` points for its team.
Other positions score open lines: a line holding only one team's pieces is worth
``LINE_WEIGHTS[count]`` to that team. Moves are ordered by :func:`plain_order` and only the
``width`` best are searched; a team facing a completed line next move must block it, and a
single forced block costs no depth (threat sequences are read to their end).

>>> from engine.players.base import Budget
>>> from engine.holes import parse
>>> pieces = [sum(1 << parse(h) for h in ("R-I-S", "R-I-H", "R-I-D")), 0]
>>> result = search(pieces, [0, 1], [18, 18], Budget(clock=lambda: 0.0), 2, 8)
>>> result.hole == parse("R-I-C"), result.score
(True, 10000)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.bitboard import BB_ALL, Bitboard
from engine.lines import LINES, LINES_THROUGH
from engine.players.base import Budget

LINE_WEIGHTS: tuple[int, ...] = (0, 2, 10, 45, 0)
"""What an open line is worth to its team by how many of its pieces it holds."""
WIN = 10000
"""The score of a completed line (a finished line of play)."""


@dataclass(frozen=True)
class SearchResult:
    """The best hole for the root team, its score, the depth searched and the moves seen."""

    hole: int
    score: int
    depth: int
    pv: tuple[int, ...]


def _completes(pieces: Bitboard, hole: int) -> bool:
    own = pieces | 1 << hole
    return any(own & line == line for line in LINES_THROUGH[hole])


def threats(pieces: Bitboard, occupied: Bitboard) -> Bitboard:
    """The empty holes that complete a line of ``pieces``."""
    result = 0
    for line in LINES:
        own = line & pieces
        if own.bit_count() == 3 and not line & ~own & occupied:
            result |= line & ~own
    return result


def evaluate(pieces: list[Bitboard], root: int) -> int:
    """Open lines of the root team minus those of the other teams."""
    score = 0
    for line in LINES:
        owner, count = -1, 0
        for team, team_pieces in enumerate(pieces):
            if line & team_pieces:
                if owner >= 0:
                    owner = -2
                    break
                owner, count = team, (line & team_pieces).bit_count()
        if owner >= 0:
            score += LINE_WEIGHTS[count] if owner == root else -LINE_WEIGHTS[count]
    return score


def plain_order(pieces: list[Bitboard], team: int, holes: Bitboard) -> list[int]:
    """The holes of ``holes``, the most promising for ``team`` first (lines built and spoilt)."""

    def worth(hole: int) -> tuple[int, int]:
        value = 0
        for line in LINES_THROUGH[hole]:
            own = (line & pieces[team]).bit_count()
            others = [t for t in range(len(pieces)) if t != team and line & pieces[t]]
            if not others:
                value += (1 + own) ** 2
            elif own == 0 and len(others) == 1:
                value += (line & pieces[others[0]]).bit_count() ** 2
        return value, -hole

    return sorted(
        (hole for hole in range(64) if holes >> hole & 1),
        key=worth,
        reverse=True,
    )


def _moves(
    pieces: list[Bitboard], order: list[int], ply: int, width: int
) -> tuple[list[int], bool]:
    """The mover's candidate holes and whether the first one completes a line."""
    team = order[ply % len(order)]
    occupied = 0
    for team_pieces in pieces:
        occupied |= team_pieces
    empty = BB_ALL & ~occupied
    wins = threats(pieces[team], occupied) & empty
    if wins:
        return [(wins & -wins).bit_length() - 1], True
    danger = 0
    for other in order:
        if other != team:
            danger |= threats(pieces[other], occupied)
    if danger:
        return plain_order(pieces, team, danger), False
    return plain_order(pieces, team, empty)[:width], False


def search(
    pieces: list[Bitboard],
    order: list[int],
    supply: list[int],
    budget: Budget,
    depth: int,
    width: int,
    finish: int = WIN,
    report: Callable[[SearchResult], None] | None = None,
) -> SearchResult:
    """Iterative deepening to ``depth`` for ``order[0]`` (``order``: the teams in turn, cycling);
    ``report`` hears the result of each finished depth.

    Anytime: when the budget runs out the best move of the last finished depth is kept (the
    first ordered move before any depth finished).
    """
    moves, winning = _moves(pieces, order, 0, width)
    best = SearchResult(moves[0], finish if winning else 0, 0, (moves[0],))
    if winning or (len(moves) == 1 and depth <= 1):
        return SearchResult(best.hole, best.score, 1, best.pv)
    for current in range(1, depth + 1):
        found = _root(pieces, order, supply, budget, current, width, finish, moves)
        if found is None:
            break
        best = found
        if report is not None:
            report(best)
        moves = [best.hole] + [hole for hole in moves if hole != best.hole]
        if abs(best.score) >= finish - 64:
            break
    return best


def _root(
    pieces: list[Bitboard],
    order: list[int],
    supply: list[int],
    budget: Budget,
    depth: int,
    width: int,
    finish: int,
    moves: list[int],
) -> SearchResult | None:
    root = order[0]
    alpha, best_hole = -3 * finish, moves[0]
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
            child, order, used, budget, (1, depth - 1, width, finish), alpha, 3 * finish
        )
        if value is None:
            return None
        if value > alpha or hole == moves[0]:
            alpha, best_hole, best_pv = value, hole, (hole, *line)
    return SearchResult(best_hole, alpha, depth, best_pv)


def _node(
    pieces: list[Bitboard],
    order: list[int],
    supply: list[int],
    budget: Budget,
    where: tuple[int, int, int, int],
    alpha: int,
    beta: int,
) -> tuple[int | None, tuple[int, ...]]:
    """The value of the position for the root team within ``(alpha, beta)`` (``None``: the
    budget ran out). ``where``: ply, depth left, width, finish."""
    ply, depth, width, finish = where
    root = order[0]
    if depth <= 0:
        return evaluate(pieces, root), ()
    team = order[ply % len(order)]
    deeper = (ply + 1, depth - 1, width, finish)
    if supply[team] <= 0:
        return _node(pieces, order, supply, budget, deeper, alpha, beta)
    moves, winning = _moves(pieces, order, ply, width)
    if winning:
        return (finish - ply if team == root else -finish + ply), (moves[0],)
    if len(moves) == 1:
        deeper = (ply + 1, depth, width, finish)
    maximise = team == root
    best: int = -3 * finish if maximise else 3 * finish
    best_line: tuple[int, ...] = ()
    for hole in moves:
        if budget.exhausted():
            return None, ()
        budget.count()
        child = list(pieces)
        child[team] |= 1 << hole
        used = list(supply)
        used[team] -= 1
        value, line = _node(child, order, used, budget, deeper, alpha, beta)
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


def team_order(team_of_seat: tuple[int, ...], next_seat: list[int], seat: int) -> list[int]:
    """The teams in turn from ``seat`` round the table once (partners repeat their team)."""
    result, current = [], seat
    for _ in range(len(team_of_seat)):
        result.append(team_of_seat[current])
        current = next_seat[current]
    return result
