"""The variant registry: find a game class by name, start or replay a game; the flat boards.

The rules are entry points of the group ``flixboard.rules`` (``engine.registry``): a game's
``name = module:Class``, the class a :class:`~engine.game.Game` whose ``variant`` is the name.
A game on a flat board declares its grid (``Game.grid``): :data:`GRIDS` lists them by key.

>>> find_variant("Qubic").__name__
'Qubic'
>>> find_variant("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.errors.UnknownVariant: no variant 'chess'; known: flip4, lucky, ...
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeGuard

from engine.errors import BadEntryPoint, UnknownVariant
from engine.game import Action, Game, Options, replay_actions
from engine.grid import Grid
from engine.registry import Registry

RULES_GROUP = "flixboard.rules"


def _is_rules(value: object, name: str) -> TypeGuard[type[Game]]:
    return isinstance(value, type) and issubclass(value, Game) and value.variant == name


VARIANTS: Registry[type[Game]] = Registry(RULES_GROUP, _is_rules, rank=lambda cls: cls.rank)
"""Variant name -> its rules, in the order the games are listed (``Game.rank``)."""


class Grids(Mapping[str, Grid]):
    """The grids of the registered games by key, in the games' order, read from the rules each
    time (a game registered later adds its own); two games naming one key share its grid."""

    def _grids(self) -> dict[str, Grid]:
        grids: dict[str, Grid] = {}
        for name, rules in VARIANTS.items():
            grid = rules.grid
            if grid is not None and grids.setdefault(grid.key, grid) != grid:
                raise BadEntryPoint(f"{name}'s grid {grid.key!r} is not the one another game has")
        return grids

    def __getitem__(self, key: str) -> Grid:
        return self._grids()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._grids())

    def __len__(self) -> int:
        return len(self._grids())


GRIDS = Grids()
"""The flat boards by key (``Game.grid``): a wiring file's ``geometry`` names one of these."""


def register(cls: type[Game]) -> type[Game]:
    """Add a variant class under its ``variant`` name in this process only (a test's, usable as
    a class decorator); an installed game declares its rules as an entry point instead."""
    if not cls.variant:
        raise ValueError(f"{cls.__name__} has no variant name")
    VARIANTS[cls.variant] = cls
    return cls


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
