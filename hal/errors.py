"""Errors of the hardware layer: one root, leaves that also subclass a builtin."""

from __future__ import annotations


class HalError(Exception):
    """Root of every error raised by ``hal`` and its backends."""


class BackendNotFound(HalError, LookupError):
    """No backend is registered under that name."""


class BackendUnavailable(HalError, ImportError):
    """The backend exists but cannot load here (library missing, not a Raspberry Pi, no port)."""


class BackendClosed(HalError, RuntimeError):
    """The backend was used after ``close()``."""


class BoardDisconnected(HalError, ConnectionError):
    """The board stopped answering (USB unplugged, no heartbeat)."""


class UnsupportedFeature(HalError, NotImplementedError):
    """This backend does not offer that optional feature (raw fields, calibration, ...)."""


class PixelError(HalError, ValueError):
    """A bad pixel index or colour."""
