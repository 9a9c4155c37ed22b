"""What a Pay-Off line would pay, as the valuation of :func:`engine.players.line_search.search`.

The score is money: a completed line is worth ``WIN`` less ``PLY_COST`` per placement before it,
plus the line's value (the sum of its Men's values; an empty hole counts as a plain Man), won by
the root team or paid by it. An open line held by one team counts ``LINE_WEIGHTS[count]`` scaled
by how much the line would pay against a plain one (``VALUE_DAMPING`` softens the scale).
``values`` gives each hole's Man value for this search: the caller decides what is known (its own
tokens) and what is expected (the other teams').

>>> from engine.players.base import Budget
>>> from engine.players.line_search import search
>>> from engine.holes import parse
>>> pieces = [sum(1 << parse(h) for h in ("R-I-S", "R-I-H", "R-I-D")), 0]
>>> money = LineMoney([5.0] * 64)
>>> result = search(pieces, [0, 1], [18, 18], Budget(clock=lambda: 0.0), 2, 8, valuation=money)
>>> result.hole == parse("R-I-C"), result.score == WIN - PLY_COST + 20
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bitboard import Bitboard, scan_forward
from engine.lines import LINES, LINES_THROUGH
from engine.payoff import PLAIN_MAN_VALUE
from engine.players.line_search import LINE_WEIGHTS, held_lines

WIN = 100_000
"""The score of a completed line before its value and its distance are counted."""
PLY_COST = 1_000
"""A completed line is worth this much less per placement before it (more than any line's
value: a sooner line beats a dearer later one)."""
VALUE_DAMPING = 0.25
"""How much of a line's value above a plain line's (20) its open-line weight takes on."""
PLAIN_LINE = 4 * PLAIN_MAN_VALUE
LINE_INDEX: dict[Bitboard, int] = {line: index for index, line in enumerate(LINES)}


class LineMoney:
    """What each line would pay (``line_values``) and its open-line factor, from hole values;
    a :class:`~engine.players.line_search.Valuation`."""

    infinity = 3.0 * WIN
    decided = WIN - 64 * PLY_COST

    def __init__(self, values: Sequence[float]) -> None:
        self.line_values = [sum(values[h] for h in scan_forward(line)) for line in LINES]
        self.factors = [1 + VALUE_DAMPING * (v / PLAIN_LINE - 1) for v in self.line_values]

    def completed_value(self, pieces: Bitboard, hole: int) -> float:
        """The value of the dearest line ``hole`` completes for ``pieces`` (0: none)."""
        own = pieces | 1 << hole
        done = [LINE_INDEX[line] for line in LINES_THROUGH[hole] if own & line == line]
        return max((self.line_values[index] for index in done), default=0.0)

    def completion(self, pieces: Bitboard, wins: Bitboard) -> tuple[int, float]:
        """The hole of ``wins`` completing the dearest line (the lowest of equals) and its value."""
        holes = [h for h in range(64) if wins >> h & 1]
        best = max(holes, key=lambda h: (self.completed_value(pieces, h), -h))
        return best, self.completed_value(pieces, best)

    def completed(self, ply: int, value: float) -> float:
        """``WIN`` less ``PLY_COST`` a placement before it, plus ``value`` (a line completed at
        the root counts as one placement away, like one at ply 1)."""
        return WIN - max(ply, 1) * PLY_COST + value

    def leaf(self, pieces: list[Bitboard], order: list[int], supply: list[int], ply: int) -> float:
        """A leaf's score: a line the mover completes next, or (two teams) a double threat of the
        other team the mover cannot block both of, decides it; otherwise the open lines of the
        root team less those of the other teams, each weighted by its count and its value."""
        root = order[0]
        team = order[ply % len(order)]
        others = set(order) - {team}
        other = others.pop() if len(others) == 1 else -1
        score = 0.0
        factors, line_values = self.factors, self.line_values
        mover_wins, other_wins = 0, 0
        mover_best, other_best = 0.0, 0.0
        for index, owner, count in held_lines(pieces):
            worth = LINE_WEIGHTS[count] * factors[index]
            score += worth if owner == root else -worth
            if count == 3:
                line = LINES[index]
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
