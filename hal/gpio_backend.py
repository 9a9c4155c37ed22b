"""The direct-GPIO spaceboard: digital Hall switches in a diode matrix, buttons and NeoPixels on
a Raspberry Pi's own pins (``wiring/pi.toml``); the scan, debounce, buttons and strip are
``hal.gpio_matrix``'s.

Holes report ``Piece.PRESENT`` (presence only); a groove's two foot-magnet positions each have a
north and a south switch, and the pole pair tells the panel's colour.
"""

from __future__ import annotations

from hal.base import GROOVE_COUNT, HOLE_COUNT, BoardReading, Clock, Piece
from hal.gpio_matrix import MatrixGpioBackend, MatrixPins
from hal.pi_wiring import PiWiring, load_pi


class GpioBackend(MatrixGpioBackend):
    """The spaceboard wired straight to the Pi's GPIO header.

    ``wiring`` defaults to ``wiring/pi.toml``; ``led_driver`` (``spi`` or ``pwm``) overrides its
    ``[neopixel] driver``; ``led_pin`` names a Blinka ``board`` pin instead (e.g. ``"D21"``);
    ``max_brightness`` is the LED brightness cap. ``scan_thread`` and ``row_settle_s`` as in
    ``MatrixGpioBackend``.
    """

    name = "gpio"

    def __init__(
        self,
        *,
        clock: Clock | None = None,
        wiring: PiWiring | None = None,
        led_driver: str | None = None,
        led_pin: str | None = None,
        max_brightness: float = 1.0,
        scan_thread: bool = True,
        row_settle_s: float | None = None,
    ) -> None:
        self.wiring = wiring or load_pi()
        w = self.wiring
        pins = MatrixPins(
            rows=len(w.rows),
            row_pins=w.rows,
            decoder_pins=(),
            columns=w.columns,
            buttons=w.buttons,
            bouncetime_ms=w.bouncetime_ms,
            row_settle_s=w.row_settle_s,
            scan_hz=w.scan_hz,
            debounce_s=w.debounce_s,
            chain=w.chain,
            pixel_order=w.pixel_order,
            source="wiring/pi.toml",
        )
        super().__init__(
            pins,
            led_pin or f"D{w.led_pin(led_driver or w.led_driver)}",
            clock=clock,
            max_brightness=max_brightness,
            scan_thread=scan_thread,
            row_settle_s=row_settle_s,
        )

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
