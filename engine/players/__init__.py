"""Computer players for every variant, found by variant name like the games themselves.

Each variant's player lives in a module of its own that imports only :mod:`engine.players.base`
and the engine; this table names them.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.errors import SettingError
from engine.players.base import DEFAULT_LEVEL, LEVELS, Player
from engine.players.flip4 import Flip4Player
from engine.players.lucky import LuckyPlayer
from engine.players.olix import OlixPlayer
from engine.players.payoff_ismcts import payoff_player
from engine.players.qubic import QubicPlayer
from engine.players.tactflix import TacTFlixPlayer
from engine.variants import find_variant

PlayerFactory = Callable[[int, int], Player]
"""``factory(level, seed)`` -> a player."""

PLAYERS: dict[str, PlayerFactory] = {
    "flip4": Flip4Player,
    "lucky": LuckyPlayer,
    "olix": OlixPlayer,
    "payoff": payoff_player,
    "qubic": QubicPlayer,
    "tactflix": TacTFlixPlayer,
}
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
