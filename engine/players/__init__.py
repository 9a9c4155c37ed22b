"""Computer players for every variant, found by variant name like the games themselves.

Each variant's player lives in a module of its own that imports only :mod:`engine.players.base`
and the engine, and is declared as an entry point of the group ``flixboard.players``
(``engine.registry``): ``name = module:factory``, imported when the game's player is first asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeGuard

from engine.errors import SettingError
from engine.players.base import DEFAULT_LEVEL, LEVELS, Player
from engine.registry import Registry
from engine.variants import find_variant

PlayerFactory = Callable[[int, int], Player]
"""``factory(level, seed)`` -> a player."""

PLAYERS_GROUP = "flixboard.players"


def _is_factory(value: object, name: str) -> TypeGuard[PlayerFactory]:
    return callable(value)


PLAYERS: Registry[PlayerFactory] = Registry(PLAYERS_GROUP, _is_factory)
"""Variant name -> the factory of its computer player."""


def make_player(variant: str, level: int = DEFAULT_LEVEL, seed: int = 0) -> Player:
    """The computer player of ``variant`` at ``level`` (1..5), deterministic for ``seed``."""
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise SettingError(f"level must be a whole number {LEVELS[0]}..{LEVELS[-1]}: {level!r}")
    key = find_variant(variant).variant
    try:
        factory = PLAYERS[key]
    except KeyError:
        raise SettingError(f"no computer player for {key}") from None
    return factory(level, seed)
