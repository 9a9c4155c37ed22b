"""Olix (Reiner Knizia, 1999; RULES.md §11): two players place counters on an 11x11 grid and
score the patterns O, L, I and X on four scoring lines.

Each placement scores, for each kind, the most valuable pattern that holds the new counter
(:mod:`engine.olix_patterns`): the player's counter goes on the highest space of that kind's
scoring line not above the value. Only the counters on a line's highest occupied space stay
(both players may share it). A value beyond the end of its line is a super-pattern: the player
wins at once. A full grid (or no counters left) ends the game: more counters in the scoring
area wins, ties go to the more advanced counters, then it is a draw. Conceding is ``resign``.

>>> from engine.variants import new_game
>>> game = new_game("olix")
>>> for cell in ("a1", "k11", "b1", "k10", "c1", "k9"):
...     _ = game.place(cell)
>>> [event.to_json(game.naming)["type"] for event in game.place("d1")]
['place', 'pattern', 'turn']
>>> game.to_json()["scoring"][2]
{'pattern': 'I', 'line': [4, 5, 6, 7], 'top': 4, 'teams': [0]}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, ClassVar

from engine.bitboard import Bitboard, popcount, scan_forward
from engine.errors import SettingError
from engine.events import PatternScored
from engine.game import Game, Options
from engine.grid import Grid
from engine.holes import Hole
from engine.olix_patterns import GRID, KINDS, LARGEST, SMALLEST, Pattern, patterns_at
from engine.settings import shown, whole_number

DEFAULT_LINES: dict[str, tuple[int, ...]] = {
    "O": (4, 6, 8, 9),
    "L": (5, 6, 7, 8),
    "I": (4, 5, 6, 7),
    "X": (4, 5, 6, 7),
}
"""The scoring lines' spaces (RULES.md §11: the rule book's example, L starting at 5)."""
MAX_SPACES = 24
"""The most spaces a scoring line may have."""
NO_SPACE = -1
"""The rank of a scoring line with no counter on it."""
Area = dict[str, tuple[int, tuple[int, ...]]]
"""The scoring area: kind -> (rank of the line's highest occupied space or ``NO_SPACE``, the
teams with a counter on it)."""


def _line(key: str, value: Any, kind: str) -> tuple[int, ...]:
    """``value`` (a list, or text of space-separated numbers) as a scoring line of ``kind``:
    increasing values from the smallest pattern of the kind up to the largest the grid holds."""
    if isinstance(value, str):
        parts = value.split()
        if not all(part.isascii() and part.isdigit() and len(part) <= 4 for part in parts):
            raise SettingError(f"{key} must be whole numbers: {value[:80]!r}")
        value = [int(part) for part in parts]
    if not isinstance(value, list | tuple) or not 1 <= len(value) <= MAX_SPACES:
        raise SettingError(f"{key} must be a list of 1..{MAX_SPACES} values: {shown(value)}")
    spaces = tuple(whole_number(key, item, SMALLEST[kind], LARGEST[kind] + 1) for item in value)
    if any(later <= earlier for earlier, later in pairwise(spaces)):
        raise SettingError(f"{key} must increase from space to space: {list(spaces)}")
    return spaces


@dataclass(frozen=True)
class OlixOptions(Options):
    """Olix settings: the values of each scoring line's spaces, lowest first (``o_line``,
    ``l_line``, ``i_line``, ``x_line``); a pattern worth more than a line's last space is a
    super-pattern. ``men_per_team`` is the counters per player (default: enough to fill the
    grid; the box has 50)."""

    o_line: tuple[int, ...] = DEFAULT_LINES["O"]
    l_line: tuple[int, ...] = DEFAULT_LINES["L"]
    i_line: tuple[int, ...] = DEFAULT_LINES["I"]
    x_line: tuple[int, ...] = DEFAULT_LINES["X"]

    def __post_init__(self) -> None:
        super().__post_init__()
        for kind in KINDS:
            key = f"{kind.lower()}_line"
            object.__setattr__(self, key, _line(key, getattr(self, key), kind))

    def lines(self) -> dict[str, tuple[int, ...]]:
        """Kind -> the values of its scoring line's spaces."""
        return {kind: getattr(self, f"{kind.lower()}_line") for kind in KINDS}


@dataclass(frozen=True)
class Scored:
    """A pattern scored by placement number ``serial``: ``rank`` is the space its counter went
    on (``NO_SPACE``: below the line), ``kept`` whether the counter stayed there."""

    team: int
    pattern: Pattern
    serial: int
    rank: int
    kept: bool


def space_for(line: tuple[int, ...], value: int) -> int:
    """The rank of the highest space of ``line`` not above ``value`` (``NO_SPACE`` if none;
    ``len(line)`` means beyond the end: a super-pattern).

    >>> [space_for((4, 6, 8, 9), value) for value in (3, 4, 7, 9, 10)]
    [-1, 0, 1, 3, 4]
    """
    if value > line[-1]:
        return len(line)
    return sum(1 for space in line if space <= value) - 1


def ranking(area: Area, team: int) -> list[int]:
    """The ranks of ``team``'s counters in the scoring area, most advanced first."""
    return sorted((rank for rank, teams in area.values() if team in teams), reverse=True)


def leader(area: Area) -> int | None:
    """The team that wins by the scoring area: more counters; if equal, the more advanced
    counters compared from the most advanced down; ``None`` when that does not separate them.

    >>> leader({"O": (1, (0, 1)), "L": (2, (1,)), "I": (1, (0, 1)), "X": (3, (0,))})
    0
    """
    first, second = ranking(area, 0), ranking(area, 1)
    if len(first) != len(second):
        return 0 if len(first) > len(second) else 1
    for mine, theirs in zip(first, second, strict=True):
        if mine != theirs:
            return 0 if mine > theirs else 1
    return None


