"""Errors of the serial link to the board's Pico, under ``hal``'s root."""

from __future__ import annotations

from hal.errors import BackendUnavailable, HalError


class FrameError(HalError, ValueError):
    """A frame that cannot be used (bad COBS, CRC, length); ``counter`` names its error counter."""

    def __init__(self, counter: str, message: str) -> None:
        super().__init__(message)
        self.counter = counter


class ProtocolMismatch(BackendUnavailable):
    """The board's firmware speaks another protocol version: flash the matching firmware."""


class ProfileMismatch(BackendUnavailable):
    """The Pico is set up for another board than the host expects: set it up or start the host
    with that board's geometry."""


class BoardCommandFailed(HalError, RuntimeError):
    """The board refused or did not acknowledge a command (calibration, mode)."""


class CommandUnknown(BoardCommandFailed):
    """The board's firmware does not know the command (a firmware older than the frame)."""
