"""What the page is told instead of knowing the rules: which parts a game uses, how people name
its seats, what each button may do now, the dice of this turn, the last move, the call window.

>>> from engine.variants import new_game
>>> game = new_game("qubic", players=3)
>>> facts = Facts(game, ready=True, computer_seats=(), hints=True)
>>> sorted(name for name, used in facts.uses().items() if used)
['uses_lines']
>>> sorted(name for name, allowed in facts.actions().items() if allowed)
['block', 'hint', 'new_game', 'resign']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from controller.core.state import CallWindow
from engine.events import Placed, Rolled
from engine.game import Game, Phase, player

HINT_PHASES = frozenset(
    {
        Phase.AWAIT_ROLL,
        Phase.AWAIT_PLACE,
        Phase.SUBSTITUTE,
        Phase.WITHDRAW,
        Phase.AWAIT_MOVE,
        Phase.AWAIT_JUMP,
    }
)
"""Phases in which a hint can say what the seat to move does."""


class Uses(TypedDict):
    """Which parts of the board the game uses."""

    uses_dice: bool
    uses_calls: bool
    uses_tokens: bool
    uses_burocrats: bool
    uses_lines: bool


@dataclass(frozen=True)
class Facts:
    """The facts of ``game``: ``ready`` when the board answers and matches the game,
    ``computer_seats`` the seats the computer plays, ``hints`` whether this game offers them,
    ``takes_back`` whether Undo has a move of a person at this board to take back."""

    game: Game
    ready: bool
    computer_seats: Sequence[int]
    hints: bool
    takes_back: bool = False

    def uses(self) -> Uses:
        """Which parts of the board the game uses (calls: FLIX and PENALTY buttons; lines: lines
        of four, so threats to show)."""
        game = self.game
        return {
            "uses_dice": game.uses_dice,
            "uses_calls": game.uses_calls and not game.options.auto_call,
            "uses_tokens": game.uses_tokens,
            "uses_burocrats": game.uses_burocrats,
            "uses_lines": bool(game.lines_through),
        }

    def seat_labels(self, team_names: Sequence[str]) -> list[str]:
        """Each seat as people say it, numbered from 1: ``Red (player 1)``."""
        teams = self.game.team_of_seat
        return [
            f"{team_names[team % len(team_names)]} ({player(seat)})"
            for seat, team in enumerate(teams)
        ]

    def actions(self) -> dict[str, bool]:
        """What each button may do now (the server still checks every order)."""
        game = self.game
        playing = not game.game_over
        person = game.to_move not in self.computer_seats
        # FLIX and PENALTY concern the last placement: none before the first Man.
        placed = any(action.kind == "place" for action in game.actions)
        calls = self.uses()["uses_calls"] and playing and placed
        token_mode = game.uses_tokens and not getattr(game, "physical_tokens", True)
        return {
            "roll": game.uses_dice
            and playing
            and self.ready
            and person
            and game.phase == Phase.AWAIT_ROLL,
            "flix": calls,
            "penalty": calls,
            "block": playing and bool(getattr(game, "block_rule", False)),
            "undo": playing and self.takes_back,
            "resign": playing,
            "hint": self.hints and playing and self.ready and person and game.phase in HINT_PHASES,
            "token": token_mode and playing and person and game.phase == Phase.AWAIT_PLACE,
            "enter_token": playing and game.phase == Phase.AWAIT_TOKENS and not token_mode,
            "new_game": True,
        }

    def current_throw(self) -> str | None:
        """The dice of the turn being played: the last roll while its thrower is still to move
        and has not placed since; ``None`` once the turn has passed."""
        for event in reversed(self.game.events):
            match event:
                case Placed():
                    return None
                case Rolled(seat=seat, throw=thrown):
                    return thrown if seat == self.game.to_move else None
        return None

    def last_move(self) -> int | None:
        """The hole of the last piece placed (public: everyone saw the hand)."""
        for action in reversed(self.game.actions):
            if action.kind in ("place", "substitute") and action.hole is not None:
                return action.hole
        return None

    def call_deadline(self) -> float | None:
        """Game time at which the call window of the last placement closes, while FLIX calls
        are taken; ``None`` without calls, before the first placement, or after the game. Every
        placement opens it, whether or not it completed a line: the window tells nothing."""
        game = self.game
        if not self.uses()["uses_calls"] or game.game_over:
            return None
        for action in reversed(game.actions):
            if action.kind == "place":
                return action.at + game.options.call_window
        return None

    def call_window(self, game_time: float) -> CallWindow | None:
        """The call window at ``game_time``: its length and the seconds left while it is open,
        else ``None``."""
        deadline = self.call_deadline()
        if deadline is None or deadline <= game_time:
            return None
        seconds = self.game.options.call_window
        return CallWindow(seconds, round(min(seconds, deadline - game_time), 3))

    def last_move_name(self) -> str | None:
        """The hole (or cell) of the last move, by name, or ``None``."""
        last = self.last_move()
        return None if last is None else self.game.naming.name(last)
