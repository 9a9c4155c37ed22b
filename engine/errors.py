"""The engine's errors: one root, a base per area, leaves that also subclass builtins."""

from __future__ import annotations


class FlixError(Exception):
    """Root of every error the engine raises."""


class HoleNameError(FlixError, ValueError):
    """A text is not a hole name in any accepted form."""


class SettingError(FlixError, ValueError):
    """A setting (panel order, suit order, player count, token set, ...) is invalid."""


class IllegalAction(FlixError, ValueError):
    """An action that the rules do not allow in the current state."""


class IllegalPlacement(IllegalAction):
    """A Man or Burocrat may not go into that hole now."""


class IllegalRoll(IllegalAction):
    """The dice may not be thrown now, or the faces given are not faces of the dice."""


class UnknownVariant(FlixError, LookupError):
    """No variant has that name."""


class NoNotation(FlixError, LookupError):
    """A game has an action the notation has no word for (a variant without its dialect)."""


class NotationError(FlixError, ValueError):
    """A game record in the text notation that does not read, or does not replay: ``line`` (from
    1) and ``token`` name where, ``reason`` what is wrong."""

    def __init__(self, line: int, token: str, reason: str) -> None:
        self.line = line
        self.token = token
        self.reason = reason
        shown = token if len(token) <= 40 else f"{token[:37]}..."
        super().__init__(f"line {line} at {shown!r}: {reason}")


class BadEntryPoint(FlixError, ImportError):
    """A game's part declared as an entry point (``engine.registry``) that does not load, or is
    not what its group holds."""
