"""The pattern finder (engine.olix_patterns) against a plain search over every pattern of the
rule book's definitions, on seeded random grids."""

from __future__ import annotations

import random

import pytest

from engine.olix_patterns import GRID, SIZE, patterns_at

Cells = frozenset[tuple[int, int]]


def segments(own: Cells, step: tuple[int, int]) -> list[Cells]:
    """Every run of at least one of ``own``'s cells along ``step``, as cell sets (all sub-runs)."""
    found = []
    for start in own:
        run = [start]
        while (nxt := (run[-1][0] + step[0], run[-1][1] + step[1])) in own:
            run.append(nxt)
            found.append(frozenset(run))
    return found


def brute(own: Cells, cell: tuple[int, int]) -> dict[str, int]:
    """The best value of each kind holding ``cell``, straight from the definitions."""
    best: dict[str, int] = {}

    def offer(kind: str, pattern: Cells, value: int) -> None:
        if cell in pattern and value > best.get(kind, 0):
            best[kind] = value

    for step in ((0, 1), (1, 0)):
        for run in segments(own, step):
            if len(run) >= 4:
                offer("I", run, len(run))
    for step in ((1, 1), (1, -1)):
        for run in segments(own, step):
            if len(run) >= 4:
                offer("X", run, len(run))
    for corner in own:
        for across in ((0, 1), (0, -1)):
            for up in ((1, 0), (-1, 0)):
                for a in range(3, SIZE + 1):
                    arm_a = {
                        (corner[0] + across[0] * k, corner[1] + across[1] * k) for k in range(a)
                    }
                    if not arm_a <= own:
                        break
                    for b in range(3, SIZE + 1):
                        arm_b = {(corner[0] + up[0] * k, corner[1] + up[1] * k) for k in range(b)}
                        if not arm_b <= own:
                            break
                        offer("L", frozenset(arm_a | arm_b), a + b - 1)
    for bottom in range(SIZE):
        for top in range(bottom + 1, SIZE):
            for left in range(SIZE):
                for right in range(left + 1, SIZE):
                    box = {(r, c) for r in range(bottom, top + 1) for c in range(left, right + 1)}
                    border = {(r, c) for r, c in box if r in (bottom, top) or c in (left, right)}
                    if border <= own:
                        pattern = frozenset(border | (box & own))
                        offer("O", pattern, len(pattern))
    return best


@pytest.mark.parametrize("seed", range(12))
def test_patterns_match_the_definitions(seed: int) -> None:
    rng = random.Random(seed)
    density = rng.choice((0.35, 0.5, 0.65))
    own = frozenset((r, c) for r in range(SIZE) for c in range(SIZE) if rng.random() < density)
    mask = sum(1 << GRID.index(r, c) for r, c in own)
    for cell in rng.sample(sorted(own), 6):
        found = patterns_at(mask, GRID.index(*cell))
        assert {kind: p.value for kind, p in found.items()} == brute(own, cell), (seed, cell)
        for pattern in found.values():
            assert pattern.cells & ~mask == 0 and pattern.cells >> GRID.index(*cell) & 1
            assert pattern.cells.bit_count() == pattern.value