class Olix(Game):
    """Olix. State beyond :class:`Game`: ``area`` (kind -> (rank of the highest occupied space
    or ``NO_SPACE``, the teams with a counter there)) and ``scored`` (every pattern scored, in
    order). Counters are ``man`` pieces; exactly 2 players."""

    variant: ClassVar[str] = "olix"
    rank: ClassVar[int] = 6
    perft_depth: ClassVar[int] = 3
    """Perft 3 values 14,520 placements for patterns (0.4 s here), perft 4 some 120 times as
    many: deeper runs are refused rather than blocking the protocol."""
    default_men_per_team: ClassVar[int | None] = None
    options_class: ClassVar[type[Options]] = OlixOptions
    grid: ClassVar[Grid | None] = GRID
    lines_through: ClassVar[tuple[tuple[Bitboard, ...], ...]] = ()
    """Olix scores patterns, not lines of four."""
    seat_teams: ClassVar[Mapping[int, tuple[int, ...]]] = {2: (0, 1)}
    _state_fields: ClassVar[tuple[str, ...]] = (*Game._state_fields, "area", "scored")

    def perft(self, depth: int) -> int:
        return perft(self, depth)

    def _init_state(self) -> None:
        assert isinstance(self.options, OlixOptions)
        self.lines: dict[str, tuple[int, ...]] = self.options.lines()
        self.area: Area = {kind: (NO_SPACE, ()) for kind in KINDS}
        self.scored: list[Scored] = []

    def counters_in_area(self, team: int) -> int:
        """How many counters ``team`` has in the scoring area."""
        return len(ranking(self.area, team))

    def _after_place(self, seat: int, team: int, hole: Hole, at: float) -> None:
        found = patterns_at(self.men[team], hole)
        winning = False
        for kind in KINDS:
            if kind not in found:
                continue
            pattern, line = found[kind], self.lines[kind]
            rank = space_for(line, pattern.value)
            top, teams = self.area[kind]
            kept = NO_SPACE < rank < len(line) and rank >= top
            if kept and rank > top:
                self.area[kind] = (rank, (team,))
            elif kept and team not in teams:
                self.area[kind] = (rank, (*teams, team))
            winning = winning or rank == len(line)
            self.scored.append(Scored(team, pattern, self.placements, rank, kept))
            self._emit(
                PatternScored(
                    seat=seat,
                    team=team,
                    pattern=kind,
                    value=pattern.value,
                    holes=pattern.cells,
                    space=line[rank] if NO_SPACE < rank < len(line) else None,
                    kept=kept,
                    beyond=rank == len(line),
                )
            )
        if winning:
            self._finish(team, "super-pattern")
        else:
            self._end_placement(seat)

    def _nobody_can_place(self, reason: str) -> None:
        self._finish(leader(self.area), reason)

    def _json_extra(self) -> dict[str, Any]:
        return {
            "scoring": [
                {
                    "pattern": kind,
                    "line": list(self.lines[kind]),
                    "top": None
                    if self.area[kind][0] == NO_SPACE
                    else self.lines[kind][self.area[kind][0]],
                    "teams": sorted(self.area[kind][1]),
                }
                for kind in KINDS
            ],
            "area_counters": [self.counters_in_area(team) for team in range(self.teams)],
            "patterns": [self._pattern_json(entry) for entry in self.scored],
            "last_patterns": [
                self._pattern_json(entry)
                for entry in self.scored
                if entry.serial == self.placements
            ],
        }

    def _pattern_json(self, entry: Scored) -> dict[str, Any]:
        return {
            "team": entry.team,
            "pattern": entry.pattern.kind,
            "value": entry.pattern.value,
            "holes": self._names(entry.pattern.cells),
            "kept": entry.kept,
        }


def super_pattern(own: Bitboard, cell: int, ends: dict[str, int]) -> bool:
    """Whether ``own``'s counter on ``cell`` makes a pattern worth more than ``ends[kind]``, the
    last space of its scoring line (``own`` includes ``cell``)."""
    return any(pattern.value > ends[kind] for kind, pattern in patterns_at(own, cell).items())


def perft(game: Olix, depth: int) -> int:
    """Leaf count of the placement tree ``depth`` plies deep from ``game``'s position.

    A placement that makes a super-pattern, or fills the grid, ends the game: that branch is one
    leaf. Placements only (no concessions, no supply limit); the last ply is bulk-counted.

    >>> from engine.variants import new_game
    >>> perft(new_game("olix"), 2)
    14520
    """
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0: {depth}")
    if game.game_over or depth == 0:
        return 1
    ends = {kind: line[-1] for kind, line in game.lines.items()}
    return _perft(list(game.men), game.to_move, game.occupied, depth, ends, game.board_mask)


def _perft(
    boards: list[Bitboard],
    seat: int,
    occupied: Bitboard,
    depth: int,
    ends: dict[str, int],
    full: Bitboard,
) -> int:
    empty = full & ~occupied
    if depth == 1:
        return popcount(empty)
    own = boards[seat]
    total = 0
    for cell in scan_forward(empty):
        mine = own | 1 << cell
        after = occupied | 1 << cell
        if after == full or super_pattern(mine, cell, ends):
            total += 1
            continue
        boards[seat] = mine
        total += _perft(boards, 1 - seat, after, depth - 1, ends, full)
    boards[seat] = own
    return total
