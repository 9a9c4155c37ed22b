"""A long press told from a short one by how long the button stayed down.

A short press of MENU takes back the last placement; a long one asks for a hint. A press is
reported once it is known: short when the button comes up before ``LONG_PRESS_S``, long as soon
as it has been held that long (the hint shows while the finger is still on the button).

>>> timer = HoldTimer()
>>> timer.down(0.0)
[]
>>> timer.poll(0.5, held=True), timer.poll(1.0, held=True), timer.poll(1.2, held=False)
([], [True], [])
>>> timer.down(2.0), timer.poll(2.1, held=False)
([], [False])
"""

from __future__ import annotations

LONG_PRESS_S = 1.0
"""Held at least this long (seconds), a press is a long press."""


class HoldTimer:
    """One button's press in progress: ``down`` when it goes down, ``poll`` with whether it is
    still held. Each returns the presses now known, ``True`` for a long one."""

    def __init__(self, long_s: float = LONG_PRESS_S) -> None:
        self.long_s = long_s
        self._since: float | None = None
        self._reported = False

    @property
    def pressing(self) -> bool:
        """Whether a press is in progress (down, not yet seen up)."""
        return self._since is not None

    def down(self, at: float) -> list[bool]:
        """The button went down at ``at``: a press still in progress came up in between."""
        known = self._release()
        self._since, self._reported = at, False
        return known

    def poll(self, at: float, *, held: bool) -> list[bool]:
        """The button is ``held`` at ``at``."""
        if self._since is None:
            return []
        if not held:
            return self._release()
        if not self._reported and at - self._since >= self.long_s:
            self._reported = True
            return [True]
        return []

    def _release(self) -> list[bool]:
        if self._since is None:
            return []
        short = not self._reported
        self._since, self._reported = None, False
        return [False] if short else []
