"""Threats on raw Qubic bitboards, and the forcing search of threat sequences.

A *three* is a line with three pieces of one side and its fourth hole empty: it forces the other
side to fill that hole at once. A *forcing win* is a sequence of moves that each make a three,
each answered by the forced reply, ending in two threes at once (a double threat) or a four.
The search follows only forcing moves, so it reaches deep at low cost (threat-space search with
threes as the only threats). When the forced reply makes a three for the defender, the attacker
must block it, and only with a move that makes a three again.

Boards are ints: ``attacker`` and ``defender`` pieces, the attacker to move.

>>> from engine.holes import name, parse
>>> a = sum(1 << parse(h) for h in ("R-I-S", "R-I-H", "R-II-S", "R-III-S"))
>>> d = sum(1 << parse(h) for h in ("B-IV-C", "G-IV-C", "Y-IV-C", "B-III-C"))
>>> name(forcing_win(a, d, ForcingSearch(10_000)).first)
'R-IV-S'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.bitboard import Bitboard
from engine.lines import LINES, LINES_THROUGH

POLL_EVERY = 128
"""Nodes between two looks at the caller's stop check."""


def completing(own: Bitboard, other: Bitboard) -> Bitboard:
    """The empty holes that would complete a line of ``own`` (its open threes)."""
    holes = 0
    for line in LINES:
        if not line & other:
            mine = line & own
            if mine != line and mine.bit_count() == 3:
                holes |= line ^ mine
    return holes


def three_makers(own: Bitboard, other: Bitboard) -> Bitboard:
    """The empty holes that would make an open three of ``own`` (lines with two, no ``other``)."""
    holes = 0
    for line in LINES:
        if not line & other and (line & own).bit_count() == 2:
            holes |= line & ~own
    return holes


def threes_made(own: Bitboard, other: Bitboard, hole: int) -> Bitboard:
    """The holes ``own`` threatens through ``hole`` after placing there (``own`` includes it)."""
    holes = 0
    for line in LINES_THROUGH[hole]:
        if not line & other:
            mine = line & own
            if mine != line and mine.bit_count() == 3:
                holes |= line ^ mine
    return holes


@dataclass
class ForcingSearch:
    """The shared state of forcing searches during one decision: node limit, results seen."""

    limit: int
    stop: Callable[[], bool] | None = None
    """Polled every :data:`POLL_EVERY` nodes; once True, the search is spent."""
    nodes: int = 0
    failed: dict[tuple[Bitboard, Bitboard], int] = field(default_factory=dict)
    """Position -> the largest move count already searched without finding a win."""
    _next_poll: int = POLL_EVERY

    def spent(self) -> bool:
        """Whether the node limit is reached or the caller asked to stop."""
        if self.nodes >= self.limit:
            return True
        if self.stop is not None and self.nodes >= self._next_poll:
            self._next_poll = self.nodes + POLL_EVERY
            if self.stop():
                self.limit = self.nodes
                return True
        return False


@dataclass(frozen=True)
class ForcingWin:
    """A forcing win: its first move, the attacker's moves up to the four, the whole line."""

    first: int
    moves: int
    line: tuple[int, ...]


NO_WIN = ForcingWin(-1, 0, ())


def forcing_win(
    attacker: Bitboard, defender: Bitboard, state: ForcingSearch, max_moves: int = 16
) -> ForcingWin:
    """A forcing win of the attacker (to move) in at most ``max_moves`` of its moves, or
    :data:`NO_WIN` (none found within the limits)."""
    state.nodes += 1
    wins = completing(attacker, defender)
    if wins:
        hole = (wins & -wins).bit_length() - 1
        return ForcingWin(hole, 1, (hole,))
    return forcing_sequence(attacker, defender, completing(defender, attacker), state, max_moves)


def forcing_sequence(
    attacker: Bitboard,
    defender: Bitboard,
    threats: Bitboard,
    state: ForcingSearch,
    max_moves: int,
) -> ForcingWin:
    """:func:`forcing_win` when the attacker has no open three and ``threats`` are the
    defender's (both known to the caller, which saves scanning the lines again)."""
    if max_moves < 2 or threats & (threats - 1) or state.spent():
        return NO_WIN
    key = (attacker, defender)
    if state.failed.get(key, -1) >= max_moves:
        return NO_WIN
    makers = three_makers(attacker, defender)
    if threats:
        makers &= threats
    ordered = []
    while makers:
        low = makers & -makers
        makers ^= low
        hole = low.bit_length() - 1
        made = threes_made(attacker | low, defender, hole)
        if made & (made - 1):
            return ForcingWin(hole, 2, (hole,))
        ordered.append((made, hole, low))
    for made, hole, low in ordered:
        state.nodes += 1
        mine, theirs = attacker | low, defender | made
        reply = made.bit_length() - 1
        rest = forcing_sequence(
            mine, theirs, threes_made(theirs, mine, reply), state, max_moves - 1
        )
        if rest.moves:
            return ForcingWin(hole, rest.moves + 1, (hole, reply, *rest.line))
        if state.spent():
            return NO_WIN
    state.failed[key] = max_moves
    return NO_WIN


def shortest_forcing_win(
    attacker: Bitboard, defender: Bitboard, state: ForcingSearch, max_moves: int = 16
) -> ForcingWin:
    """:func:`forcing_win` with the move limit raised step by step (2, 3, 4, 6, 8, ...), so short
    wins are found first and cheaply."""
    limit = 2
    while True:
        win = forcing_win(attacker, defender, state, min(limit, max_moves))
        if win.moves or limit >= max_moves or state.spent():
            return win
        limit = limit + 1 if limit < 4 else limit * 3 // 2
