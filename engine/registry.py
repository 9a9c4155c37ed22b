"""Named parts of the games, found as entry points of the installed distributions.

Each part of a game the engine knows is declared once, as ``name = module:object`` in its group
(the project's own in ``pyproject.toml``): the rules in ``flixboard.rules``, the computer player
in ``flixboard.players``, the notation's dialect in ``flixboard.notation``. Another installed
package adds a game's parts the same way. A group's names are read once per process; an object
is imported when its name is first asked, and kept.

>>> from engine.variants import VARIANTS
>>> VARIANTS.group, "qubic" in VARIANTS, VARIANTS["qubic"].__name__
('flixboard.rules', True, 'Qubic')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping
from importlib.metadata import EntryPoint, entry_points
from typing import TypeGuard, TypeVar

from engine.errors import BadEntryPoint

T = TypeVar("T")


class Registry(MutableMapping[str, T]):
    """The objects of entry-point ``group`` by name, each loaded when first asked and accepted
    by ``accepts(object, name)``; ``rank`` orders them (then the name), else the group's order.
    Setting a name registers an object in this process only (a test's, a script's)."""

    def __init__(
        self,
        group: str,
        accepts: Callable[[object, str], TypeGuard[T]],
        rank: Callable[[T], int] | None = None,
    ) -> None:
        self.group = group
        self._accepts = accepts
        self._rank = rank
        self._declared: dict[str, EntryPoint] | None = None
        self._loaded: dict[str, T] = {}
        self._removed: set[str] = set()

    def _points(self) -> dict[str, EntryPoint]:
        """The group's entry points by name (the first distribution to declare a name wins)."""
        if self._declared is None:
            declared: dict[str, EntryPoint] = {}
            for point in entry_points(group=self.group):
                declared.setdefault(point.name, point)
            self._declared = declared
        return self._declared

    def _load(self, point: EntryPoint) -> T:
        try:
            value: object = point.load()
        except (ImportError, AttributeError) as error:
            raise BadEntryPoint(
                f"{self.group} {point.name!r} ({point.value}) cannot load: {error}"
            ) from error
        if not self._accepts(value, point.name):
            raise BadEntryPoint(
                f"{self.group} {point.name!r} ({point.value}) is not what the group holds"
            )
        return value

    def __getitem__(self, name: str) -> T:
        if name in self._loaded:
            return self._loaded[name]
        point = None if name in self._removed else self._points().get(name)
        if point is None:
            raise KeyError(name)
        self._loaded[name] = value = self._load(point)
        return value

    def __setitem__(self, name: str, value: T) -> None:
        self._loaded[name] = value
        self._removed.discard(name)

    def __delitem__(self, name: str) -> None:
        if name not in self:
            raise KeyError(name)
        self._loaded.pop(name, None)
        if name in self._points():
            self._removed.add(name)

    def __contains__(self, name: object) -> bool:
        return name in self._loaded or (name in self._points() and name not in self._removed)

    def _names(self) -> list[str]:
        declared = [name for name in self._points() if name not in self._removed]
        return declared + [name for name in self._loaded if name not in declared]

    def __iter__(self) -> Iterator[str]:
        names = self._names()
        rank = self._rank
        if rank is not None:
            names.sort(key=lambda name: (rank(self[name]), name))
        return iter(names)

    def __len__(self) -> int:
        return len(self._names())
