"""Proof-number search that the first player (X) wins Qubic, and the book of X's winning moves.

Best-first proof-number search (Allis 1994) over ``(x, o)`` bitboards. X to move is an OR node,
O to move an AND node. A position is *proven* (X wins) when X completes a line, when O faces two
threes, or when the forcing search of :mod:`engine.players.qubic_threats` finds a threat sequence
for X (threat-space search at the leaves); it is *disproven* when O completes a line, faces no
way to parry, or the board fills. X tries only its ``width`` most promising holes (a proof needs
one), O every hole; symmetric moves (under the 192 symmetries) are searched once, and solved
positions are shared through a table keyed by :func:`engine.symmetry.canonical_key`.

Each proven X-to-move node leaves a book entry: the position in its canonical orientation and
X's proving move there. :func:`minimal_book` keeps the entries a walk from the root needs.

>>> from engine.holes import parse
>>> x = sum(1 << parse(h) for h in ("Y-I-C", "G-I-S", "B-I-C", "B-IV-H"))
>>> o = sum(1 << parse(h) for h in ("R-I-H", "R-III-D", "Y-IV-C", "G-III-S"))
>>> proof = ProofSearch(x, o, leaf_nodes=300)
>>> proof.run(max_nodes=100), len(proof.book) > 0
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from engine.bitboard import BB_ALL, Bitboard
from engine.players.qubic_search import ordered_moves
from engine.players.qubic_threats import ForcingSearch, completing, forcing_win
from engine.symmetry import (
    INVERSES,
    PACKED_KEYS,
    SYMMETRIES,
    apply,
    canonical_key,
    canonical_symmetry,
    packed_hash,
)

INFINITE = 1 << 40
BOOK_PATH = Path(__file__).with_name("qubic_book.txt")
"""The committed book (rebuilt by ``python -m bench.qubic_proof``)."""


def canonical_position(x: Bitboard, o: Bitboard, packed: int) -> tuple[Bitboard, Bitboard]:
    """The position turned into its canonical orientation (``packed`` is its packed hash), so
    that a leaf's forcing search, whose move order follows hole indices, gives one answer for
    all 192 orientations."""
    perm = SYMMETRIES[canonical_symmetry(packed)]
    return apply(perm, x), apply(perm, o)


@dataclass(eq=False)
class Node:
    """One position of the proof tree; ``x_to_move`` makes it an OR node."""

    x: Bitboard
    o: Bitboard
    x_to_move: bool
    packed: int
    proof: int = 1
    disproof: int = 1
    children: list[tuple[int, Node]] | None = None

    @property
    def solved(self) -> bool:
        return self.proof == 0 or self.disproof == 0


def leaf_value(
    x: Bitboard, o: Bitboard, x_to_move: bool, forcing: ForcingSearch, max_moves: int = 12
) -> bool | None:
    """True when X wins by force (seen at once or by a forcing sequence), False when X cannot
    win (O wins or the board is full), None when unknown."""
    if x | o == BB_ALL:
        return False
    if x_to_move:
        if completing(x, o):
            return True
        threats = completing(o, x)
        if threats & (threats - 1):
            return False
        if forcing_win(x, o, forcing, max_moves).moves:
            return True
        return None
    if completing(o, x):
        return False
    threats = completing(x, o)
    if threats & (threats - 1):
        return True
    return None


@dataclass
class ProofSearch:
    """A proof-number search from ``(x, o)`` (X to move when ``x_to_move``)."""

    x: Bitboard
    o: Bitboard
    x_to_move: bool = True
    width: int = 8
    """How many of X's holes (best by move ordering) a node tries."""
    leaf_nodes: int = 400
    """Node limit of each leaf's forcing search."""
    leaf_moves: int = 12
    solved: dict[int, bool] = field(default_factory=dict)
    book: dict[int, tuple[Bitboard, Bitboard, int]] = field(default_factory=dict)
    """Canonical key -> (X, O in canonical orientation, X's move there)."""
    expanded: int = 0
    evaluated: int = 0
    root: Node = field(init=False)

    def __post_init__(self) -> None:
        self.root = self._node(self.x, self.o, self.x_to_move, packed_hash(self.x, self.o))

    def resume(self, book: Book) -> None:
        """Take the positions of an earlier book as proven (and keep its entries)."""
        for key in book.entries:
            self.solved[key] = True
        self.book.update(book.entries)
        self.root = self._node(self.x, self.o, self.x_to_move, packed_hash(self.x, self.o))

    def _value(self, x: Bitboard, o: Bitboard, x_to_move: bool, packed: int) -> bool | None:
        key = canonical_key(packed)
        known = self.solved.get(key)
        if known is not None:
            return known
        self.evaluated += 1
        x, o = canonical_position(x, o, packed)
        value = leaf_value(x, o, x_to_move, ForcingSearch(self.leaf_nodes), self.leaf_moves)
        if value is not None:
            self.solved[key] = value
        return value

    def _node(self, x: Bitboard, o: Bitboard, x_to_move: bool, packed: int) -> Node:
        node = Node(x, o, x_to_move, packed)
        value = self._value(x, o, x_to_move, packed)
        if value is True:
            node.proof, node.disproof = 0, INFINITE
        elif value is False:
            node.proof, node.disproof = INFINITE, 0
        return node

    def _moves(self, node: Node) -> list[int]:
        x, o = node.x, node.o
        empty = ~(x | o) & BB_ALL
        if node.x_to_move:
            forced = completing(o, x)
            if forced:
                return [forced.bit_length() - 1]
            return ordered_moves(x, o, empty)[: self.width]
        forced = completing(x, o)
        if forced:
            return [forced.bit_length() - 1]
        return ordered_moves(o, x, empty)

    def _expand(self, node: Node) -> None:
        self.expanded += 1
        colour = 0 if node.x_to_move else 1
        seen: set[int] = set()
        children: list[tuple[int, Node]] = []
        for hole in self._moves(node):
            packed = node.packed ^ PACKED_KEYS[colour][hole]
            key = canonical_key(packed)
            if key in seen:
                continue
            seen.add(key)
            bit = 1 << hole
            if node.x_to_move:
                child = self._node(node.x | bit, node.o, False, packed)
            else:
                child = self._node(node.x, node.o | bit, True, packed)
            children.append((hole, child))
            if child.proof == 0 if node.x_to_move else child.disproof == 0:
                break
        node.children = children
        self._update(node)

    def _update(self, node: Node) -> None:
        assert node.children is not None
        kids = [child for _, child in node.children]
        if node.x_to_move:
            node.proof = min((c.proof for c in kids), default=INFINITE)
            node.disproof = min(sum(c.disproof for c in kids), INFINITE)
        else:
            node.proof = min(sum(c.proof for c in kids), INFINITE)
            node.disproof = min((c.disproof for c in kids), default=INFINITE)
        if node.solved:
            self.solved[canonical_key(node.packed)] = node.proof == 0
            if node.proof == 0 and node.x_to_move:
                move = next(hole for hole, child in node.children if child.proof == 0)
                self._remember(node, move)
            proven = node.proof == 0
            node.children = [pair for pair in node.children if proven and pair[1].proof == 0]

    def _remember(self, node: Node, move: int) -> None:
        t = canonical_symmetry(node.packed)
        perm = SYMMETRIES[t]
        key = canonical_key(node.packed)
        self.book[key] = (apply(perm, node.x), apply(perm, node.o), perm[move])

    def run(
        self,
        max_nodes: int,
        stop: Callable[[], bool] | None = None,
        report: Callable[[ProofSearch], None] | None = None,
        every: int = 200,
    ) -> bool | None:
        """Expand up to ``max_nodes`` nodes (or until ``stop``): True proven, False disproven
        (within the tried moves), None unknown."""
        while not self.root.solved and self.expanded < max_nodes:
            if stop is not None and stop():
                break
            path = [self.root]
            node = self.root
            while node.children is not None:
                node = self._most_proving(node)
                path.append(node)
            self._expand(node)
            for ancestor in reversed(path[:-1]):
                self._update(ancestor)
            if report is not None and self.expanded % every == 0:
                report(self)
        if self.root.proof == 0:
            return True
        if self.root.disproof == 0:
            return False
        return None

    @staticmethod
    def _most_proving(node: Node) -> Node:
        assert node.children
        if node.x_to_move:
            return min((child for _, child in node.children), key=lambda c: c.proof)
        return min((child for _, child in node.children), key=lambda c: c.disproof)

    def replies(self) -> Iterator[tuple[int, Node]]:
        """The root's children (O's first replies when the root is O to move)."""
        return iter(self.root.children or [])


