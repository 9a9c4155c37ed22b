"""The direct-GPIO spaceboard: digital Hall switches in a diode matrix, buttons and NeoPixels on
a Raspberry Pi's own pins (``wiring/pi.toml``); the scan, debounce, buttons and strip are
``hal.gpio_matrix``'s.

Holes report ``Piece.PRESENT`` (presence only); a groove's two foot-magnet positions each have a
north and a south switch, and the pole pair tells the panel's colour.
"""

from __future__ import annotations

from typing import Unpack

from hal.base import GROOVE_COUNT, HOLE_COUNT, BoardReading, Piece
from hal.gpio_matrix import MatrixGpioBackend, MatrixPins, ScanOptions
from hal.pi_wiring import PiWiring, load_pi


class GpioBackend(MatrixGpioBackend):
    """The spaceboard wired straight to the Pi's GPIO header.

    ``wiring`` defaults to ``wiring/pi.toml``; ``led_driver`` (``spi`` or ``pwm``) overrides its
    ``[neopixel] driver``; ``led_pin`` names a Blinka ``board`` pin instead (e.g. ``"D21"``);
    the other options as in ``MatrixGpioBackend``.
    """

    name = "gpio"

    def __init__(
        self,
        *,
        wiring: PiWiring | None = None,
        led_driver: str | None = None,
        led_pin: str | None = None,
        **options: Unpack[ScanOptions],
    ) -> None:
        self.wiring = wiring or load_pi()
        w = self.wiring
        pin = led_pin or f"D{w.led_pin(led_driver or w.led_driver)}"
        super().__init__(spaceboard_pins(w), pin, **options)

    def _decode(self, state: int) -> BoardReading:
        holes = tuple(
            Piece.PRESENT if state >> s & 1 else Piece.EMPTY for s in self.wiring.hole_switch
        )
        grooves = tuple(self._panel(state, g) for g in range(GROOVE_COUNT))
        return BoardReading(holes, grooves, self.clock.now())

    def _panel(self, state: int, groove: int) -> str | None:
        poles: list[str] = []
        for side in (0, 1):
            north, south = self.wiring.groove_switches[HOLE_COUNT + 2 * groove + side]
            seen = {p for p, s in (("north", north), ("south", south)) if state >> s & 1}
            if len(seen) != 1:
                return None
            poles.append(seen.pop())
        return self.wiring.colour_of.get((poles[0], poles[1]))


def spaceboard_pins(wiring: PiWiring) -> MatrixPins:
    """What the GPIO scan needs of the spaceboard's ``wiring/pi.toml``."""
    return MatrixPins(
        rows=len(wiring.rows),
        row_pins=wiring.rows,
        decoder_pins=(),
        columns=wiring.columns,
        buttons=wiring.buttons,
        bouncetime_ms=wiring.bouncetime_ms,
        row_settle_s=wiring.row_settle_s,
        scan_hz=wiring.scan_hz,
        debounce_s=wiring.debounce_s,
        chain=wiring.chain,
        pixel_order=wiring.pixel_order,
        orders=wiring.orders,
        power=wiring.power,
        source="wiring/pi.toml",
    )
