"""What each computer level does and how it scored against the level below it, for the page's
New game form (``GET /api/info``: ``variant_facts[variant].levels``).

The words are English ids the page translates; the figures are the level ladder's
(``python -m bench --only bench_ladder``), the same as the README's table, which a test holds
them to.

>>> guide("olix")[2].does
'Two placements ahead, wider, with smaller errors (the default)'
>>> guide("qubic")[4].measured[1].seating
'second'
"""

from __future__ import annotations

from controller.i18n import N_
from controller.wire import Typed


class Measured(Typed):
    """The level's score against the level below: a win 1, a draw 1/2, with its 95 % interval.
    ``seating``: ``first`` or ``second`` where the seat decides (Qubic), else ``alternate``."""

    seating: str
    score_pct: float
    low_pct: float
    high_pct: float
    games: int


class LevelGuide(Typed):
    """One level: what it does, and how it scored against the level below (none for level 1)."""

    level: int
    does: str
    measured: list[Measured]


def _rung(
    score: float, low: float, high: float, games: int, seating: str = "alternate"
) -> Measured:
    return Measured(seating, score, low, high, games)


_ONE_AHEAD = N_("One placement ahead; misses a block 1 time in 4")
_TWO_AHEAD = N_("Two placements ahead; misses a block 1 time in 10")
_THREE_AHEAD = N_("Three placements ahead (the default)")

_GUIDES: dict[str, tuple[tuple[str, list[Measured]], ...]] = {
    "qubic": (
        (N_("Wins and blocks, but overlooks either a third of the time"), []),
        (
            N_("Short forcing wins, three placements ahead; misses a win or block 1 in 10"),
            [_rung(90.0, 82.6, 94.5, 100, "first"), _rung(71.0, 64.4, 76.8, 200, "second")],
        ),
        (
            N_("Finds forcing wins of up to 16 threats (the default)"),
            [_rung(100.0, 96.3, 100, 100, "first"), _rung(61.3, 54.3, 67.7, 200, "second")],
        ),
        (
            N_("Forcing wins of up to 20 threats; once lost, holds out longest"),
            [_rung(95.0, 88.8, 97.8, 100, "first"), _rung(64.2, 57.4, 70.6, 200, "second")],
        ),
        (
            N_(
                "The most positions; as first player the proven book's move where the book "
                "holds the position; as second, five placements ahead"
            ),
            [_rung(100.0, 96.3, 100, 100, "first"), _rung(74.0, 67.5, 79.6, 200, "second")],
        ),
    ),
    "lucky": (
        (N_("A few playouts over its best-looking holes; misses a block 1 time in 4"), []),
        (
            N_("More playouts, that block; misses a block 1 time in 10"),
            [_rung(57.8, 51, 64, 200)],
        ),
        (
            N_("Weighs every throw to come: its placement, the throw, the reply (the default)"),
            [_rung(52.0, 45, 59, 200)],
        ),
        (N_("The same search over the throws, with more positions"), [_rung(45.0, 38, 52, 200)]),
        (N_("The same search over the throws, with the most positions"), [_rung(47.5, 33, 63, 40)]),
    ),
    "payoff": (
        (_ONE_AHEAD, []),
        (_TWO_AHEAD, [_rung(71.8, 65, 78, 200)]),
        (_THREE_AHEAD, [_rung(79.2, 73, 84, 200)]),
        (
            N_("Weighs the hidden tokens it cannot see; three placements ahead"),
            [_rung(56.0, 51.1, 60.8, 400)],
        ),
        (
            N_("Weighs the hidden tokens it cannot see; four placements ahead"),
            [_rung(58.2, 51, 65, 200)],
        ),
    ),
    "tactflix": (
        (_ONE_AHEAD, []),
        (_TWO_AHEAD, [_rung(55.6, 51, 60, 400)]),
        (
            N_("Two placements ahead, wider; never misses a block (the default)"),
            [_rung(63.1, 58.3, 67.7, 400)],
        ),
        (
            N_("Four placements ahead, with small errors; notices 9 lines in 10"),
            [_rung(71.5, 66.9, 75.7, 400)],
        ),
        (
            N_("Four placements ahead, twice as wide; notices every line"),
            [_rung(58.1, 53.2, 62.9, 400)],
        ),
    ),
    "flip4": (
        (N_("One turn ahead; a random choice 3 times in 10"), []),
        (N_("One turn ahead"), [_rung(67.0, 60, 73, 200)]),
        (
            N_("Two turns ahead, each over the 36 throws (the default)"),
            [_rung(57.8, 52.9, 62.5, 400)],
        ),
        (
            N_("Three turns ahead for its two best choices, with small errors"),
            [_rung(57.5, 52.6, 62.3, 400)],
        ),
        (N_("Three turns ahead for its six best choices"), [_rung(56.0, 51.1, 60.8, 400)]),
    ),
    "olix": (
        (N_("The best placement now, with large errors"), []),
        (N_("Two placements ahead, with the largest errors"), [_rung(72.2, 66, 78, 200)]),
        (
            N_("Two placements ahead, wider, with smaller errors (the default)"),
            [_rung(65.2, 58, 72, 200)],
        ),
        (N_("Two placements ahead, wider still, with small errors"), [_rung(57.2, 50.3, 64, 200)]),
        (
            N_("Three placements ahead: each reply and the best answer to it; without errors"),
            [_rung(60.6, 55.8, 65.3, 400)],
        ),
    ),
}
"""Each variant's levels 1-5: the words, and the ladder's rungs of that level against the one
below (README, "Each level against the one below it")."""


def guide(variant: str) -> list[LevelGuide]:
    """The levels of ``variant`` (none for a variant without computer players)."""
    return [
        LevelGuide(level, does, measured)
        for level, (does, measured) in enumerate(_GUIDES.get(variant, ()), start=1)
    ]
