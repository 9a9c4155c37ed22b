"""Stored games in words, for the terminal: who played and how it ended."""

from __future__ import annotations

from collections.abc import Sequence

from controller.i18n import DEFAULT_LANGUAGE, Language, language
from controller.records.queries import GameResult, GameSeat


def players_text(players: Sequence[GameSeat]) -> str:
    """``Ann, Computer, level 3``: the seats in order (a computer given a name of its own:
    ``Hal (computer 3)``)."""
    return ", ".join(_player(seat) for seat in players)


def _player(seat: GameSeat) -> str:
    name = seat.name
    if seat.kind != "computer" or name == f"Computer, level {seat.level}":
        return name
    return f"{name} (computer {seat.level})"


def result_text(
    players: Sequence[GameSeat], result: GameResult, say: Language | None = None
) -> str:
    """``Ann won (line)``, ``draw (board full)`` or ``abandoned`` (in ``say``'s language, as
    the page's history says it; English by default)."""
    say = say or language(DEFAULT_LANGUAGE)
    why = f" ({say.gettext(result.reason)})" if result.reason else ""
    if result.outcome == "win":
        winners = say.gettext(" and ").join(s.name for s in players if s.team == result.team)
        return say.gettext("{names} won{why}").format(names=winners, why=why)
    if result.outcome == "draw":
        return say.gettext("draw{why}").format(why=why)
    return say.gettext("abandoned")
