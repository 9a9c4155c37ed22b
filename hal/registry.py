"""Find a backend by name and board shape: ``sim``, ``serial[:PORT]`` or ``gpio``, for the
spaceboard or a flat board (Flip 4, Olix).

Backends are entry points of the installed distributions, as gpiozero finds its pin factories:
the group ``flixboard.backends`` names each one's ``module:Class`` (the project's own in
``pyproject.toml``), so another package adds a board by declaring one. An entry point's name is
the ``--board`` name, with a ``.SUFFIX`` when two backends share it (``gpio`` and ``gpio.flat``);
the class says which board shapes it serves (``Backend.shapes``). A backend is imported only when
opened or asked for its shapes, so a missing hardware library is a clear ``BackendUnavailable``
at that moment, never an import error at start-up.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points
from typing import Any

from hal.base import Backend, Shape
from hal.errors import BackendNotFound, BackendUnavailable

GROUP = "flixboard.backends"


def _registered() -> dict[str, list[EntryPoint]]:
    """The group's entry points by ``--board`` name, in the group's order (the first
    distribution to declare an entry point's name wins)."""
    seen: set[str] = set()
    found: dict[str, list[EntryPoint]] = {}
    for point in entry_points(group=GROUP):
        if point.name not in seen:
            seen.add(point.name)
            found.setdefault(point.name.partition(".")[0], []).append(point)
    return found


def _load(name: str, point: EntryPoint) -> type[Backend]:
    try:
        cls = point.load()
    except (ImportError, AttributeError) as error:
        raise BackendUnavailable(f"the {name!r} board backend cannot load here: {error}") from error
    if not (isinstance(cls, type) and issubclass(cls, Backend)):
        raise BackendUnavailable(f"the {name!r} board backend {point.value} is not a Backend")
    return cls


def _serves(name: str, point: EntryPoint, shape: Shape) -> bool:
    try:
        return shape in _load(name, point).shapes
    except BackendUnavailable:
        return False


def available_backends(shape: Shape | None = None) -> list[str]:
    """The registered backend names (whether or not they can load here), or for ``shape`` those
    with a backend that loads here and serves it."""
    registered = _registered()
    if shape is None:
        return sorted(registered)
    return sorted(
        name
        for name, points in registered.items()
        if any(_serves(name, point, shape) for point in points)
    )


def backend_class(name: str, shape: Shape = "spaceboard") -> type[Backend]:
    """The class registered under ``name`` that serves a board of ``shape``, imported now."""
    points = _registered().get(name, [])
    failure: BackendUnavailable | None = None
    for point in points:
        try:
            cls = _load(name, point)
        except BackendUnavailable as error:
            failure = failure or error
            continue
        if shape in cls.shapes:
            return cls
    if failure is not None:
        raise failure
    board = "flat board backend" if shape == "flat" else "board backend"
    raise BackendNotFound(
        f"no {board} named {name!r}; choose one of {', '.join(available_backends(shape))}"
    )


def open_backend(spec: str, *, shape: Shape = "spaceboard", **options: Any) -> Backend:
    """Open the backend named by ``spec`` (``sim``, ``serial``, ``serial:/dev/ttyACM0``, ``gpio``)
    that serves a board of ``shape``.

    Text after the first ``:`` is passed as ``port=``.
    """
    name, sep, argument = spec.partition(":")
    cls = backend_class(name, shape)
    if sep:
        options["port"] = argument
    return cls(**options)
