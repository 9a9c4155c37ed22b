"""What each computer level does and how it scored against the level below it, for the page's
New game form (``GET /api/info``: ``variant_facts[variant].levels``).

Each game's spec holds them (``GameSpec.levels``): the words are English ids the page
translates; the figures are the level ladder's (``python -m bench --only bench_ladder``), the
same as the README's table, which a test holds them to.

>>> guide("olix")[2].does
'Two placements ahead, wider, with smaller errors (the default)'
>>> guide("qubic")[4].measured[1].seating
'second'
"""

from __future__ import annotations

from controller.games import Measured, games
from controller.wire import Typed


class LevelGuide(Typed):
    """One level: what it does, and how it scored against the level below (none for level 1)."""

    level: int
    does: str
    measured: list[Measured]


def guide(variant: str) -> list[LevelGuide]:
    """The levels of ``variant`` (none for a game without computer players, or no game)."""
    spec = games().get(variant)
    levels = () if spec is None else spec.levels
    return [LevelGuide(level, does, measured) for level, (does, measured) in enumerate(levels, 1)]
