"""The symmetries of the spaceboard (engine/symmetry.py), checked against RULES.md §1.

RULES.md §1: "A **Flix-line** is any 4 holes in a straight line: 76 in all". A symmetry is a
permutation of the 64 holes that maps Flix-lines to Flix-lines; the module's tables are built at
import, so each test builds them again and checks what they are.
"""

from __future__ import annotations

import random
from itertools import permutations, product

from engine.bitboard import BB_ALL
from engine.holes import coords, index, parse
from engine.lines import LINES
from engine.symmetry import (
    INVERSES,
    PACKED_KEYS,
    SYMMETRIES,
    WORD_BITS,
    _build,
    _coordinate_maps,
    _inverse,
    _packed_keys,
    apply,
    canonical_key,
    canonical_symmetry,
    packed_hash,
)

WORD = (1 << WORD_BITS) - 1
IDENTITY = tuple(range(64))


def word(packed: int, t: int) -> int:
    return packed >> (WORD_BITS * t) & WORD


def compose(outer: tuple[int, ...], inner: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(outer[inner[hole]] for hole in range(64))


def test_the_coordinate_maps_are_the_eight_that_commute_with_reversal() -> None:
    """A coordinate map that keeps straight runs of four straight must commute with reading the
    axis backwards (c -> 3 - c): of the 24 orders of 0..3, exactly 8 do."""
    maps = _coordinate_maps()
    expected = [m for m in permutations(range(4)) if [3 - m[3 - c] for c in range(4)] == list(m)]
    assert maps == expected and len(maps) == 8
    assert (0, 1, 2, 3) in maps and (3, 2, 1, 0) in maps and (1, 0, 3, 2) in maps
    assert (0, 2, 1, 3) in maps and (1, 2, 0, 3) not in maps


def test_the_symmetries_built_again_are_a_group_of_192_that_keeps_the_76_lines() -> None:
    """Every symmetry maps the 76 Flix-lines onto themselves; the 192 are closed under
    composition (a group) and include the 48 rotations and reflections of the cube."""
    built = _build()
    assert built == SYMMETRIES and built[0] == IDENTITY
    assert len(set(built)) == 192 and list(built) == sorted(built)
    lines = set(LINES)
    for perm in built:
        assert sorted(perm) == list(range(64))
        assert {apply(perm, line) for line in LINES} == lines
    group = set(built)
    rng = random.Random(5)
    for _ in range(400):
        assert compose(rng.choice(built), rng.choice(built)) in group
    for axes in permutations(range(3)):
        for flips in product((False, True), repeat=3):
            cube = []
            for hole in range(64):
                c = coords(hole)
                moved = [c[axes[k]] for k in range(3)]
                cube.append(index(*(3 - v if f else v for v, f in zip(moved, flips, strict=True))))
            assert tuple(cube) in group


def test_each_inverse_undoes_its_symmetry() -> None:
    for perm, inverse in zip(SYMMETRIES, INVERSES, strict=True):
        assert _inverse(perm) == inverse
        assert compose(inverse, perm) == IDENTITY == compose(perm, inverse)


def test_apply_moves_each_hole_of_a_set() -> None:
    mirror = next(p for p in SYMMETRIES if p[parse("R-I-S")] == parse("B-I-S"))
    holes = 1 << parse("R-I-S") | 1 << parse("R-II-H")
    assert apply(mirror, holes) == 1 << mirror[parse("R-I-S")] | 1 << mirror[parse("R-II-H")]
    assert apply(mirror, 0) == 0 and apply(mirror, BB_ALL) == BB_ALL


def test_the_packed_word_of_each_symmetry_hashes_the_image_of_the_position() -> None:
    """Word t of a position's packed hash is the hash (word 0) of its image under symmetry t,
    so positions that are images of each other share their smallest word."""
    assert _packed_keys(0x51BC) == PACKED_KEYS
    rng = random.Random(11)
    for _ in range(6):
        first = rng.getrandbits(64)
        second = rng.getrandbits(64) & ~first
        packed = packed_hash(first, second)
        for t in rng.sample(range(len(SYMMETRIES)), 12):
            perm = SYMMETRIES[t]
            assert word(packed, t) == word(packed_hash(apply(perm, first), apply(perm, second)), 0)
        words = [word(packed, t) for t in range(len(SYMMETRIES))]
        assert canonical_key(packed) == min(words)
        assert canonical_symmetry(packed) == words.index(min(words))
    assert packed_hash(0, 0) == 0
    assert packed_hash(1, 0) == PACKED_KEYS[0][0] != PACKED_KEYS[1][0] == packed_hash(0, 1)
