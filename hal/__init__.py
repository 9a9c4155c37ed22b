"""Hardware abstraction: the Backend contract, its errors, and the registry of backends.

Nothing here imports a hardware library at module level: a backend's module imports its library
(``serial``, ``RPi.GPIO``, ``board``, ``neopixel``) only when that backend is opened.
"""

from hal.base import Backend, BoardReading, Button, ButtonPress, Clock, Piece, PixelStrip
from hal.errors import (
    BackendClosed,
    BackendNotFound,
    BackendUnavailable,
    BoardDisconnected,
    HalError,
    UnsupportedFeature,
)
from hal.registry import available_backends, open_backend

__all__ = [
    "Backend",
    "BackendClosed",
    "BackendNotFound",
    "BackendUnavailable",
    "BoardDisconnected",
    "BoardReading",
    "Button",
    "ButtonPress",
    "Clock",
    "HalError",
    "Piece",
    "PixelStrip",
    "UnsupportedFeature",
    "available_backends",
    "open_backend",
]
