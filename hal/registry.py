"""Find a backend by name: ``sim``, ``serial[:PORT]`` or ``gpio``; a flat board (Flip 4, Olix)
has backends of its own under the same names.

Backends are named by ``module:Class`` and imported only when opened, so a missing hardware
library is a clear ``BackendUnavailable`` at that moment, never an import error at start-up.
"""

from __future__ import annotations

import importlib
from typing import Any

from hal.base import Backend
from hal.errors import BackendNotFound, BackendUnavailable

_BACKENDS: dict[str, str] = {
    "sim": "sim.board:SimBoard",
    "serial": "hal.serial_backend:SerialBackend",
    "gpio": "hal.gpio_backend:GpioBackend",
}
_FLAT_BACKENDS: dict[str, str] = {
    "sim": "sim.board:SimBoard",
    "serial": "hal.serial_backend:SerialBackend",
    "gpio": "hal.gpio_grid:GridGpioBackend",
}
"""A Pico tells its board in its INFO frame: the serial backend serves both."""


def available_backends(*, flat: bool = False) -> list[str]:
    """The registered backend names (whether or not they can load here), of a flat board's
    backends when ``flat``."""
    return sorted(_FLAT_BACKENDS if flat else _BACKENDS)


def backend_class(name: str, *, flat: bool = False) -> type[Backend]:
    """The class registered under ``name`` (for a flat board when ``flat``), imported now."""
    try:
        target = (_FLAT_BACKENDS if flat else _BACKENDS)[name]
    except KeyError:
        board = "flat board backend" if flat else "board backend"
        raise BackendNotFound(
            f"no {board} named {name!r}; choose one of {', '.join(available_backends(flat=flat))}"
        ) from None
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise BackendUnavailable(f"the {name!r} board backend cannot load here: {error}") from error
    cls: type[Backend] = getattr(module, class_name)
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
