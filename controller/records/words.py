"""Stored games in words, for the terminal: who played and how it ended."""

from __future__ import annotations

from typing import Any


def players_text(item: dict[str, Any]) -> str:
    """``Ann, Computer, level 3``: the seats in order (a computer given a name of its own:
    ``Hal (computer 3)``)."""
    return ", ".join(_player(seat) for seat in item["players"])


def _player(seat: dict[str, Any]) -> str:
    name: str = seat["name"]
    if seat["kind"] != "computer" or name == f"Computer, level {seat['level']}":
        return name
    return f"{name} (computer {seat['level']})"


def result_text(item: dict[str, Any]) -> str:
    """``Ann won (line)``, ``draw (board full)`` or ``abandoned``."""
    result = item["result"]
    reason = f" ({result['reason']})" if result["reason"] else ""
    if result["outcome"] == "win":
        winners = [seat["name"] for seat in item["players"] if seat["team"] == result["team"]]
        return f"{' and '.join(winners)} won{reason}"
    if result["outcome"] == "draw":
        return f"draw{reason}"
    return "abandoned"