@dataclass(frozen=True)
class Book:
    """X's proven moves: canonical key -> (canonical X, canonical O, move in that frame); and,
    where known, the plies from each row's position to X's four when X follows the book and O
    holds out longest (``engine.players.qubic_proof_view``)."""

    entries: dict[int, tuple[Bitboard, Bitboard, int]]
    plies: dict[int, int] = field(default_factory=dict)
    replies: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    """By a row's key: O's replies to the row's move that hold out longest, (hole in the row's
    frame, plies from before the reply), longest first."""

    def row_key(self, x: Bitboard, o: Bitboard) -> tuple[int, int] | None:
        """The canonical key of ``(x, o)`` and the symmetry that turns it into its row, or
        ``None`` when the book has no row of it."""
        packed = packed_hash(x, o)
        key = canonical_key(packed)
        entry = self.entries.get(key)
        if entry is None:
            return None
        t = canonical_symmetry(packed)
        perm = SYMMETRIES[t]
        if apply(perm, x) != entry[0] or apply(perm, o) != entry[1]:
            return None
        return key, t

    def move(self, x: Bitboard, o: Bitboard) -> int | None:
        """X's book move in the position ``(x, o)`` (any orientation), or None."""
        found = self.row_key(x, o)
        if found is None:
            return None
        key, t = found
        return INVERSES[t][self.entries[key][2]]

    def plies_of(self, x: Bitboard, o: Bitboard) -> int | None:
        """The plies to X's four from the book's row of ``(x, o)``, or None (no row, or the
        book does not hold its plies)."""
        found = self.row_key(x, o)
        return None if found is None else self.plies.get(found[0])

    def lines(self) -> list[str]:
        """The entries as text rows ``X O move [plies [hole:plies...]]`` (hex boards, canonical
        frame; the longest replies to the move), sorted."""
        return sorted(
            " ".join([f"{x:016x} {o:016x} {move}", *self._known(key)])
            for key, (x, o, move) in self.entries.items()
        )

    def _known(self, key: int) -> list[str]:
        """A row's plies and longest replies, where known."""
        if key not in self.plies:
            return []
        replies = [f"{hole}:{plies}" for hole, plies in self.replies.get(key, ())]
        return [str(self.plies[key]), *replies]

    @classmethod
    def parse(cls, text: str) -> Book:
        """A book from its text (``#`` lines are comments; the plies and replies may be left
        out)."""
        entries: dict[int, tuple[Bitboard, Bitboard, int]] = {}
        plies: dict[int, int] = {}
        replies: dict[int, tuple[tuple[int, int], ...]] = {}
        for row in text.splitlines():
            if not row.strip() or row.startswith("#"):
                continue
            xs, os_, move, *rest = row.split()
            x, o = int(xs, 16), int(os_, 16)
            key = canonical_key(packed_hash(x, o))
            entries[key] = (x, o, int(move))
            if rest:
                plies[key] = int(rest[0])
            if rest[1:]:
                replies[key] = tuple(_reply(reply) for reply in rest[1:])
        return cls(entries, plies, replies)


