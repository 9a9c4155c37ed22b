"""The demo's lines: the public events of a game, told one line per move, with the computer's
reasons.

Only public events are told (never an uncalled line, never a token's value before the game is
scored). A computer's reason is announced before its Man is seen on the board, but after its roll
or call is carried out: ``Narrator.lines`` takes the events of one stretch of the game, in which a
roll or a call always comes with its announcement, and puts each reason on its move's line.
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.computer.player import BOARD_MOVES, CALL_WORDS
from controller.core.state import Heard, given

ROLL_WORDS = "rolls the dice"
"""How a computer's roll is announced (left out of the reason shown)."""
TOLD_AFTER = {"roll": ROLL_WORDS, **CALL_WORDS}
"""Actions announced after their game event, with the words a reason may start with."""


@dataclass
class Line:
    """A line to print; ``awaits`` ``(seat, action)`` of the announcement with its reason."""

    text: str
    awaits: tuple[int, str] | None = None


class Narrator:
    """Turns public events into lines for a game of the teams ``names``."""

    def __init__(self, names: tuple[str, ...], team_of_seat: tuple[int, ...]) -> None:
        self.names = names
        self.team_of_seat = team_of_seat
        self._reasons: dict[tuple[int, str], str] = {}

    def lines(self, events: list[Heard]) -> list[str]:
        """The lines told by ``events`` (one stretch of the game, in order)."""
        told: list[Line] = []
        for event in events:
            if event.secret:
                continue
            kind = event.type
            if kind == "computer":
                self._announced(event, told)
            elif kind == "token_attached":
                self._token(event, told)
            else:
                told.extend(self._told(event))
        return [line.text for line in told]

    def _team(self, event: Heard) -> str:
        team: int = (
            event.team if event.team is not None else self.team_of_seat[given(_seat(event), "seat")]
        )
        return self.names[team]

    def _announced(self, event: Heard, told: list[Line]) -> None:
        seat, action, reason = given(_seat(event), "seat"), str(event.action), str(event.reason)
        why = _why(reason, TOLD_AFTER.get(action, ""))
        for line in told:
            if line.awaits == (seat, action):
                line.text += why
                line.awaits = None
                return
        if action in BOARD_MOVES:
            self._reasons[(seat, action)] = reason

    def _token(self, event: Heard, told: list[Line]) -> None:
        placed = f"places a Man in {event.hole}"
        for line in reversed(told):
            if placed in line.text:
                line.text = line.text.replace(placed, f"{placed} with a hidden token", 1)
                return

    def _board_move(self, event: Heard, words: str) -> Line:
        reason = self._reasons.pop((_seat(event), event.type), "")
        return Line(f"{self._team(event)} {words}{_why(reason, '')}")

    def _told(self, event: Heard) -> list[Line]:
        kind = event.type
        team = self._team(event) if event.seat is not None or event.team is not None else ""
        if kind == "roll":
            return [Line(f"{team} rolls {event.throw}", (_seat(event), "roll"))]
        if kind == "place":
            return [self._board_move(event, f"places a Man in {event.hole}")]
        if kind in ("move", "corner"):  # Flip 4: applied first, the reason follows
            words = f"moves {event.hole} to {event.to}"
            return [Line(f"{team} {words}", (_seat(event), "move"))]
        if kind in ("jump", "flip"):
            words = (
                f"lands on {event.to}"
                if event.corner is not None
                else (f"moves {event.hole} to {event.to}")
            )
            if kind == "flip":
                words += f", flipping with {self.names[given(event.opponent, 'opponent')]}"
            return [
                Line(
                    f"{team} {words}",
                    (_seat(event), "place" if event.corner is not None else "move"),
                )
            ]
        if kind == "substitute":
            words = f"seats a Burocrat in place of its Man on {event.hole}"
            return [self._board_move(event, words)]
        if kind == "withdraw":
            return [self._board_move(event, f"withdraws its Man from {event.hole}")]
        if kind == "scored":
            lines = "; ".join(" ".join(line) for line in event.lines)
            if event.how == "call":
                return [Line(f"{team} calls FLIX! {lines} scores", (_seat(event), "call"))]
            return [Line(f"{team} completes {lines}")]
        if kind == "penalty":
            against, line = self.names[given(event.against, "against")], " ".join(event.line)
            text = f"{team} calls PENALTY on {against}'s {line}"
            return [Line(text, (_seat(event), "penalty"))]
        if kind == "block_requested":
            mover = self.names[self.team_of_seat[given(event.mover, "mover")]]
            text = f"{team} asks {mover} to block "
            return [Line(text + str(event.hole), (_seat(event), "request_block"))]
        return [Line(text) for text in self._other(event, team)]

    def _other(self, event: Heard, team: str) -> list[str]:
        kind = event.type
        if kind == "turn_lost":
            return [f"{team} loses the turn: {event.reason}"]
        if kind == "free_throws":
            return [f"{team} gets {event.added} free throws"]
        if kind == "opponent_anywhere":
            chooser = self.names[self.team_of_seat[given(event.opponent, "opponent")]]
            return [f"{chooser} may put a Man anywhere"]
        if kind == "burocrats_won":
            count = event.count
            return [f"{team} wins {'a Burocrat' if count == 1 else f'{count} Burocrats'}"]
        if kind == "buroline":
            return [f"{team} completes a line of Burocrats {' '.join(event.line)}"]
        if kind == "payoff":
            values = " ".join(str(value) for value in event.values)
            return [f"{team} is paid {event.value} (the Men are worth {values})"]
        if kind in ("computer_refused", "computer_error"):
            return [f"the computer's move was not made: {event.reason}"]
        return []


def _seat(event: Heard) -> int:
    return given(event.seat, "seat")


def _why(reason: str, said: str) -> str:
    """``: reason`` without the words the line already says; empty when nothing is left."""
    rest = reason.removeprefix(said).lstrip(": ") if said else reason
    return f": {rest}" if rest else ""
