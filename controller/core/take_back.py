"""Undo as a person means it: take back my move, with every reply after it.

A take-back goes back to the last move (a placement, or a Flip 4 step with its corner landing)
of a seat played by a person at this board, and takes back every move after it: the computer's
replies. Each move taken back is one journal ``undo`` entry (``controller.core.game_log``), so
a journal, a resumed game and a joined board replay it move by move. A seat played from another
board (remote play) is nobody's to take back from here: a take-back that would reach over its
move is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from controller.core.game_log import BOARD_ACTIONS
from controller.errors import NotNow
from engine.game import Game, Phase, player
from engine.phrase import why


class Hands(Enum):
    """Who plays a seat, as a take-back sees it."""

    PERSON = "a person at this board"
    COMPUTER = "the computer"
    REMOTE = "the other board"


NOTHING = why("nothing to take back: no piece has been placed or moved")
NO_PERSON = why(
    "nothing to take back: no person at this board has placed or moved a piece yet "
    "(the computer's moves are taken back only with a person's)"
)


def moves_to_take_back(game: Game, hands: Callable[[int], Hands]) -> int:
    """How many moves (journal ``undo`` entries) take the game back to before the last move of
    a person at this board; ``NotNow`` in words when none can be: nothing placed, no person's
    move, or a remote seat's move after it."""
    moves = 0
    for index in range(len(game.actions) - 1, -1, -1):
        if game.actions[index].kind not in BOARD_ACTIONS:
            continue
        phase, seat = game.before(index)
        moves += 1
        who = hands(seat)
        if who is Hands.REMOTE:
            raise NotNow(
                why(
                    "{player} has moved since on the other board: a remote game takes back "
                    "only this board's own last move, before the other side has answered it",
                    player=player(seat),
                )
            )
        if who is Hands.PERSON and phase != Phase.AWAIT_JUMP:
            return moves  # a corner landing goes back with the step into the corner
    raise NotNow(NO_PERSON if moves else NOTHING)
