"""The demo's lines: the public events of a game, told one line per move, with the computer's
reasons.

Only public events are told (never an uncalled line, never a token's value before the game is
scored). A computer's reason is announced before its Man is seen on the board, but after its roll
or call is carried out: ``Narrator.lines`` takes the events of one stretch of the game, in which a
roll or a call always comes with its announcement, and puts each reason on its move's line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from controller.computer import events as computer
from controller.computer.player import BOARD_MOVES, CALL_WORDS
from controller.core import state
from controller.events import Published
from controller.remote import events as remote
from engine import events as game
from engine.bitboard import Bitboard, scan_forward
from engine.holes import Hole, Naming

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
    """Turns public events into lines for a game of the teams ``names`` on a board that names
    its holes by ``naming``."""

    def __init__(
        self, names: tuple[str, ...], team_of_seat: tuple[int, ...], naming: Naming
    ) -> None:
        self.names = names
        self.team_of_seat = team_of_seat
        self.naming = naming
        self._reasons: dict[tuple[int, str], str] = {}

    def lines(self, events: list[Published]) -> list[str]:
        """The lines told by ``events`` (one stretch of the game, in order)."""
        told: list[Line] = []
        for event in events:
            match event:
                case computer.ComputerPlayed():
                    self._announced(event, told)
                case game.TokenAttached(hole=hole):
                    self._token(self._hole(hole), told)
                case _:
                    told.extend(self._told(event))
        return [line.text for line in told]

    def _by(self, seat: int) -> str:
        return self.names[self.team_of_seat[seat]]

    def _hole(self, hole: Hole) -> str:
        return self.naming.name(hole)

    def _holes(self, holes: Bitboard) -> str:
        return " ".join(self.naming.name(hole) for hole in scan_forward(holes))

    def _announced(self, event: computer.ComputerPlayed, told: list[Line]) -> None:
        seat, action, reason = event.seat, event.action, event.reason
        why = _why(reason, TOLD_AFTER.get(action, ""))
        for line in told:
            if line.awaits == (seat, action):
                line.text += why
                line.awaits = None
                return
        if action in BOARD_MOVES:
            self._reasons[(seat, action)] = reason

    def _token(self, hole: str, told: list[Line]) -> None:
        placed = f"places a Man in {hole}"
        for line in reversed(told):
            if placed in line.text:
                line.text = line.text.replace(placed, f"{placed} with a hidden token", 1)
                return

    def _board_move(self, seat: int, action: str, words: str) -> Line:
        reason = self._reasons.pop((seat, action), "")
        return Line(f"{self._by(seat)} {words}{_why(reason, '')}")

    def _told(self, event: Published) -> list[Line]:  # one case per kind
        match event:
            case game.Rolled(seat=seat, throw=thrown):
                return [Line(f"{self._by(seat)} rolls {thrown}", (seat, "roll"))]
            case game.Placed(seat=seat, hole=hole):
                return [self._board_move(seat, "place", f"places a Man in {self._hole(hole)}")]
            case (
                game.Moved(seat=seat, hole=hole, to=to)
                | game.IntoCorner(seat=seat, hole=hole, to=to)
            ):
                # Flip 4: applied first, the reason follows
                words = f"moves {self._hole(hole)} to {self._hole(to)}"
                return [Line(f"{self._by(seat)} {words}", (seat, "move"))]
            case game.Jumped(seat=seat, to=to):
                return [Line(f"{self._by(seat)} lands on {self._hole(to)}", (seat, "place"))]
            case game.Flipped(seat=seat, hole=hole, to=to, opponent=opponent, corner=corner):
                jumped = isinstance(corner, int)
                words = (
                    f"lands on {self._hole(to)}"
                    if jumped
                    else f"moves {self._hole(hole)} to {self._hole(to)}"
                )
                words += f", flipping with {self.names[opponent]}"
                return [Line(f"{self._by(seat)} {words}", (seat, "place" if jumped else "move"))]
            case game.Substituted(seat=seat, hole=hole):
                words = f"seats a Burocrat in place of its Man on {self._hole(hole)}"
                return [self._board_move(seat, "substitute", words)]
            case game.Withdrawn(seat=seat, hole=hole):
                words = f"withdraws its Man from {self._hole(hole)}"
                return [self._board_move(seat, "withdraw", words)]
            case game.Scored(team=team, seat=seat, lines=lines, how=how):
                named = "; ".join(self._holes(line) for line in lines)
                if how == "call":
                    return [Line(f"{self.names[team]} calls FLIX! {named} scores", (seat, "call"))]
                return [Line(f"{self.names[team]} completes {named}")]
            case game.Penalised(seat=seat, team=team, against=against, line=line):
                text = f"{self.names[team]} calls PENALTY on {self.names[against]}'s "
                return [Line(text + self._holes(line), (seat, "penalty"))]
            case game.BlockRequested(seat=seat, mover=mover, hole=hole):
                text = f"{self._by(seat)} asks {self._by(mover)} to block {self._hole(hole)}"
                return [Line(text, (seat, "request_block"))]
            case game.TurnLost(seat=seat, reason=reason):
                return [Line(f"{self._by(seat)} loses the turn: {reason}")]
            case game.FreeThrows(seat=seat, added=added):
                return [Line(f"{self._by(seat)} gets {added} free throws")]
            case game.OpponentAnywhere(opponent=opponent):
                return [Line(f"{self._by(opponent)} may put a Man anywhere")]
            case game.BurocratsWon(team=team, count=count):
                won = "a Burocrat" if count == 1 else f"{count} Burocrats"
                return [Line(f"{self.names[team]} wins {won}")]
            case game.Buroline(team=team, line=line):
                return [
                    Line(f"{self.names[team]} completes a line of Burocrats {self._holes(line)}")
                ]
            case game.PaidOff(team=team, value=value, values=values):
                worth = " ".join(str(man) for man in values)
                return [Line(f"{self.names[team]} is paid {value} (the Men are worth {worth})")]
            case computer.ComputerRefused(reason=reason) | computer.ComputerError(reason=reason):
                return [Line(f"the computer's move was not made: {reason}")]
            case (
                computer.ComputerPlayed()
                | game.TokenAttached()
                | game.GameStarted()
                | game.Turn()
                | game.LineCompleted()
                | game.PendingLost()
                | game.CalledNothing()
                | game.PenaltyNothing()
                | game.Resigned()
                | game.AwaitingCalls()
                | game.GameOver()
                | game.FreeThrowsEnded()
                | game.TokenEntered()
                | game.TokenOpened()
                | game.FreePlay()
                | game.FreePlaysLost()
                | game.NoOpenSquare()
                | game.FreePlacement()
                | game.FreeMove()
                | game.DirectionReversed()
                | game.PatternScored()
                | state.Refused()
                | state.BoardConnected()
                | state.BoardLost()
                | state.PlacementRefused()
                | state.ButtonPressed()
                | state.ClearBoard()
                | state.TakenBack()
                | state.TokenChosen()
                | state.BoardMatched()
                | state.BoardMismatch()
                | state.FixHint()
                | state.Resumed()
                | state.SeatSwitched()
                | state.VoicePressed()
                | state.RecordsFailed()
                | computer.HintShown()
                | remote.RemoteOrder()
                | remote.RemoteRefused()
                | remote.RemoteResync()
                | remote.RemoteDiceRefused()
            ):
                return []  # the demo tells only the moves and what they bring
            case _:
                assert_never(event)


def _why(reason: str, said: str) -> str:
    """``: reason`` without the words the line already says; empty when nothing is left."""
    rest = reason.removeprefix(said).lstrip(": ") if said else reason
    return f": {rest}" if rest else ""
