"""A small paranoid alpha-beta over placements, for the FLIX games without dice.

Each team's pieces are one bitboard; teams move in seat order (partners are one team). The
root team maximises, every other team minimises (paranoid: they are taken to play against it).
Moves are ordered by :func:`plain_order` and only the ``width`` best are searched; a team facing
a completed line next move must block it, and a single forced block costs no depth (threat
sequences are read to their end). A placement that completes a line ends the line of play.

What a position is worth comes from a :class:`Valuation`. The line players' one,
:class:`OpenLines`, scores a completed line ``WIN`` less the placements before it, and other
positions by their open lines: a line holding only one team's pieces is worth
``LINE_WEIGHTS[count]`` to that team. Pay-Off's information-set player weighs what each line
would pay (:class:`engine.players.payoff_valuation.LineMoney`).

>>> from engine.players.base import Budget
>>> from engine.holes import parse
>>> pieces = [sum(1 << parse(h) for h in ("R-I-S", "R-I-H", "R-I-D")), 0]
>>> result = search(pieces, [0, 1], [18, 18], Budget(clock=lambda: 0.0), 2, 8)
>>> result.hole == parse("R-I-C"), result.score
(True, 10000)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

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


def held_lines(pieces: list[Bitboard]) -> Iterator[tuple[int, int, int]]:
    """Each line holding the pieces of one team only: its index in ``LINES``, the team and how
    many of its pieces it holds."""
    for index, line in enumerate(LINES):
        owner, count = -1, 0
        for team, team_pieces in enumerate(pieces):
            if line & team_pieces:
                if owner >= 0:
                    owner = -2
                    break
                owner, count = team, (line & team_pieces).bit_count()
        if owner >= 0:
            yield index, owner, count


def evaluate(pieces: list[Bitboard], root: int) -> int:
    """Open lines of the root team minus those of the other teams."""
    score = 0
    for _, owner, count in held_lines(pieces):
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


class Valuation(Protocol):
    """How :func:`search` scores for the root team (``order[0]``): a leaf, and a line completed.

    Scores lie within ``±infinity``; a score at least ``decided`` from 0 is a completed line
    found (iterative deepening stops).
    """

    @property
    def infinity(self) -> float:
        """More than any score."""
        ...

    @property
    def decided(self) -> float:
        """The least score of a completed line within the search."""
        ...

    def leaf(self, pieces: list[Bitboard], order: list[int], supply: list[int], ply: int) -> float:
        """The score of a position where the search stops (``order[ply % len(order)]`` to move)."""
        ...

    def completion(self, pieces: Bitboard, wins: Bitboard) -> tuple[int, float]:
        """Which of ``wins`` (holes completing a line of ``pieces``) to take; its line's value."""
        ...

    def completed(self, ply: int, value: float) -> float:
        """The score, for the mover, of completing a line of ``value`` at ``ply``."""
        ...


class OpenLines:
    """The line players' valuation: ``WIN`` less the placements before it for a completed line,
    :func:`evaluate` at a leaf."""

    infinity = 3 * WIN
    decided = WIN - 64

    def leaf(self, pieces: list[Bitboard], order: list[int], supply: list[int], ply: int) -> int:
        """Open lines of the root team less those of the other teams."""
        return evaluate(pieces, order[0])

    def completion(self, pieces: Bitboard, wins: Bitboard) -> tuple[int, float]:
        """The lowest of ``wins`` (every line is worth the same)."""
        return (wins & -wins).bit_length() - 1, 0.0

    def completed(self, ply: int, value: float) -> int:
        """``WIN`` less ``ply``."""
        return WIN - ply


OPEN_LINES = OpenLines()


def _moves(
    pieces: list[Bitboard], order: list[int], ply: int, width: int, valuation: Valuation
) -> tuple[list[int], float | None]:
    """The mover's candidate holes and the value of the line the first one completes (``None``:
    it completes none)."""
    team = order[ply % len(order)]
    occupied = 0
    for team_pieces in pieces:
        occupied |= team_pieces
    empty = BB_ALL & ~occupied
    wins = threats(pieces[team], occupied) & empty
    if wins:
        hole, value = valuation.completion(pieces[team], wins)
        return [hole], value
    danger = 0
    for other in order:
        if other != team:
            danger |= threats(pieces[other], occupied)
    if danger:
        return plain_order(pieces, team, danger), None
    return plain_order(pieces, team, empty)[:width], None


def search(
    pieces: list[Bitboard],
    order: list[int],
    supply: list[int],
    budget: Budget,
    depth: int,
    width: int,
    *,
    valuation: Valuation = OPEN_LINES,
    report: Callable[[SearchResult], None] | None = None,
    noise: Sequence[float] = (),
) -> SearchResult:
    """Iterative deepening to ``depth`` for ``order[0]`` (``order``: the teams in turn, cycling),
    scored by ``valuation``; ``report`` hears the result of each finished depth. ``noise``
    (none: empty), by hole, is added to each root move's value when choosing among them (the
    score stays the chosen move's own).

    Anytime: when the budget runs out the best move of the last finished depth is kept (the
    first ordered move before any depth finished).
    """
    moves, won = _moves(pieces, order, 0, width, valuation)
    if won is not None:
        return SearchResult(moves[0], round(valuation.completed(0, won)), 1, (moves[0],))
    best = SearchResult(moves[0], 0, 0, (moves[0],))
    if len(moves) == 1 and depth <= 1:
        return SearchResult(best.hole, 0, 1, best.pv)
    for current in range(1, depth + 1):
        found = _root(pieces, order, supply, budget, (current, width), moves, valuation, noise)
        if found is None:
            break
        best = found
        if report is not None:
            report(best)
        moves = [best.hole] + [hole for hole in moves if hole != best.hole]
        if abs(best.score) >= valuation.decided:
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
    noise: Sequence[float],
) -> SearchResult | None:
    depth, width = limits
    root = order[0]
    infinity = valuation.infinity
    alpha, best_hole, best_value = -infinity, moves[0], -infinity
    best_pv: tuple[int, ...] = (moves[0],)
    for hole in moves:
        if budget.exhausted():
            return None
        budget.count()
        child = list(pieces)
        child[root] |= 1 << hole
        used = list(supply)
        used[root] -= 1
        jitter = noise[hole] if noise else 0
        value, line = _node(
            child, order, used, budget, (1, depth - 1, width), (alpha - jitter, infinity), valuation
        )
        if value is None:
            return None
        if value + jitter > alpha or hole == moves[0]:
            alpha, best_value, best_hole, best_pv = value + jitter, value, hole, (hole, *line)
    return SearchResult(best_hole, round(best_value), depth, best_pv)


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
        return valuation.leaf(pieces, order, supply, ply), ()
    team = order[ply % len(order)]
    deeper = (ply + 1, depth - 1, width)
    if supply[team] <= 0:
        return _node(pieces, order, supply, budget, deeper, window, valuation)
    moves, won = _moves(pieces, order, ply, width, valuation)
    if won is not None:
        worth = valuation.completed(ply, won)
        return (worth if team == root else -worth), (moves[0],)
    if len(moves) == 1:
        deeper = (ply + 1, depth, width)
    maximise = team == root
    best = -valuation.infinity if maximise else valuation.infinity
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


def team_order(team_of_seat: tuple[int, ...], next_seat: list[int], seat: int) -> list[int]:
    """The teams in turn from ``seat`` round the table once (partners repeat their team)."""
    result, current = [], seat
    for _ in range(len(team_of_seat)):
        result.append(team_of_seat[current])
        current = next_seat[current]
    return result
