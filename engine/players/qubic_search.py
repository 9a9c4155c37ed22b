"""Alpha-beta search of two-team Qubic on raw bitboards, with forcing searches at the leaves.

Negamax with iterative deepening over ``(mover, other)`` boards; a transposition table keyed by
:func:`engine.symmetry.canonical_key`, so the 192 symmetric copies of a position share one entry;
forced replies (a single open three of the other side) are searched without using up depth; a
leaf where the mover has a forcing win (:mod:`engine.players.qubic_threats`) scores as a win.
Scores are from the mover's side: a line free of the other side is worth ``LINE_WORTH`` by its
count of own pieces; ``MATE - ply`` is a four at that ply.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.bitboard import BB_ALL, Bitboard
from engine.lines import LINES
from engine.players.qubic_threats import ForcingSearch, completing, forcing_sequence
from engine.symmetry import INVERSES, PACKED_KEYS, SYMMETRIES, canonical_key, canonical_symmetry

MATE = 100_000
MATE_BOUND = MATE - 1_000
LINE_WORTH = (0, 10, 40, 160)
"""Score of a line by its count of own pieces (none of the other side's)."""
ORDER_OWN = (1, 3, 14, 0)
ORDER_OTHER = (1, 2, 10, 0)
"""Move ordering: what a hole gains from each line through it, by own / other pieces on it."""
UNDER_THREAT = 400
"""Leaf penalty when the other side would have a forcing win if it moved now."""
WIDTH = 12
"""Moves tried at an inner node (the best by ordering); the root tries all."""
POLL_EVERY = 128
"""Nodes between two looks at the caller's budget (clock, stop)."""

EXACT, LOWER, UPPER = 0, 1, 2


class Aborted(Exception):
    """The node limit or the caller's budget ended the search."""


def evaluate(me: Bitboard, other: Bitboard) -> int:
    """Static score for the mover: open lines weighted by their pieces."""
    score = 0
    for line in LINES:
        mine = line & me
        theirs = line & other
        if not theirs:
            if mine:
                score += LINE_WORTH[mine.bit_count()]
        elif not mine:
            score -= LINE_WORTH[theirs.bit_count()]
    return score


def ordered_moves(
    me: Bitboard, other: Bitboard, empty: Bitboard, rng: random.Random | None = None
) -> list[int]:
    """The empty holes, most promising first (own lines built, other lines cut, open lines);
    ``rng`` shuffles holes of equal promise."""
    gain = [0] * 64
    for line in LINES:
        free = line & empty
        if not free:
            continue
        mine = line & me
        theirs = line & other
        if not theirs:
            value = ORDER_OWN[mine.bit_count()]
        elif not mine:
            value = ORDER_OTHER[theirs.bit_count()]
        else:
            continue
        while free:
            low = free & -free
            free ^= low
            gain[low.bit_length() - 1] += value
    holes = []
    rest = empty
    while rest:
        low = rest & -rest
        rest ^= low
        holes.append(low.bit_length() - 1)
    if rng is not None:
        rng.shuffle(holes)
    holes.sort(key=lambda h: -gain[h])
    return holes


def mate_moves(score: int) -> int | None:
    """``+N`` when ``score`` wins in ``N`` of the mover's moves, ``-N`` when it loses, else None."""
    if score >= MATE_BOUND:
        return (MATE - score) // 2 + 1
    if score <= -MATE_BOUND:
        return -((MATE + score + 1) // 2)
    return None


@dataclass
class Limits:
    """How far one search may go: its node limit, its forcing-search depth and leaf budget."""

    nodes: int
    max_depth: int = 64
    forcing_moves: int = 8
    leaf_nodes: int = 200


@dataclass
class Iteration:
    """One completed iteration: depth, score and principal variation (holes)."""

    depth: int
    score: int
    pv: tuple[int, ...]
    nodes: int


@dataclass
class Search:
    """One search from a position with the mover's colour (0 moves first)."""

    me: Bitboard
    other: Bitboard
    colour: int
    limits: Limits
    out_of_budget: Callable[[], bool]
    rng: random.Random | None = None
    root_moves: Bitboard = BB_ALL
    """The holes the root may choose from (for example the refutations of a forcing win)."""
    forcing: ForcingSearch = field(init=False)
    table: dict[int, tuple[int, int, int, int]] = field(default_factory=dict)
    _next_poll: int = field(init=False, default=POLL_EVERY)

    def __post_init__(self) -> None:
        self.forcing = ForcingSearch(self.limits.nodes)

    @property
    def nodes(self) -> int:
        """Nodes visited so far (search and forcing nodes together)."""
        return self.forcing.nodes

    def _tick(self) -> None:
        self.forcing.nodes += 1
        if self.forcing.nodes >= self.limits.nodes:
            raise Aborted
        if self.forcing.nodes >= self._next_poll:
            self._next_poll = self.forcing.nodes + POLL_EVERY
            if self.out_of_budget():
                raise Aborted

    def _leaf_forcing(self, me: Bitboard, other: Bitboard) -> int:
        """Moves of ``me``'s forcing win (0: none found); neither side has an open three."""
        state = self.forcing
        cap = state.limit
        state.limit = min(cap, state.nodes + self.limits.leaf_nodes)
        try:
            return forcing_sequence(me, other, 0, state, self.limits.forcing_moves).moves
        finally:
            state.limit = cap

    def negamax(
        self,
        me: Bitboard,
        other: Bitboard,
        key: int,
        colour: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
    ) -> tuple[int, int]:
        """``(score, best hole or -1)`` for the mover ``me`` with ``colour``."""
        self._tick()
        wins = completing(me, other)
        if wins:
            return MATE - ply, (wins & -wins).bit_length() - 1
        threats = completing(other, me)
        if threats & (threats - 1):
            return -(MATE - ply - 1), (threats & -threats).bit_length() - 1
        empty = ~(me | other) & BB_ALL
        if not empty:
            return 0, -1
        if depth <= 0 and not threats:
            moves = self._leaf_forcing(me, other)
            if moves:
                return MATE - ply - 2 * (moves - 1), -1
            score = evaluate(me, other)
            if self._leaf_forcing(other, me):
                score -= UNDER_THREAT
            return score, -1
        canonical = canonical_key(key)
        entry = self.table.get(canonical)
        hint = -1
        if entry is not None:
            stored_depth, stored, flag, canon_move = entry
            if stored >= MATE_BOUND:
                stored -= ply
            elif stored <= -MATE_BOUND:
                stored += ply
            if canon_move >= 0:
                hint = INVERSES[canonical_symmetry(key)][canon_move]
                if stored_depth >= depth and (
                    flag == EXACT
                    or (flag == LOWER and stored >= beta)
                    or (flag == UPPER and stored <= alpha)
                ):
                    return stored, hint
        if threats:
            moves_list = [threats.bit_length() - 1]
            next_depth = depth
        else:
            moves_list = (
                ordered_moves(me, other, empty & self.root_moves or empty, self.rng)
                if ply == 0
                else ordered_moves(me, other, empty)[:WIDTH]
            )
            next_depth = depth - 1
            if hint >= 0 and hint in moves_list:
                moves_list.remove(hint)
                moves_list.insert(0, hint)
        start_alpha = alpha
        best, best_move = -MATE - 1, moves_list[0]
        keys = PACKED_KEYS[colour]
        for hole in moves_list:
            low = 1 << hole
            score = -self.negamax(
                other, me | low, key ^ keys[hole], 1 - colour, next_depth, -beta, -alpha, ply + 1
            )[0]
            if score > best:
                best, best_move = score, hole
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        flag = EXACT if start_alpha < best < beta else (LOWER if best >= beta else UPPER)
        stored = best + ply if best >= MATE_BOUND else best - ply if best <= -MATE_BOUND else best
        symmetry = SYMMETRIES[canonical_symmetry(key)]
        self.table[canonical] = (depth, stored, flag, symmetry[best_move])
        return best, best_move

    def principal_variation(
        self, me: Bitboard, other: Bitboard, key: int, first: int
    ) -> tuple[int, ...]:
        """The best line from the table, starting with ``first``."""
        line = [first]
        colour = self.colour
        seen = set()
        while len(line) < 12:
            hole = line[-1]
            key ^= PACKED_KEYS[colour][hole]
            me, other = other, me | 1 << hole
            colour = 1 - colour
            canonical = canonical_key(key)
            entry = self.table.get(canonical)
            if entry is None or entry[3] < 0 or canonical in seen:
                break
            seen.add(canonical)
            move = INVERSES[canonical_symmetry(key)][entry[3]]
            if (me | other) >> move & 1:
                break
            line.append(move)
        return tuple(line)

    def iterate(self, on_iteration: Callable[[Iteration], None]) -> Iteration | None:
        """Iterative deepening over odd depths (1, 3, 5, ...) until a limit; the last completed
        iteration (or None)."""
        me, other = self.me, self.other
        key = 0
        for colour, board in ((self.colour, me), (1 - self.colour, other)):
            rest = board
            while rest:
                low = rest & -rest
                rest ^= low
                key ^= PACKED_KEYS[colour][low.bit_length() - 1]
        done: Iteration | None = None
        free = (~(me | other) & BB_ALL).bit_count()
        for depth in range(1, min(self.limits.max_depth, free) + 1, 2):
            try:
                score, move = self.negamax(
                    me, other, key, self.colour, depth, -MATE - 1, MATE + 1, 0
                )
            except Aborted:
                break
            pv = self.principal_variation(me, other, key, move)
            done = Iteration(depth, score, pv, self.nodes)
            on_iteration(done)
            if abs(score) >= MATE_BOUND:
                break
        return done
