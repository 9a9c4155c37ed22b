"""The 192 symmetries of the 4x4x4 board: permutations of the 64 holes that map lines to lines.

Each is an axis permutation combined with one map ``m`` of the coordinates 0..3 that commutes
with reversal (8 such maps), applied to every axis either as is or reversed. Besides the 48
rotations and reflections of the cube, this includes the "inside-out" maps that swap the two
inner and the two outer coordinates.

Positions are hashed once per symmetry at the same time: :data:`PACKED_KEYS` holds, per hole and
colour, 192 Zobrist words side by side in one int, so one XOR updates all 192 hashes and
:func:`canonical_key` takes their minimum, equal for every position in a symmetry class.

>>> len(SYMMETRIES)
192
>>> from engine.lines import LINES
>>> all({apply(p, line) for line in LINES} == set(LINES) for p in SYMMETRIES)
True
>>> from engine.holes import parse
>>> a = packed_hash(1 << parse("R-I-S"), 0)
>>> b = packed_hash(1 << parse("B-IV-C"), 0)
>>> canonical_key(a) == canonical_key(b) != canonical_key(packed_hash(1 << parse("R-I-H"), 0))
True
"""

from __future__ import annotations

import random
from itertools import permutations, product

from engine.bitboard import Bitboard, scan_forward
from engine.holes import coords, index

Permutation = tuple[int, ...]
"""``p[hole]`` is the image of ``hole``."""

WORD_BITS = 64
_WORD_MASK = (1 << WORD_BITS) - 1


def _coordinate_maps() -> list[tuple[int, ...]]:
    """The 8 permutations of 0..3 that commute with reversal ``c -> 3 - c``."""
    return [m for m in permutations(range(4)) if all(m[3 - c] == 3 - m[c] for c in range(4))]


def _build() -> tuple[Permutation, ...]:
    found: set[Permutation] = set()
    for axes in permutations(range(3)):
        for m in _coordinate_maps():
            for flips in product((False, True), repeat=3):
                maps = [tuple(3 - v for v in m) if flip else m for flip in flips]
                perm = []
                for hole in range(64):
                    c = coords(hole)
                    perm.append(index(*(maps[k][c[axes[k]]] for k in range(3))))
                found.add(tuple(perm))
    return tuple(sorted(found))


SYMMETRIES: tuple[Permutation, ...] = _build()
"""All 192 symmetries, identity first."""


def _inverse(perm: Permutation) -> Permutation:
    result = [0] * 64
    for hole, image in enumerate(perm):
        result[image] = hole
    return tuple(result)


INVERSES: tuple[Permutation, ...] = tuple(_inverse(p) for p in SYMMETRIES)
"""``INVERSES[t]`` undoes ``SYMMETRIES[t]``."""


def apply(perm: Permutation, board: Bitboard) -> Bitboard:
    """The image of a set of holes under one symmetry."""
    result = 0
    for hole in scan_forward(board):
        result |= 1 << perm[hole]
    return result


def _packed_keys(seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    rng = random.Random(seed)
    words = [[rng.getrandbits(WORD_BITS) for _ in range(64)] for _ in range(2)]
    packed: list[tuple[int, ...]] = []
    for colour in range(2):
        per_hole = []
        for hole in range(64):
            key = 0
            for t, perm in enumerate(SYMMETRIES):
                key |= words[colour][perm[hole]] << (WORD_BITS * t)
            per_hole.append(key)
        packed.append(tuple(per_hole))
    return packed[0], packed[1]


PACKED_KEYS: tuple[tuple[int, ...], tuple[int, ...]] = _packed_keys(0x51BC)
"""``PACKED_KEYS[colour][hole]``: the hole's Zobrist word under each symmetry, word ``t`` at bit
``64 * t``. Colour 0 moves first."""

_PACKED_BYTES = WORD_BITS // 8 * len(SYMMETRIES)


def packed_hash(first: Bitboard, second: Bitboard) -> int:
    """The packed hash of a position (pieces of the first and second mover)."""
    key = 0
    for colour, board in enumerate((first, second)):
        for hole in scan_forward(board):
            key ^= PACKED_KEYS[colour][hole]
    return key


def canonical_key(packed: int) -> int:
    """The smallest of the 192 hashes: the same for symmetric positions."""
    return min(memoryview(packed.to_bytes(_PACKED_BYTES, "little")).cast("Q"))


def canonical_symmetry(packed: int) -> int:
    """The index of a symmetry that maps the position to its canonical form."""
    words = memoryview(packed.to_bytes(_PACKED_BYTES, "little")).cast("Q").tolist()
    return words.index(min(words))
