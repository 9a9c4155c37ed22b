"""Find a backend by name: ``sim``, ``serial[:PORT]`` or ``gpio``; a flat board (Flip 4, Olix)
has backends of its own under the same names.

Backends are entry points of the installed distributions, as gpiozero finds its pin factories:
the group ``flixboard.backends`` (``flixboard.flat_backends`` for a flat board) names each one's
``module:Class`` (the project's own in ``pyproject.toml``), so another package adds a board by
declaring one. A backend is imported only when opened, so a missing hardware library is a clear
``BackendUnavailable`` at that moment, never an import error at start-up.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points
from typing import Any

from hal.base import Backend
from hal.errors import BackendNotFound, BackendUnavailable

GROUP = "flixboard.backends"
FLAT_GROUP = "flixboard.flat_backends"
"""A Pico tells its board in its INFO frame: the serial backend serves both."""


def _registered(flat: bool) -> dict[str, EntryPoint]:
    """The entry points of the group, by name (the first distribution to declare a name wins)."""
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=FLAT_GROUP if flat else GROUP):
        found.setdefault(point.name, point)
    return found


def available_backends(*, flat: bool = False) -> list[str]:
    """The registered backend names (whether or not they can load here), of a flat board's
    backends when ``flat``."""
    return sorted(_registered(flat))


def backend_class(name: str, *, flat: bool = False) -> type[Backend]:
    """The class registered under ``name`` (for a flat board when ``flat``), imported now."""
    try:
        point = _registered(flat)[name]
    except KeyError:
        board = "flat board backend" if flat else "board backend"
        raise BackendNotFound(
            f"no {board} named {name!r}; choose one of {', '.join(available_backends(flat=flat))}"
        ) from None
    try:
        cls = point.load()
    except (ImportError, AttributeError) as error:
        raise BackendUnavailable(f"the {name!r} board backend cannot load here: {error}") from error
    if not (isinstance(cls, type) and issubclass(cls, Backend)):
        raise BackendUnavailable(f"the {name!r} board backend {point.value} is not a Backend")
    return cls


def open_backend(spec: str, *, flat: bool = False, **options: Any) -> Backend:
    """Open the backend named by ``spec`` (``sim``, ``serial``, ``serial:/dev/ttyACM0``, ``gpio``),
    that of a flat board when ``flat``.

    Text after the first ``:`` is passed as ``port=``.
    """
    name, sep, argument = spec.partition(":")
    cls = backend_class(name, flat=flat)
    if sep:
        options["port"] = argument
    return cls(**options)
