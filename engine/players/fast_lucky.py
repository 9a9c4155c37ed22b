"""A fast Lucky Flix simulation on bitboards, for playouts to the end of a game.

Only what decides a Lucky game is kept: each team's pieces and supply, the seat to throw, the
free throws left. A completed line is taken as called at once (it wins); calls, penalties and
times are left out. Throws are drawn from the game's own dice, every combination of faces
equally likely, exactly as :func:`engine.dice.throw_dice` draws them.

>>> from engine.variants import new_game
>>> import random
>>> sim = LuckySim.from_game(new_game("lucky", seed=3))
>>> sim.playout(0, 0, random.Random(1), greedy=True) in (-1, 0, 1)
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction

from engine.bitboard import BB_ALL, Bitboard
from engine.dice import DICE, Dice, all_throws, read_throw
from engine.game import Game
from engine.holes import Layout
from engine.lines import LINES, LINES_THROUGH
from engine.lucky import LuckyFlix
from engine.players.line_search import threats

HOLES_KIND = 0
"""A throw that allows holes for the thrower (1, 4, 16 or all 64)."""
FREE_KIND = 1
"""A throw that grants free throws."""
OPPONENT_KIND = 2
"""``flix flix flix``: the seat on the left places anywhere."""
DRAW = -1
"""The result of a playout that nobody wins."""

_ALL_HOLES: tuple[int, ...] = tuple(range(64))


@dataclass(frozen=True)
class ThrowTable:
    """Every equally likely throw of a set of dice, read for one layout: ``kinds[i]``,
    ``masks[i]`` (allowed holes) and ``holes[i]`` (the same as a tuple)."""

    kinds: tuple[int, ...]
    masks: tuple[Bitboard, ...]
    holes: tuple[tuple[int, ...], ...]
    _reach: dict[Bitboard, float] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def build(cls, dice: Dice, layout: Layout) -> ThrowTable:
        """The table of ``dice`` under ``layout``."""
        kinds: list[int] = []
        masks: list[Bitboard] = []
        holes: list[tuple[int, ...]] = []
        for throw in all_throws(dice):
            reading = read_throw(throw, layout)
            kind = {"free_throws": FREE_KIND, "opponent_anywhere": OPPONENT_KIND}.get(
                reading.kind, HOLES_KIND
            )
            kinds.append(kind)
            masks.append(reading.holes)
            holes.append(tuple(h for h in _ALL_HOLES if reading.holes >> h & 1))
        return cls(tuple(kinds), tuple(masks), tuple(holes))

    def chance_to_reach(self, targets: Bitboard) -> Fraction:
        """The chance that one throw lets its thrower place in one of ``targets``."""
        hits = sum(
            1
            for kind, mask in zip(self.kinds, self.masks, strict=True)
            if kind == HOLES_KIND and mask & targets
        )
        return Fraction(hits, len(self.kinds))

    def reach(self, targets: Bitboard) -> float:
        """:meth:`chance_to_reach` as a float, remembered per set of targets."""
        chance = self._reach.get(targets)
        if chance is None:
            chance = self._reach[targets] = float(self.chance_to_reach(targets))
        return chance

    def chance_of(self, kind: int) -> float:
        """The chance that one throw is of ``kind``."""
        return self.kinds.count(kind) / len(self.kinds)


CHOOSY = True
"""Greedy playouts weigh two random holes and keep the one on more open lines."""


def _openness(hole: int, own: Bitboard, theirs: Bitboard) -> int:
    """Lines through ``hole`` free of other teams' pieces, each counted with its own pieces."""
    total = 0
    for line in LINES_THROUGH[hole]:
        if not line & theirs:
            total += 1 + (line & own).bit_count()
    return total


THREAT_WEIGHT = 0.4
"""How much the square root of a team's completing holes weighs in :meth:`LuckySim.odds`."""
LATER = 0.7
"""The share of that weight for the team throwing after the thrower (who may block first)."""
OPEN_WEIGHT = 0.05
"""How much one open line of two Men more than the other team weighs there."""


def _open_pairs(pieces: list[Bitboard], team: int) -> int:
    """Lines with exactly two of ``team``'s Men and no other piece."""
    own = pieces[team]
    theirs = 0
    for other, other_pieces in enumerate(pieces):
        if other != team:
            theirs |= other_pieces
    return sum(1 for line in LINES if not line & theirs and (line & own).bit_count() == 2)


def dice_of(game: Game) -> Dice:
    """The dice ``game`` is played with (the default dice for a game without its own)."""
    return game.dice if isinstance(game, LuckyFlix) else DICE


