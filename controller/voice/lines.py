"""The lines the board says, made from the controller's events in each board's own words.

A ``Line`` has a topic: a newer line of a topic replaces an older one of it not yet said
(``SpeechQueue``), so a new turn supersedes the unsaid line of the last one, and a new game
every line still waiting.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import assert_never

from msgspec import UNSET

from controller.computer.events import ComputerError, ComputerPlayed, ComputerRefused, HintShown
from controller.core.state import (
    BoardConnected,
    BoardLost,
    BoardMatched,
    BoardMismatch,
    ButtonPressed,
    ClearBoard,
    FixHint,
    PlacementRefused,
    RecordsFailed,
    Refused,
    Resumed,
    SeatSwitched,
    SpokenLine,
    TakenBack,
    TokenChosen,
    VoicePressed,
)
from controller.events import Published
from controller.i18n import Language, language
from controller.remote.events import (
    RemoteDiceRefused,
    RemoteOrder,
    RemoteRefused,
    RemoteResync,
)
from controller.voice.phrases import (
    count_of,
    game_title,
    phrase,
    spoken_place,
    spoken_text,
    spoken_throw,
)
from controller.words import board_words
from engine.bitboard import popcount
from engine.events import (
    AwaitingCalls,
    BlockRequested,
    BurocratsWon,
    Buroline,
    CalledNothing,
    DirectionReversed,
    Flipped,
    FreeMove,
    FreePlacement,
    FreePlay,
    FreePlaysLost,
    FreeThrows,
    FreeThrowsEnded,
    GameOver,
    GameStarted,
    IntoCorner,
    Jumped,
    LineCompleted,
    Moved,
    NoOpenSquare,
    OpponentAnywhere,
    PaidOff,
    PatternScored,
    Penalised,
    PenaltyNothing,
    PendingLost,
    Placed,
    Resigned,
    Rolled,
    Scored,
    Substituted,
    TokenAttached,
    TokenEntered,
    TokenOpened,
    Turn,
    TurnLost,
    Withdrawn,
)
from engine.game import Game

EVERY_TOPIC = "*"
"""In ``Line.replaces``: every line waiting (a new game)."""

_serial = itertools.count(1)


@dataclass(frozen=True)
class Line:
    """One line to say: its message id ``key``, the ``text``, its ``topic``, the topics whose
    waiting lines it replaces, and ``made`` (``time.perf_counter()`` of the event)."""

    key: str
    text: str
    topic: str
    replaces: tuple[str, ...] = ()
    made: float = 0.0
    serial: int = field(default_factory=lambda: next(_serial))

    def spoken(self) -> SpokenLine:
        """As the page gets it (``speech`` messages): it says the same words."""
        return SpokenLine(key=self.key, text=self.text, topic=self.topic, serial=self.serial)


@dataclass(frozen=True)
class Said:
    """A line before it is stamped: message id, text, topic, the topics it replaces."""

    key: str
    text: str
    topic: str
    replaces: tuple[str, ...] = ()


class Narrator:
    """Turns the events of one board's games into lines (see the module docstring); it keeps
    whose turn it last announced, so each turn is said once."""

    def __init__(self, team_names: Sequence[str], say: Language | None = None) -> None:
        self.team_names = tuple(team_names)
        self.say = say or language("en")
        """The board's language: the voice sets it anew when the settings change it."""
        self._turn: int | None = None

    def lines(self, event: Published, game: Game, made: float) -> list[Line]:
        """The lines ``event`` (a published event) gives, none for a secret or quiet one."""
        return [
            Line(said.key, said.text, said.topic, said.replaces or (said.topic,), made)
            for said in self._said(event, game)
        ]

    # ------------------------------------------------------------------ the words

    def _who(self, seat: int, game: Game) -> str:
        """A seat as it is said: its team's name, with its player number where teams have
        partners."""
        team = game.team_of_seat[seat]
        name = self._team(team)
        if game.teams == game.players:
            return name
        return self.say.gettext("{team}, player {number}").format(team=name, number=seat + 1)

    def _team(self, team: int) -> str:
        return self.say.gettext(self.team_names[team % len(self.team_names)])

    def _said(self, event: Published, game: Game) -> list[Said]:  # one case per kind
        words = board_words(game.geometry, self.say)
        say = self.say
        match event:
            case GameStarted(variant=variant):
                self._turn = None
                name = game_title(str(variant), say)
                text = phrase("game_started", say, variant=name)
                return [Said("game_started", text, "game", (EVERY_TOPIC,))]
            case Turn(seat=seat):
                if seat == self._turn or game.game_over:
                    return []
                self._turn = seat
                return [Said("turn", phrase("turn", say, who=self._who(seat, game)), "turn")]
            case Rolled(seat=seat, throw=thrown, reading=reading):
                who, faces = self._who(seat, game), spoken_throw(thrown, say)
                if reading == "anywhere":
                    text = phrase("throw_anywhere", say, who=who, faces=faces, piece=words.piece)
                    return [Said("throw_anywhere", text, "throw")]
                return [Said("throw", phrase("throw", say, who=who, faces=faces), "throw")]
            case FreeThrows(seat=seat, left=left):
                text = phrase("free_throws", say, who=self._who(seat, game), left=left)
                return [Said("free_throws", text, "dice")]
            case FreeThrowsEnded():
                return [Said("free_throws_ended", phrase("free_throws_ended", say), "dice")]
            case OpponentAnywhere(opponent=opponent):
                who = self._who(opponent, game)
                text = phrase("opponent_anywhere", say, who=who, piece=words.piece)
                return [Said("opponent_anywhere", text, "dice")]
            case TurnLost(reason=reason):
                text = phrase("turn_lost", say, reason=spoken_text(reason, say=say))
                return [Said("turn_lost", text, "dice")]
            case AwaitingCalls():
                text = phrase("nobody_places", say, piece=words.piece)
                return [Said("nobody_places", text, "calls")]
            case ComputerPlayed():
                return self._computer(event, self._who(event.seat, game))
            case Scored(seat=seat, lines=lines, how=how):
                key = "called_scored" if how in ("call", "late call") else "scored"
                said = count_of(len(lines), "line", "lines", say)
                return [Said(key, phrase(key, say, who=self._who(seat, game), lines=said), "score")]
            case PatternScored(seat=seat, pattern=pattern, value=value):
                who = self._who(seat, game)
                text = phrase("pattern", say, who=who, pattern=pattern, value=value)
                return [Said("pattern", text, "score")]
            case PaidOff(team=team, value=value):
                text = phrase("paid_off", say, team=self._team(team), value=value)
                return [Said("paid_off", text, "score")]
            case CalledNothing(seat=seat):
                text = phrase("call_nothing", say, who=self._who(seat, game))
                return [Said("call_nothing", text, "calls")]
            case Penalised(against=against, removed=removed):
                count = count_of(
                    popcount(removed), "man", "men", say, piece=words.piece, pieces=words.pieces
                )
                text = phrase("penalty", say, team=self._team(against), count=count)
                return [Said("penalty", text, "penalty")]
            case PenaltyNothing(seat=seat):
                text = phrase("penalty_nothing", say, who=self._who(seat, game))
                return [Said("penalty_nothing", text, "calls")]
            case PlacementRefused(hole=hole, reason=reason, said=message):
                # the reason as a message: said in the board's language
                shown = say.gettext(reason) if message is UNSET else message.said().in_language(say)
                text = phrase(
                    "refused_place",
                    say,
                    place=spoken_place(hole, say),
                    reason=spoken_text(shown, say=say),
                )
                return [Said("refused_place", text, "fix")]
            case FixHint(words=sentences) if sentences:
                flat = game.geometry != "flix"
                spoken = "; ".join(spoken_text(s, cells=flat, say=say) for s in sentences)
                return [Said("fix", phrase("fix", say, sentences=spoken), "fix")]
            case TakenBack():
                self._turn = None  # the turn after a take-back is said again
                return [Said("undo", phrase("undo", say), "game", ("turn", "throw", "fix"))]
            case GameOver(winner=winner):
                if winner is None:
                    return [Said("draw", phrase("draw", say), "result")]
                return [Said("winner", phrase("winner", say, team=self._team(winner)), "result")]
            case BoardLost():
                return [Said("board_lost", phrase("board_lost", say), "board")]
            case BoardConnected():
                return [Said("board_back", phrase("board_back", say), "board")]
            case (
                Placed()
                | LineCompleted()
                | PendingLost()
                | Resigned()
                | BlockRequested()
                | TokenAttached()
                | TokenEntered()
                | TokenOpened()
                | FreePlay()
                | BurocratsWon()
                | FreePlaysLost()
                | Substituted()
                | Buroline()
                | Withdrawn()
                | NoOpenSquare()
                | FreePlacement()
                | FreeMove()
                | Moved()
                | IntoCorner()
                | Jumped()
                | Flipped()
                | DirectionReversed()
                | FixHint()
                | Refused()
                | ButtonPressed()
                | ClearBoard()
                | TokenChosen()
                | BoardMatched()
                | BoardMismatch()
                | Resumed()
                | SeatSwitched()
                | VoicePressed()
                | RecordsFailed()
                | ComputerRefused()
                | ComputerError()
                | HintShown()
                | RemoteOrder()
                | RemoteRefused()
                | RemoteResync()
                | RemoteDiceRefused()
            ):
                return []  # the board says nothing of these (the page shows them)
            case _:
                assert_never(event)

    def _computer(self, event: ComputerPlayed, who: str) -> list[Said]:
        """The computer's move, with the first words of its reason (its roll and calls are said
        by the events they make)."""
        action, hole = event.action, event.hole
        if hole is UNSET or not hole:
            return []
        if action in ("place", "substitute", "withdraw"):
            reason = short_reason(event.reason, self.say)
            place = spoken_place(hole, self.say)
            if reason:
                text = phrase("computer_move_why", self.say, who=who, place=place, reason=reason)
                return [Said("computer_move_why", text, "computer")]
            text = phrase("computer_move", self.say, who=who, place=place)
            return [Said("computer_move", text, "computer")]
        if action == "move":
            words = event.words
            to = spoken_place(words.rsplit(" ", 1)[-1], self.say) if " to " in words else ""
            text = phrase(
                "computer_step", self.say, who=who, place=spoken_place(hole, self.say), to=to
            )
            return [Said("computer_step", text, "computer")]
        return []


def short_reason(reason: str, say: Language | None = None) -> str:
    """The first words of a computer's reason: up to its first ``;`` or ``:`` (the odds and
    figures after it are for the page)."""
    for mark in (";", ":"):
        reason = reason.split(mark, 1)[0]
    return spoken_text(reason.strip(), say=say)
