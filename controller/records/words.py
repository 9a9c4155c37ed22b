"""Stored games in words, for the terminal: who played and how it ended, the players named as
the board names them (``Red (player 1)``, ``Blue (Computer, level 3)``)."""

from __future__ import annotations

from collections.abc import Sequence

from controller.config import Config
from controller.i18n import DEFAULT_LANGUAGE, Language, language
from controller.records.queries import GameResult, GameSeat

TEAMS = Config().game.team_names
"""The teams' names (a kept game keeps its teams' numbers, not their names)."""


def player_text(seat: GameSeat, say: Language | None = None) -> str:
    """A seat as the board names it: a person without a name of their own ``Red (player 1)``,
    the computer ``Blue (Computer, level 3)`` (one given a name: ``Hal (computer 3)``), a name
    given as given; in ``say``'s language (English by default)."""
    say = say or language(DEFAULT_LANGUAGE)
    team = say.gettext(TEAMS[seat.team % len(TEAMS)])
    if seat.kind == "computer":
        if seat.name != f"Computer, level {seat.level}":
            return f"{seat.name} (computer {seat.level})"
        return f"{team} ({say.gettext('Computer, level {level}').format(level=seat.level)})"
    if seat.name == f"Seat {seat.seat + 1}":
        return say.gettext("{team} (player {number})").format(team=team, number=seat.seat + 1)
    return seat.name


def players_text(players: Sequence[GameSeat], say: Language | None = None) -> str:
    """``Ann, Blue (Computer, level 3)``: the seats in order (``player_text``)."""
    return ", ".join(player_text(seat, say) for seat in players)


def result_text(
    players: Sequence[GameSeat], result: GameResult, say: Language | None = None
) -> str:
    """``Red (player 1) won (line)``, ``draw (board full)`` or ``abandoned`` (in ``say``'s
    language, as the page's history says it; English by default)."""
    say = say or language(DEFAULT_LANGUAGE)
    why = f" ({say.gettext(result.reason)})" if result.reason else ""
    if result.outcome == "win":
        winners = [player_text(s, say) for s in players if s.team == result.team]
        names = say.gettext(" and ").join(winners)
        return say.gettext("{names} won{why}").format(names=names, why=why)
    if result.outcome == "draw":
        return say.gettext("draw{why}").format(why=why)
    return say.gettext("abandoned")
