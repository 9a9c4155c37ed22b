"""The games this board plays, found as entry points: each game is one ``GameSpec``.

The group ``flixboard.games`` names each game's spec as ``name = module:SPEC`` (the project's own
in ``pyproject.toml``), so another installed package adds a game by declaring one, as boards
add backends (``hal.registry``). Loading the specs registers their rules, computer player and
notation with the engine's registries, so every part that finds a game by name finds it.

>>> game_spec("qubic").penalty_asks_block
True
>>> [spec.name for spec in games().values() if spec.carried]
['lucky', 'qubic', 'payoff', 'tactflix', 'flip4', 'olix']
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from controller.errors import ControllerError
from controller.games.spec import GameSpec, Level, Measured, rung
from engine import players
from engine.notation import DIALECTS, register_dialect
from engine.variants import VARIANTS, find_variant, register

GROUP = "flixboard.games"

__all__ = [
    "GROUP",
    "GameError",
    "GameSpec",
    "Level",
    "Measured",
    "game_names",
    "game_spec",
    "games",
    "rung",
]


class GameError(ControllerError):
    """A game's entry point that does not load, or names something other than its spec."""


@cache
def games() -> dict[str, GameSpec]:
    """Every installed game's spec by name, in the engine registry's order (the project's own
    first); loaded once, when first asked."""
    found: dict[str, GameSpec] = {}
    for point in entry_points(group=GROUP):
        if point.name in found:
            continue  # the first distribution to declare a name wins
        try:
            spec = point.load()
        except (ImportError, AttributeError) as error:
            raise GameError(
                f"the game {point.name!r} ({point.value}) cannot load: {error}"
            ) from error
        if not isinstance(spec, GameSpec) or spec.name != point.name:
            raise GameError(
                f"the game entry point {point.name!r} ({point.value}) is not its GameSpec"
            )
        _register_with_engine(spec)
        found[spec.name] = spec
    if not found:
        raise GameError(f"no games are installed (entry points {GROUP}): pip install -e . again")
    return {name: found[name] for name in VARIANTS if name in found}


def _register_with_engine(spec: GameSpec) -> None:
    """Make the engine find ``spec``'s rules, player and notation by its name (what the engine
    knows already, its own games' players and dialects, stays as it is)."""
    known = VARIANTS.get(spec.name)
    if known is not None and known is not spec.rules:
        raise GameError(
            f"two games are named {spec.name!r}: {known.__name__}, {spec.rules.__name__}"
        )
    register(spec.rules)
    if spec.player is not None:
        players.PLAYERS.setdefault(spec.name, spec.player)
    if spec.dialect is not None and spec.name not in DIALECTS:
        register_dialect(spec.name, spec.dialect)


def game_spec(name: str) -> GameSpec:
    """The spec of the game named ``name`` (any case; ``UnknownVariant`` when none is)."""
    specs = games()
    return specs[find_variant(name).variant]


def game_names() -> list[str]:
    """The installed games' names, in the registry's order."""
    return list(games())
