"""Qubic, Parker Brothers' 3-D Tic Tac Toe (RULES.md §7), and its fast bitboard search helpers.

Any empty hole; the first team with four in a line wins at once; a full board is a draw. With
three individual players, a seat may ask the mover to block the open three formed first, when
both other players have one.

>>> from engine.variants import new_game
>>> game = new_game("qubic")
>>> perft(game, 2)
4032
"""

from __future__ import annotations

import random
from typing import ClassVar

from engine.bitboard import BB_ALL, Bitboard, bit, popcount, scan_forward
from engine.errors import IllegalAction
from engine.events import BlockRequested
from engine.game import Action, Game, Phase, player
from engine.holes import Hole, name
from engine.lines import LINES_THROUGH
from engine.phrase import why


class Qubic(Game):
    """Qubic: no dice, no calls; ``open_threes`` maps line -> (team, placement serial)."""

    variant: ClassVar[str] = "qubic"
    rank: ClassVar[int] = 2
    perft_depth: ClassVar[int] = 4
    """Perft 4 from the empty board counts 15,249,024 leaves in about 0.2 s here; perft 5 takes
    some 60 times as long: deeper runs are refused rather than blocking the protocol."""
    default_men_per_team: ClassVar[int | None] = None
    _state_fields: ClassVar[tuple[str, ...]] = (*Game._state_fields, "open_threes")

    def perft(self, depth: int) -> int:
        return perft(self, depth)

    def _init_state(self) -> None:
        self.open_threes: dict[Bitboard, tuple[int, int]] = {}

    @property
    def block_rule(self) -> bool:
        """Whether block requests apply: three individual players."""
        return self.players == 3

    def _after_place(self, seat: int, team: int, hole: Hole, at: float) -> None:
        own = self._line_pieces(team)
        occupied = self.occupied
        for line in LINES_THROUGH[hole]:
            if line in self.open_threes:
                del self.open_threes[line]
            elif popcount(line & own) == 3 and line & occupied == line & own:
                self.open_threes[line] = (team, self.placements)
        super()._after_place(seat, team, hole, at)

    def first_open_three(self, mover_team: int) -> tuple[Bitboard, int] | None:
        """The open three of another team formed first, as ``(line, team)``, or ``None``."""
        others = [
            (serial, line, team)
            for line, (team, serial) in self.open_threes.items()
            if team != mover_team
        ]
        if not others:
            return None
        _, line, team = min(others)
        return line, team

    def _act_request_block(self, action: Action) -> None:
        seat = self._seat(action.seat)
        mover = self.to_move
        if not self.block_rule:
            raise IllegalAction(
                why(
                    "block requests apply only to 3 individual players, not {players}",
                    players=self.players,
                )
            )
        if seat == mover:
            raise IllegalAction(
                why("{player} is the mover and cannot request a block", player=player(seat))
            )
        if self.phase != Phase.AWAIT_PLACE:
            raise IllegalAction(why("no placement is due (phase {phase})", phase=self.phase))
        if popcount(self.reach) == 1:
            raise IllegalAction(why("{player} is already required to block", player=player(mover)))
        mover_team = self.team_of_seat[mover]
        holders = {team for team, _ in self.open_threes.values() if team != mover_team}
        if len(holders) < self.teams - 1:
            raise IllegalAction(
                why(
                    "{player} need not block: not every other player has an open three",
                    player=player(mover),
                )
            )
        first = self.first_open_three(mover_team)
        assert first is not None
        line, owner = first
        hole = next(scan_forward(line & ~self.occupied))
        self.reach = bit(hole)
        self._emit(BlockRequested(seat=seat, mover=mover, against=owner, line=line, hole=hole))

    def _json_extra(self) -> dict[str, object]:
        if not self.block_rule:
            return {}
        return {
            "open_threes": [
                [team, [name(h, self.layout) for h in scan_forward(line)]]
                for line, (team, _) in sorted(self.open_threes.items(), key=lambda kv: kv[1][1])
            ]
        }


def perft(game: Game, depth: int) -> int:
    """Leaf count of the placement tree ``depth`` plies deep from ``game``'s position.

    A placement that completes a line, or fills the board, ends the game: that branch is one
    leaf. Placements only (no block requests, no supply limit); the last ply is bulk-counted.
    """
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0: {depth}")
    if game.game_over or depth == 0:
        return 1
    boards = [game.pieces(team) for team in range(game.teams)]
    return _perft(boards, game.team_of_seat, game.to_move, game.occupied, depth)


def _perft(
    boards: list[Bitboard], seats: tuple[int, ...], seat: int, occupied: Bitboard, depth: int
) -> int:
    empty = ~occupied & BB_ALL
    if depth == 1:
        return popcount(empty)
    team = seats[seat]
    own = boards[team]
    following = (seat + 1) % len(seats)
    total = 0
    while empty:
        low = empty & -empty
        empty ^= low
        hole = low.bit_length() - 1
        mine = own | low
        after = occupied | low
        for line in LINES_THROUGH[hole]:
            if mine & line == line:
                total += 1
                break
        else:
            if after == BB_ALL:
                total += 1
                continue
            boards[team] = mine
            total += _perft(boards, seats, following, after, depth - 1)
    boards[team] = own
    return total


def playout(rng: random.Random, seats: tuple[int, ...] = (0, 1)) -> int:
    """One uniformly random game from the empty board: the winning team, or -1 (full board).

    >>> playout(random.Random(3)) in (-1, 0, 1)
    True
    """
    draw = rng.random
    lines_through = LINES_THROUGH
    empties = list(range(64))
    boards = [0] * (max(seats) + 1)
    players = len(seats)
    seat = 0
    for left in range(64, 0, -1):
        pick = int(draw() * left)
        hole = empties[pick]
        empties[pick] = empties[left - 1]
        team = seats[seat]
        own = boards[team] | 1 << hole
        boards[team] = own
        for line in lines_through[hole]:
            if own & line == line:
                return team
        seat = seat + 1 if seat + 1 < players else 0
    return -1
