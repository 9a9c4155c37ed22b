"""The variant registry: find a game class by name, start or replay a game.

>>> find_variant("Qubic").__name__
'Qubic'
>>> find_variant("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.errors.UnknownVariant: no variant 'chess'; known: flip4, lucky, ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.errors import UnknownVariant
from engine.flip4 import Flip4
from engine.game import Action, Game, Options, replay_actions
from engine.lucky import LuckyFlix
from engine.olix import Olix
from engine.payoff import PayOffFlix
from engine.qubic import Qubic
from engine.tactflix import TacTFlix

VARIANTS: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Add a variant class under its ``variant`` name (usable as a class decorator)."""
    if not cls.variant:
        raise ValueError(f"{cls.__name__} has no variant name")
    VARIANTS[cls.variant] = cls
    return cls


for _cls in (LuckyFlix, Qubic, PayOffFlix, TacTFlix, Flip4, Olix):
    register(_cls)


def find_variant(name: str) -> type[Game]:
    """The game class registered as ``name`` (any case)."""
    key = name.strip().lower() if isinstance(name, str) else name
    try:
        return VARIANTS[key]
    except (KeyError, TypeError):
        raise UnknownVariant(f"no variant {name!r}; known: {', '.join(sorted(VARIANTS))}") from None


def new_game(
    variant: str,
    players: int = 2,
    seed: int = 0,
    options: Options | Mapping[str, Any] | None = None,
) -> Game:
    """A new game of the named variant."""
    return find_variant(variant)(players=players, seed=seed, options=options)


def replay(
    variant: str,
    players: int,
    seed: int,
    options: Options | Mapping[str, Any] | None,
    actions: Iterable[Action],
) -> Game:
    """A new game with ``actions`` applied: the same state as the game that recorded them."""
    return replay_actions(new_game(variant, players, seed, options), actions)
