"""Helpers for the engine tests: throws that name one hole, short game scripts."""

from __future__ import annotations

from engine.dice import COLOUR_FACES, FLOOR_FACES, SUIT_FACES
from engine.events import Event
from engine.game import Game
from engine.holes import DEFAULT_LAYOUT, coords, parse


def exact(hole: str) -> str:
    """The throw that allows exactly ``hole`` (default layout)."""
    panel, floor, section = coords(parse(hole))
    colour = COLOUR_FACES["RYGB".index(DEFAULT_LAYOUT.panels[panel])]
    suit = SUIT_FACES["SHDC".index(DEFAULT_LAYOUT.suits[section])]
    return f"{colour}/{FLOOR_FACES[floor]}/{suit}"


def play(game: Game, hole: str, at: float = 0.0) -> list[Event]:
    """``to_move`` throws the faces of ``hole`` and places there."""
    events = game.roll(exact(hole))
    return events + game.place(hole, at=at)


def types(events: list[Event]) -> list[str]:
    return [event.type for event in events]
