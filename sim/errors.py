"""Errors of the simulated board: under ``hal``'s root, leaves that also subclass a builtin."""

from __future__ import annotations

from hal.errors import HalError


class SimError(HalError):
    """Root of the simulator's own errors."""


class SimActionError(SimError, ValueError):
    """A test action that a real board would not allow (a piece into an occupied hole, ...)."""


class SimStateError(SimError, ValueError):
    """A saved board state that cannot be read back."""


class SimClockError(SimError, ValueError):
    """A simulated clock asked to go backwards."""


class SimSettingError(SimError, ValueError):
    """A simulated board option that makes no sense (an unknown sensing mode, ...)."""
