"""The lines the board says, made from the controller's events in each board's own words.

A ``Line`` has a topic: a newer line of a topic replaces an older one of it not yet said
(``SpeechQueue``), so a new turn supersedes the unsaid line of the last one, and a new game
every line still waiting.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from controller.core.state import Heard, SpokenLine, given
from controller.i18n import Language, language
from controller.voice.phrases import (
    count_of,
    game_title,
    phrase,
    spoken_place,
    spoken_text,
    spoken_throw,
)
from controller.words import board_words
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

    def lines(self, event: Heard, game: Game, made: float) -> list[Line]:
        """The lines ``event`` (a published event) gives, none for a secret or quiet one."""
        if event.secret:
            return []
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

    def _said(self, event: Heard, game: Game) -> list[Said]:  # one case per event
        kind = event.type
        words = board_words(game.geometry, self.say)
        flat = game.geometry != "flix"
        seat = event.seat
        who = "" if seat is None else self._who(seat, game)
        if kind == "game_started":
            self._turn = None
            variant = game_title(str(event.variant), self.say)
            return [
                Said(
                    "game_started",
                    phrase("game_started", self.say, variant=variant),
                    "game",
                    (EVERY_TOPIC,),
                )
            ]
        if kind == "turn":
            if seat == self._turn or game.game_over:
                return []
            self._turn = seat
            return [Said("turn", phrase("turn", self.say, who=who), "turn")]
        if kind == "roll":
            faces = spoken_throw(str(event.throw), self.say)
            if event.reading == "anywhere":
                text = phrase("throw_anywhere", self.say, who=who, faces=faces, piece=words.piece)
                return [Said("throw_anywhere", text, "throw")]
            return [Said("throw", phrase("throw", self.say, who=who, faces=faces), "throw")]
        if kind == "free_throws":
            return [
                Said(
                    "free_throws",
                    phrase("free_throws", self.say, who=who, left=event.left),
                    "dice",
                )
            ]
        if kind == "free_throws_ended":
            return [Said("free_throws_ended", phrase("free_throws_ended", self.say), "dice")]
        if kind == "opponent_anywhere":
            opponent = self._who(given(event.opponent, "opponent"), game)
            text = phrase("opponent_anywhere", self.say, who=opponent, piece=words.piece)
            return [Said("opponent_anywhere", text, "dice")]
        if kind == "turn_lost":
            reason = spoken_text(event.reason or "", say=self.say)
            return [Said("turn_lost", phrase("turn_lost", self.say, reason=reason), "dice")]
        if kind == "awaiting_calls":
            return [
                Said("nobody_places", phrase("nobody_places", self.say, piece=words.piece), "calls")
            ]
        if kind == "computer":
            return self._computer(event, who)
        if kind == "scored":
            key = "called_scored" if event.how in ("call", "late call") else "scored"
            said = count_of(len(event.lines), "line", "lines", self.say)
            return [Said(key, phrase(key, self.say, who=who, lines=said), "score")]
        if kind == "pattern":
            text = phrase("pattern", self.say, who=who, pattern=event.pattern, value=event.value)
            return [Said("pattern", text, "score")]
        if kind == "payoff":
            text = phrase(
                "payoff", self.say, team=self._team(given(event.team, "team")), value=event.value
            )
            return [Said("payoff", text, "score")]
        if kind == "call_nothing":
            return [Said("call_nothing", phrase("call_nothing", self.say, who=who), "calls")]
        if kind == "penalty":
            removed = len(event.removed)
            count = count_of(
                removed, "man", "men", self.say, piece=words.piece, pieces=words.pieces
            )
            text = phrase(
                "penalty", self.say, team=self._team(given(event.against, "against")), count=count
            )
            return [Said("penalty", text, "penalty")]
        if kind == "penalty_nothing":
            return [Said("penalty_nothing", phrase("penalty_nothing", self.say, who=who), "calls")]
        if kind == "placement_refused":
            place = spoken_place(str(event.hole), self.say)
            message = event.said  # the reason as a message: said in the board's language
            if message is not None:
                text = message.said().in_language(self.say)
            else:
                text = self.say.gettext(str(event.reason))
            reason = spoken_text(text, say=self.say)
            return [
                Said(
                    "refused_place",
                    phrase("refused_place", self.say, place=place, reason=reason),
                    "fix",
                )
            ]
        if kind == "fix_hint" and isinstance(event.words, list) and event.words:
            sentences = "; ".join(
                spoken_text(str(s), cells=flat, say=self.say) for s in event.words
            )
            return [Said("fix", phrase("fix", self.say, sentences=sentences), "fix")]
        if kind == "undo":
            self._turn = None  # the turn after a take-back is said again
            return [Said("undo", phrase("undo", self.say), "game", ("turn", "throw", "fix"))]
        if kind == "game_over":
            winner = event.winner
            if winner is None:
                return [Said("draw", phrase("draw", self.say), "result")]
            return [Said("winner", phrase("winner", self.say, team=self._team(winner)), "result")]
        if kind == "board_lost":
            return [Said("board_lost", phrase("board_lost", self.say), "board")]
        if kind == "board_connected":
            return [Said("board_back", phrase("board_back", self.say), "board")]
        return []

    def _computer(self, event: Heard, who: str) -> list[Said]:
        """The computer's move, with the first words of its reason (its roll and calls are said
        by the events they make)."""
        action = event.action
        hole = event.hole
        if action in ("place", "substitute", "withdraw") and hole:
            reason = short_reason(event.reason or "", self.say)
            place = spoken_place(str(hole), self.say)
            if reason:
                text = phrase("computer_move_why", self.say, who=who, place=place, reason=reason)
                return [Said("computer_move_why", text, "computer")]
            return [
                Said(
                    "computer_move",
                    phrase("computer_move", self.say, who=who, place=place),
                    "computer",
                )
            ]
        if action == "move" and hole:
            words = event.words if isinstance(event.words, str) else ""
            to = spoken_place(words.rsplit(" ", 1)[-1], self.say) if " to " in words else ""
            text = phrase(
                "computer_step", self.say, who=who, place=spoken_place(str(hole), self.say), to=to
            )
            return [Said("computer_step", text, "computer")]
        return []


def short_reason(reason: str, say: Language | None = None) -> str:
    """The first words of a computer's reason: up to its first ``;`` or ``:`` (the odds and
    figures after it are for the page)."""
    for mark in (";", ":"):
        reason = reason.split(mark, 1)[0]
    return spoken_text(reason.strip(), say=say)
