"""Find a backend by name: ``sim``, ``serial[:PORT]`` or ``gpio``.

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


def available_backends() -> list[str]:
    """The registered backend names (whether or not they can load here)."""
    return sorted(_BACKENDS)


def backend_class(name: str) -> type[Backend]:
    """The class registered under ``name``, imported now."""
    try:
        target = _BACKENDS[name]
    except KeyError:
        raise BackendNotFound(
            f"no board backend named {name!r}; choose one of {', '.join(available_backends())}"
        ) from None
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise BackendUnavailable(f"the {name!r} board backend cannot load here: {error}") from error
    cls: type[Backend] = getattr(module, class_name)
    return cls


def open_backend(spec: str, **options: Any) -> Backend:
    """Open the backend named by ``spec`` (``sim``, ``serial``, ``serial:/dev/ttyACM0``, ``gpio``).

    Text after the first ``:`` is passed as ``port=``.
    """
    name, sep, argument = spec.partition(":")
    cls = backend_class(name)
    if sep:
        options["port"] = argument
    return cls(**options)