def table_of(game: Game) -> ThrowTable:
    """The throw table of ``game``'s dice and layout."""
    return ThrowTable.build(dice_of(game), game.layout)


def _with_placed(
    threats: list[Bitboard], pieces: list[Bitboard], team: int, hole: int
) -> list[Bitboard]:
    """``threats`` after ``team`` placed at ``hole`` (``pieces`` already holds it)."""
    mask = 1 << hole
    result = [team_threats & ~mask for team_threats in threats]
    occupied = 0
    for team_pieces in pieces:
        occupied |= team_pieces
    own = pieces[team]
    for line in LINES_THROUGH[hole]:
        mine = line & own
        if mine.bit_count() == 3 and not (line ^ mine) & occupied:
            result[team] |= line ^ mine
    return result


class LuckySim:
    """A Lucky Flix position to play out: pieces and supply per team, seats and their teams."""

    __slots__ = ("next_of", "pieces", "supply", "table", "team_of_seat", "teams", "threats")

    def __init__(
        self,
        table: ThrowTable,
        team_of_seat: tuple[int, ...],
        next_of: tuple[int, ...],
        pieces: list[Bitboard],
        supply: list[int],
    ) -> None:
        self.table = table
        self.team_of_seat = team_of_seat
        self.next_of = next_of
        self.teams = len(pieces)
        self.pieces = pieces
        self.supply = supply
        occupied = 0
        for team_pieces in pieces:
            occupied |= team_pieces
        self.threats = [threats(team_pieces, occupied) for team_pieces in pieces]

    @classmethod
    def from_game(cls, game: Game, table: ThrowTable | None = None) -> LuckySim:
        """The position of ``game`` (resigned teams have no supply: their seats are skipped)."""
        if table is None:
            table = table_of(game)
        supply = [0 if team in game.resigned else game.supply[team] for team in range(game.teams)]
        next_of = tuple(game.next_seat(seat) for seat in range(game.players))
        pieces = [game.pieces(team) for team in range(game.teams)]
        return cls(table, game.team_of_seat, next_of, pieces, supply)

    def completes(self, team: int, hole: int) -> bool:
        """Whether ``team`` placing at ``hole`` completes a line."""
        own = self.pieces[team] | 1 << hole
        return any(own & line == line for line in LINES_THROUGH[hole])

    def _placed(
        self, seat: int, hole: int, free: int
    ) -> tuple[list[Bitboard], list[int], list[Bitboard], int, int]:
        """Pieces, supply and completing holes after ``seat`` placed at ``hole``, and the seat to
        throw next with its free throws."""
        team = self.team_of_seat[seat]
        pieces = list(self.pieces)
        pieces[team] |= 1 << hole
        supply = list(self.supply)
        supply[team] -= 1
        made = _with_placed(self.threats, pieces, team, hole)
        if not (free > 0 and supply[team] > 0):
            seat, free = self.next_of[seat], 0
        return pieces, supply, made, seat, free

    def after_place(
        self,
        seat: int,
        hole: int,
        free: int,
        rng: random.Random,
        greedy: bool,
        place_rng: random.Random | None = None,
        take_wins: bool = True,
    ) -> int:
        """Play out the game after ``seat`` places at ``hole`` with ``free`` throws left.

        Returns the winning team or :data:`DRAW`. ``rng`` draws the throws and, unless
        ``place_rng`` is given, the random placements too; ``greedy`` and ``take_wins`` as in
        :meth:`playout`.
        """
        team = self.team_of_seat[seat]
        if self.completes(team, hole):
            return team
        pieces, supply, made, seat, free = self._placed(seat, hole, free)
        policy = (greedy, take_wins)
        return self._run(pieces, supply, made, seat, free, rng, policy, place_rng or rng)

    def odds(self, pieces: list[Bitboard], threats: list[Bitboard], seat: int, team: int) -> float:
        """An estimate of ``team``'s score with ``seat`` about to throw: the exact chances that
        the thrower completes a line with this throw and that the next seat completes one with
        its own (its lines blocked as often as the thrower's dice reach them), the rest scored
        by the completing holes and the open lines of two Men each team keeps."""
        table = self.table
        mover = self.team_of_seat[seat]
        other = self.team_of_seat[self.next_of[seat]]
        if other == mover:
            other = next((t for t in range(self.teams) if t != mover), mover)
        mine, theirs = threats[mover], threats[other]
        free = table.chance_of(FREE_KIND)
        fff = table.chance_of(OPPONENT_KIND) if theirs else 0.0
        now = table.reach(mine) * (1 + free)
        reach_theirs = table.reach(theirs)
        kept = 1 - reach_theirs if theirs & (theirs - 1) == 0 else 1 - reach_theirs / 2
        later = (1 - now - fff) * reach_theirs * kept + fff
        rest = max(0.0, 1 - now - later)
        lead = THREAT_WEIGHT * (math.sqrt(mine.bit_count()) - LATER * math.sqrt(theirs.bit_count()))
        lead += OPEN_WEIGHT * (_open_pairs(pieces, mover) - _open_pairs(pieces, other))
        value = now + rest * (0.5 + 0.5 * math.tanh(lead))
        return value if team == mover else 1 - value

    def playout(
        self, seat: int, free: int, rng: random.Random, greedy: bool, take_wins: bool = True
    ) -> int:
        """Play out the game from ``seat`` about to throw (``free`` throws left).

        ``greedy``: a placer blocks a line of another team when it cannot win; ``take_wins``: a
        placer takes a winning hole the dice allow (else only a random hole that happens to
        complete a line wins).
        """
        policy = (greedy, take_wins)
        pieces, supply, threats = list(self.pieces), list(self.supply), list(self.threats)
        return self._run(pieces, supply, threats, seat, free, rng, policy, rng)

    def _run(
        self,
        pieces: list[Bitboard],
        supply: list[int],
        threats: list[Bitboard],
        seat: int,
        free: int,
        rng: random.Random,
        policy: tuple[bool, bool],
        place_rng: random.Random,
    ) -> int:
        """The playout loop (``threats``: each team's completing holes, updated in place):
        ``rng`` throws, ``place_rng`` picks random holes; ``policy``: (greedy, take_wins) of
        :meth:`playout`."""
        greedy, take_wins = policy
        kinds, masks, holes = self.table.kinds, self.table.masks, self.table.holes
        count = len(kinds)
        team_of, next_of = self.team_of_seat, self.next_of
        teams = self.teams
        occupied = 0
        for team_pieces in pieces:
            occupied |= team_pieces
        draw_index = rng.random
        draw_hole = place_rng.random
        players = len(team_of)
        while True:
            # seat must have Men: skip seats (turn lost) until one has, else a draw
            for _ in range(players):
                if supply[team_of[seat]] > 0:
                    break
                seat = next_of[seat]
                free = 0
            else:
                return DRAW
            if occupied == BB_ALL:
                return DRAW
            index = int(draw_index() * count)
            kind = kinds[index]
            placer = seat
            if free > 0:
                free -= 1
            if kind == FREE_KIND:
                free += 2
                continue
            if kind == OPPONENT_KIND:
                free = 0
                placer = next_of[seat]
                if supply[team_of[placer]] <= 0:
                    seat = next_of[placer]
                    continue
                empty = BB_ALL & ~occupied
                choices = _ALL_HOLES
            else:
                empty = masks[index] & ~occupied
                choices = holes[index]
            if empty:
                team = team_of[placer]
                if take_wins and empty & threats[team]:
                    return team
                hole = -1
                if greedy:
                    blocks = 0
                    for other in range(teams):
                        if other != team:
                            blocks |= threats[other]
                    blocks &= empty
                    if blocks:
                        hole = (blocks & -blocks).bit_length() - 1
                if hole < 0:
                    size = len(choices)
                    while True:
                        hole = choices[int(draw_hole() * size)]
                        if not occupied >> hole & 1:
                            break
                    if greedy and CHOOSY and empty & (empty - 1):
                        while True:
                            second = choices[int(draw_hole() * size)]
                            if not occupied >> second & 1:
                                break
                        if second != hole:
                            own = pieces[team]
                            theirs = occupied & ~own
                            if _openness(second, own, theirs) > _openness(hole, own, theirs):
                                hole = second
                if threats[team] >> hole & 1:
                    return team
                mask = 1 << hole
                occupied |= mask
                own = pieces[team] | mask
                pieces[team] = own
                supply[team] -= 1
                for other in range(teams):
                    threats[other] &= ~mask
                for line in LINES_THROUGH[hole]:
                    mine = line & own
                    if mine.bit_count() == 3:
                        rest = line ^ mine
                        if not rest & occupied:
                            threats[team] |= rest
            if free > 0 and placer == seat and supply[team_of[seat]] > 0:
                pass
            else:
                seat = next_of[placer]
                free = 0