def _reply(text: str) -> tuple[int, int]:
    """A longest reply as a book row writes it, ``hole:plies``."""
    hole, plies = text.split(":")
    return int(hole), int(plies)


@lru_cache(maxsize=1)
def committed_book() -> Book:
    """The book committed beside this module (empty when absent)."""
    if not BOOK_PATH.exists():
        return Book({})
    return Book.parse(BOOK_PATH.read_text())


def minimal_book(
    x: Bitboard, o: Bitboard, x_to_move: bool, book: Book, leaf: Callable[[int, int, bool], bool]
) -> Book:
    """The entries of ``book`` a walk from ``(x, o)`` uses: X's book move at each of its turns
    (unless ``leaf``, given the canonical orientation, already proves the position), every O
    reply at O's."""
    kept: dict[int, tuple[Bitboard, Bitboard, int]] = {}
    visited: set[int] = set()
    stack = [(x, o, x_to_move)]
    while stack:
        x, o, x_turn = stack.pop()
        packed = packed_hash(x, o)
        key = canonical_key(packed)
        if key in visited:
            continue
        visited.add(key)
        if leaf(*canonical_position(x, o, packed), x_turn):
            continue
        if x_turn:
            move = book.move(x, o)
            if move is None:
                raise ValueError(f"position {x:016x} {o:016x} is neither in the book nor won")
            kept[key] = book.entries[key]
            stack.append((x | 1 << move, o, False))
            continue
        if completing(o, x):
            raise ValueError(f"position {x:016x} {o:016x}: O completes a line")
        forced = completing(x, o)
        empty = ~(x | o) & BB_ALL
        holes = forced if forced else empty
        while holes:
            low = holes & -holes
            holes ^= low
            stack.append((x, o | low, True))
    return Book(kept)


def timed(seconds: float) -> Callable[[], bool]:
    """A stop check that turns True ``seconds`` from now."""
    end = time.monotonic() + seconds
    return lambda: time.monotonic() >= end
