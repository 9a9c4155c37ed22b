"""The board's one button combination: ROLL and MENU pressed together mute or unmute the voice.

Neither press then does its own work (no roll, no take-back). "Together" is within
``TOGETHER_S`` of each other and read in the same scan of the buttons.
"""

from __future__ import annotations

from collections.abc import Sequence

from hal.base import Button, ButtonPress

TOGETHER_S = 0.5
"""Presses at most this far apart (seconds) are pressed together."""
VOICE_BUTTON = "voice_button"
"""The event the combination publishes (``controller.voice`` mutes or unmutes on it)."""


def voice_presses(presses: Sequence[ButtonPress]) -> tuple[ButtonPress, ...]:
    """The ROLL press and short MENU press among ``presses`` that make the combination, or
    ``()``."""
    rolls = [p for p in presses if p.button is Button.ROLL]
    menus = [p for p in presses if p.button is Button.MENU and not p.long]
    for roll in rolls:
        for menu in menus:
            if abs(roll.at - menu.at) <= TOGETHER_S:
                return (roll, menu)
    return ()
