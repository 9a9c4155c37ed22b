"""Stored games in words, for the terminal: who played and how it ended."""

from __future__ import annotations

from typing import Any


def players_text(item: dict[str, Any]) -> str:
    """``Ann, Ben (computer 3)``: the seats in order."""
    return ", ".join(
        seat["name"] + (f" (computer {seat['level']})" if seat["kind"] == "computer" else "")
        for seat in item["players"]
    )


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
