"""Lucky Flix (RULES.md §3-4): the dice say where to place; a called line wins at once.

>>> from engine.variants import new_game
>>> game = new_game("lucky", players=2, seed=1)
>>> [e.type for e in game.roll("yellow/II/hearts")], game.allowed == 1 << 21
(['roll'], True)
>>> [e.type for e in game.place("Y-II-H")]
['place', 'turn']
>>> game.to_move, str(game.phase)
(1, 'await_roll')

The option ``dice_faces`` gives the dice other faces (RULES.md §4 leaves them an assumption):

>>> game = new_game("lucky", seed=1, options={"dice_faces": {"colour": ["red", "win", "win"]}})
>>> game.dice[0]
('red', 'win', 'win')
>>> game.roll("flix/II/hearts")
Traceback (most recent call last):
...
engine.errors.IllegalRoll: not a throw: 'flix/II/hearts' ('flix' is not a face of the colour \
die: red win win)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from engine.bitboard import popcount
from engine.dice import (
    DIE_NAMES,
    FREE_THROWS_GRANTED,
    Dice,
    dice_from_setting,
    parse_throw,
    read_throw,
    throw_dice,
)
from engine.errors import IllegalRoll
from engine.events import FreeThrows, FreeThrowsEnded, OpponentAnywhere, Rolled, Turn, TurnLost
from engine.game import Action, Game, Options, Phase
from engine.phrase import N_, why


@dataclass(frozen=True)
class LuckyOptions(Options):
    """Lucky Flix settings: ``dice_faces`` (``None``: the default dice; else a mapping
    ``{"colour"|"floor"|"suit": [faces]}``, a die left out keeping its six default faces; stored
    with all three dice, faces spelled canonically)."""

    dice_faces: Mapping[str, Sequence[str]] | None = field(default=None, hash=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.dice_faces is not None:
            dice = dice_from_setting(self.dice_faces)
            object.__setattr__(self, "dice_faces", dict(zip(DIE_NAMES, dice, strict=True)))

    @property
    def dice(self) -> Dice:
        """The faces of the colour, floor and suit die."""
        return dice_from_setting(self.dice_faces)


class LuckyFlix(Game):
    """Three dice choose the holes; free throws; FFF passes a placement to the left."""

    variant: ClassVar[str] = "lucky"
    rank: ClassVar[int] = 1
    uses_dice: ClassVar[bool] = True
    uses_calls: ClassVar[bool] = True
    options_class: ClassVar[type[Options]] = LuckyOptions

    def _init_state(self) -> None:
        assert isinstance(self.options, LuckyOptions)
        self.dice: Dice = self.options.dice

    def _act_roll(self, action: Action) -> None:
        seat = self.to_move
        if self.phase != Phase.AWAIT_ROLL:
            raise IllegalRoll(
                why(
                    "player {number} cannot roll now (phase {phase})",
                    number=seat + 1,
                    phase=self.phase,
                )
            )
        if action.throw is None:
            throw = throw_dice(self._rng, self.dice)
        else:
            throw = parse_throw(action.throw, self.dice)
        free = self.free_throws > 0
        if free:
            self.free_throws -= 1
        reading = read_throw(throw, self.layout)
        self.last_throw = throw
        self._emit(
            Rolled(
                seat=seat,
                throw=str(throw),
                reading=reading.kind,
                holes=reading.holes,
                lit=popcount(reading.holes & ~self.occupied),
                free=free,
                drawn=action.throw is None,
            )
        )
        if reading.kind == "free_throws":
            self.free_throws += FREE_THROWS_GRANTED
            self._emit(FreeThrows(seat=seat, added=FREE_THROWS_GRANTED, left=self.free_throws))
            self._emit(Turn(seat=seat, phase=str(self.phase), free_throws=self.free_throws))
        elif reading.kind == "opponent_anywhere":
            if self.free_throws:
                self._emit(FreeThrowsEnded(seat=seat, dropped=self.free_throws))
                self.free_throws = 0
            opponent = self.next_seat(seat)
            self._emit(OpponentAnywhere(seat=seat, opponent=opponent))
            if self.supply[self.team_of_seat[opponent]] > 0:
                self.to_move = opponent
                self.phase = Phase.AWAIT_PLACE
                self.reach = reading.holes
                self._emit(Turn(seat=opponent, phase=str(self.phase), free_throws=0))
            else:
                self._emit(TurnLost(seat=opponent, reason=N_("no Men in supply")))
                self._start_turn(self.next_seat(opponent))
        elif reading.holes & ~self.occupied:
            self.phase = Phase.AWAIT_PLACE
            self.reach = reading.holes
        else:
            self._emit(TurnLost(seat=seat, reason=N_("every allowed hole is occupied")))
            self._continue(seat)

    def _end_placement(self, seat: int) -> None:
        self._continue(seat)

    def _continue(self, seat: int) -> None:
        """After a throw is played or lost: the next free throw, or the dice pass on."""
        if self.free_throws > 0 and self.supply[self.team_of_seat[seat]] > 0:
            self.phase = Phase.AWAIT_ROLL
            self.reach = 0
            self._emit(Turn(seat=seat, phase=str(self.phase), free_throws=self.free_throws))
        else:
            self._start_turn(self.next_seat(seat))
