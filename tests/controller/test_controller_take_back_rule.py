"""The take-back rule on its own (``controller.core.take_back``): how many moves Undo takes back,
and when it says no, read from the game's history."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from controller.core.take_back import NO_PERSON, NOTHING, Hands, moves_to_take_back
from controller.errors import NotNow
from engine.errors import FlixError
from engine.flip4 import Flip4
from engine.game import Action, Game, Phase
from engine.variants import new_game

PERSON_VS_COMPUTER: Callable[[int], Hands] = {0: Hands.PERSON, 1: Hands.COMPUTER}.__getitem__
PERSON_VS_REMOTE: Callable[[int], Hands] = {0: Hands.PERSON, 1: Hands.REMOTE}.__getitem__


def people(seat: int) -> Hands:
    return Hands.PERSON


def jumped() -> Flip4:
    """Seat 0 steps b2 into the corner a1 and lands on e3; then seat 1 throws and steps."""
    game = new_game("flip4", players=2, seed=5, options={"position": "b2 c3 b1 d1 / a3 a4 b5 c5"})
    assert isinstance(game, Flip4)
    game.roll("4/3")
    game.move("b2", "a1")
    game.place("e3")
    for first in range(1, 7):
        for second in range(1, 7):
            try:
                game.roll(f"{first}/{second}")
            except FlixError:
                continue
            if game.phase == Phase.AWAIT_MOVE and game.to_move == 1:
                source = next(s for s in range(25) if game.reach >> s & 1)
                target = next(t for t in range(25) if game.targets(source) >> t & 1)
                game.apply(Action("move", hole=source, to=target))
                return game
            game.pop()
    raise AssertionError("no throw lets seat 1 step")


def test_a_corner_jump_goes_back_whole_with_the_computers_step_after_it() -> None:
    game = jumped()
    assert moves_to_take_back(game, PERSON_VS_COMPUTER) == 3  # its step, the landing, the step in


def test_with_people_in_every_seat_the_last_move_goes_back_and_a_landing_with_its_step() -> None:
    game = jumped()
    assert moves_to_take_back(game, people) == 1
    game.pop()  # seat 1's step
    game.pop()  # its throw
    assert moves_to_take_back(game, people) == 2


def test_a_remote_seats_move_after_mine_is_not_taken_back_from_here() -> None:
    with pytest.raises(NotNow, match="player 2 has moved since on the other board"):
        moves_to_take_back(jumped(), PERSON_VS_REMOTE)


def test_nothing_of_a_persons_or_nothing_at_all_is_refused_in_words() -> None:
    game: Game = new_game("qubic", players=2)
    with pytest.raises(NotNow, match=f"^{NOTHING}$"):
        moves_to_take_back(game, PERSON_VS_COMPUTER)
    game.place(0)  # seat 0 is the computer's here
    with pytest.raises(NotNow) as refused:
        moves_to_take_back(game, {0: Hands.COMPUTER, 1: Hands.PERSON}.__getitem__)
    assert str(refused.value) == NO_PERSON
