"""The games this board plays, found as entry points: each game is one ``GameSpec``.

The group ``flixboard.games`` names each game's spec as ``name = module:SPEC`` (the project's own
in ``pyproject.toml``), so another installed package adds a game by declaring one, as boards
add backends (``hal.registry``). The game's engine parts (rules, computer player, notation) are
entry points of the engine's groups under the same name (``engine.registry``); a spec whose rules
the engine does not find under its name is refused.

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
from engine.variants import RULES_GROUP, VARIANTS, find_variant

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
        if VARIANTS.get(spec.name) is not spec.rules:
            raise GameError(
                f"the game {point.name!r} ({point.value}) plays {spec.rules.__qualname__}, "
                f"not the rules declared as {point.name!r} in {RULES_GROUP}"
            )
        found[spec.name] = spec
    if not found:
        raise GameError(f"no games are installed (entry points {GROUP}): pip install -e . again")
    return {name: found[name] for name in VARIANTS if name in found}


def game_spec(name: str) -> GameSpec:
    """The spec of the game named ``name`` (any case; ``UnknownVariant`` when none is)."""
    specs = games()
    return specs[find_variant(name).variant]


def game_names() -> list[str]:
    """The installed games' names, in the registry's order."""
    return list(games())
