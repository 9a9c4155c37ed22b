"""The lines the board says, made from the controller's events in each board's own words.

A ``Line`` has a topic: a newer line of a topic replaces an older one of it not yet said
(``SpeechQueue``), so a new turn supersedes the unsaid line of the last one, and a new game
every line still waiting.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from controller.core.state import SpokenLine
from controller.voice.phrases import (
    VARIANTS,
    count_of,
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

    def __init__(self, team_names: Sequence[str]) -> None:
        self.team_names = tuple(team_names)
        self._turn: int | None = None

    def lines(self, event: dict[str, Any], game: Game, made: float) -> list[Line]:
        """The lines ``event`` (a published event, JSON) gives, none for a secret or quiet one."""
        if event.get("secret"):
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
        name = self.team_names[team % len(self.team_names)]
        return name if game.teams == game.players else f"{name}, player {seat + 1}"

    def _team(self, team: int) -> str:
        return self.team_names[team % len(self.team_names)]

    def _said(self, event: dict[str, Any], game: Game) -> list[Said]:  # one case per event
        kind = event["type"]
        words = board_words(game.geometry)
        flat = game.geometry != "flix"
        seat = event.get("seat")
        who = self._who(seat, game) if isinstance(seat, int) else ""
        if kind == "game_started":
            self._turn = None
            variant = VARIANTS.get(str(event.get("variant")), str(event.get("variant")))
            return [
                Said(
                    "game_started", phrase("game_started", variant=variant), "game", (EVERY_TOPIC,)
                )
            ]
        if kind == "turn":
            if seat == self._turn or game.game_over:
                return []
            self._turn = seat
            return [Said("turn", phrase("turn", who=who), "turn")]
        if kind == "roll":
            faces = spoken_throw(str(event["throw"]))
            if event.get("reading") == "anywhere":
                text = phrase("throw_anywhere", who=who, faces=faces, piece=words.piece)
                return [Said("throw_anywhere", text, "throw")]
            return [Said("throw", phrase("throw", who=who, faces=faces), "throw")]
        if kind == "free_throws":
            return [Said("free_throws", phrase("free_throws", who=who, left=event["left"]), "dice")]
        if kind == "free_throws_ended":
            return [Said("free_throws_ended", phrase("free_throws_ended"), "dice")]
        if kind == "opponent_anywhere":
            opponent = self._who(int(event["opponent"]), game)
            text = phrase("opponent_anywhere", who=opponent, piece=words.piece)
            return [Said("opponent_anywhere", text, "dice")]
        if kind == "turn_lost":
            reason = spoken_text(str(event.get("reason", "")))
            return [Said("turn_lost", phrase("turn_lost", reason=reason), "dice")]
        if kind == "awaiting_calls":
            return [Said("nobody_places", phrase("nobody_places", piece=words.piece), "calls")]
        if kind == "computer":
            return self._computer(event, who)
        if kind == "scored":
            key = "called_scored" if event.get("how") in ("call", "late call") else "scored"
            lines = event.get("lines") or []
            said = count_of(len(lines), "line", "lines")
            return [Said(key, phrase(key, who=who, lines=said), "score")]
        if kind == "pattern":
            text = phrase("pattern", who=who, pattern=event["pattern"], value=event["value"])
            return [Said("pattern", text, "score")]
        if kind == "payoff":
            text = phrase("payoff", team=self._team(int(event["team"])), value=event["value"])
            return [Said("payoff", text, "score")]
        if kind == "call_nothing":
            return [Said("call_nothing", phrase("call_nothing", who=who), "calls")]
        if kind == "penalty":
            removed = len(event.get("removed") or [])
            count = count_of(removed, "man", "men", piece=words.piece, pieces=words.pieces)
            text = phrase("penalty", team=self._team(int(event["against"])), count=count)
            return [Said("penalty", text, "penalty")]
        if kind == "penalty_nothing":
            return [Said("penalty_nothing", phrase("penalty_nothing", who=who), "calls")]
        if kind == "placement_refused":
            place = spoken_place(str(event["hole"]))
            reason = spoken_text(str(event["reason"]))
            return [
                Said("refused_place", phrase("refused_place", place=place, reason=reason), "fix")
            ]
        if kind == "fix_hint" and event.get("words"):
            sentences = "; ".join(spoken_text(str(s), cells=flat) for s in event["words"])
            return [Said("fix", phrase("fix", sentences=sentences), "fix")]
        if kind == "undo":
            self._turn = None  # the turn after a take-back is said again
            return [Said("undo", phrase("undo"), "game", ("turn", "throw", "fix"))]
        if kind == "game_over":
            winner = event.get("winner")
            if winner is None:
                return [Said("draw", phrase("draw"), "result")]
            return [Said("winner", phrase("winner", team=self._team(int(winner))), "result")]
        if kind == "board_lost":
            return [Said("board_lost", phrase("board_lost"), "board")]
        if kind == "board_connected":
            return [Said("board_back", phrase("board_back"), "board")]
        return []

    def _computer(self, event: dict[str, Any], who: str) -> list[Said]:
        """The computer's move, with the first words of its reason (its roll and calls are said
        by the events they make)."""
        action = event.get("action")
        hole = event.get("hole")
        if action in ("place", "substitute", "withdraw") and hole:
            reason = short_reason(str(event.get("reason") or ""))
            place = spoken_place(str(hole))
            if reason:
                text = phrase("computer_move_why", who=who, place=place, reason=reason)
                return [Said("computer_move_why", text, "computer")]
            return [
                Said("computer_move", phrase("computer_move", who=who, place=place), "computer")
            ]
        if action == "move" and hole:
            words = str(event.get("words", ""))
            to = spoken_place(words.rsplit(" ", 1)[-1]) if " to " in words else ""
            text = phrase("computer_step", who=who, place=spoken_place(str(hole)), to=to)
            return [Said("computer_step", text, "computer")]
        return []


def short_reason(reason: str) -> str:
    """The first words of a computer's reason: up to its first ``;`` or ``:`` (the odds and
    figures after it are for the page)."""
    for mark in (";", ":"):
        reason = reason.split(mark, 1)[0]
    return spoken_text(reason.strip())
