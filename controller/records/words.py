"""Stored games in words, for the terminal: who played and how it ended."""

from __future__ import annotations

from collections.abc import Sequence

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


def result_text(players: Sequence[GameSeat], result: GameResult) -> str:
    """``Ann won (line)``, ``draw (board full)`` or ``abandoned``."""
    reason = f" ({result.reason})" if result.reason else ""
    if result.outcome == "win":
        winners = [seat.name for seat in players if seat.team == result.team]
        return f"{' and '.join(winners)} won{reason}"
    if result.outcome == "draw":
        return f"draw{reason}"
    return "abandoned"
