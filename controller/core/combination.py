"""The board's one button combination: a short press of MENU, then ROLL within ``TOGETHER_S``,
mutes or unmutes the voice; neither press then does its own work (no take-back, no roll).

So a short press of MENU is held back ``TOGETHER_S`` before it takes back (it is reported when
the button comes up, ``hal.long_press``); a long press of MENU (a hint) and every other press
act at once.

>>> from hal.base import Button, ButtonPress
>>> buttons = Combination()
>>> buttons.take([ButtonPress(Button.MENU, 1.0)], 1.0)
([], False)
>>> buttons.take([ButtonPress(Button.ROLL, 1.2)], 1.2)
([], True)
>>> buttons.take([ButtonPress(Button.MENU, 2.0)], 2.0), buttons.deadline
(([], False), 2.4)
>>> buttons.due(2.4)
[ButtonPress(button=<Button.MENU: 'menu'>, at=2.0, seat=None, long=False)]
"""

from __future__ import annotations

from collections.abc import Iterable

from hal.base import Button, ButtonPress

TOGETHER_S = 0.4
"""How soon after a short press of MENU a press of ROLL makes the combination (seconds)."""
VOICE_BUTTON = "voice_button"
"""The event the combination publishes (``controller.voice`` mutes or unmutes on it)."""


class Combination:
    """The short MENU press held back, if any (see the module docstring)."""

    def __init__(self) -> None:
        self._menu: ButtonPress | None = None
        self.deadline: float | None = None
        """When the held-back MENU press acts (``None``: none is held back)."""

    def take(self, presses: Iterable[ButtonPress], now: float) -> tuple[list[ButtonPress], bool]:
        """The presses to act on now, in order, and whether the combination was made."""
        act: list[ButtonPress] = []
        made = False
        for press in presses:
            if press.button is Button.MENU and not press.long:
                act.extend(self.due(float("inf")))  # an earlier one acts first
                self._menu, self.deadline = press, now + TOGETHER_S
            elif press.button is Button.ROLL and self._menu is not None:
                self._menu, self.deadline = None, None
                made = True
            else:
                act.append(press)
        return act, made

    def due(self, now: float) -> list[ButtonPress]:
        """The held-back MENU press once its time is up (then it takes back)."""
        if self._menu is None or self.deadline is None or now < self.deadline:
            return []
        press, self._menu, self.deadline = self._menu, None, None
        return [press]
