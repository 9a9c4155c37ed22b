"""NeoPixels on a Raspberry Pi pin through Blinka and the Adafruit ``neopixel`` library.

The strip keeps colours in logical order (holes 0..63, status 64..71); each ``show()`` writes them
in wire order (``chain`` from ``wiring/leds.toml``) into one ``neopixel.NeoPixel`` with
``auto_write=False`` and calls its ``show()`` once: one frame, one write on the wire. On a Pi 1-4
the write goes through ``rpi_ws281x`` (SPI on GPIO10, or PWM on GPIO18 as root); on a Pi 5
through Blinka's Pi 5 driver (``adafruit-blinka-raspberry-pi5-neopixel``). Those drivers start
at the first write, so opening the strip writes one dark frame: a driver that cannot run (PWM
without root, SPI not enabled, no access to ``/dev/spidev0.0`` or ``/dev/pio0``) is a
``BackendUnavailable`` at open; a write that fails later is a ``BoardDisconnected``.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Sequence
from typing import Any

from hal.base import Color, PixelStrip
from hal.errors import BackendClosed, BackendUnavailable, BoardDisconnected
from hal.pixel_order import for_wire
from hal.power import PowerBudget

INSTALL_HINT = (
    "install the Pi extras with pip install '.[pi]' (adafruit-blinka, "
    "adafruit-circuitpython-neopixel and rpi_ws281x; on a Raspberry Pi 5 "
    "adafruit-blinka-raspberry-pi5-neopixel instead of rpi_ws281x)"
)
DRIVER_HINT = (
    "On a Pi 1-4 the NeoPixels work without root only on GPIO10 over SPI: dtparam=spi=on in "
    "/boot/firmware/config.txt (then reboot), /dev/spidev0.0 present and the user in the 'spi' "
    "and 'gpio' groups; GPIO18 (PWM) needs root. On a Pi 5 the user needs /dev/pio0 (group "
    "'gpio') and adafruit-blinka-raspberry-pi5-neopixel"
)


class NeoPixelStrip(PixelStrip):
    """``len(chain)`` NeoPixels on the Blinka ``board`` pin named ``pin`` (e.g. ``"D10"``).

    With a ``budget`` (the wiring file's ``[power]``) every frame is shown at the highest
    brightness up to ``brightness`` whose estimated current stays within it, whatever the cap:
    ``applied`` is the brightness the last frame was shown at. ``orders`` gives each wire
    position's own colour order where a chain mixes pixels (``pixel_order`` is the driver's)."""

    def __init__(
        self,
        pin: str,
        chain: Sequence[int],
        *,
        pixel_order: str = "GRB",
        max_brightness: float = 1.0,
        budget: PowerBudget | None = None,
        orders: Sequence[str] = (),
    ) -> None:
        super().__init__(len(chain), max_brightness=max_brightness)
        self._chain = tuple(chain)
        self._order = pixel_order
        self._orders = tuple(orders) or (pixel_order,) * len(self._chain)
        self.budget = budget
        self.applied = self.brightness
        self._closed = False
        board, neopixel = _import_blinka()
        try:
            board_pin = getattr(board, pin)
        except AttributeError:
            raise BackendUnavailable(
                f"this board has no pin {pin!r} for the NeoPixels (Blinka board "
                f"{getattr(board, 'board_id', 'unknown')})"
            ) from None
        try:
            self._strip: Any = neopixel.NeoPixel(
                board_pin,
                len(self._chain),
                auto_write=False,
                pixel_order=pixel_order,
                brightness=self.brightness,
            )
        except Exception as error:  # the pin is busy or its GPIO device is not ours
            raise BackendUnavailable(
                f"cannot drive the NeoPixels on {pin}: {error}. {DRIVER_HINT}"
            ) from error
        # The driver (rpi_ws281x, or the Pi 5's PIO) starts at the first write: write a dark
        # frame now, so that a driver that cannot run here fails at open, not at the first frame.
        try:
            self._strip.show()
        except Exception as error:
            self._closed = True
            self._release()
            raise BackendUnavailable(
                f"cannot drive the NeoPixels on {pin}: {error}. {DRIVER_HINT}"
            ) from error

    def _transmit(self, colors: tuple[Color, ...], brightness: float) -> None:
        if self._closed:
            raise BackendClosed("the NeoPixel strip is closed")
        strip = self._strip
        if self.budget is not None:
            brightness = self.budget.limit(colors, brightness)
        self.applied = brightness
        if strip.brightness != brightness:
            strip.brightness = brightness
        strip[:] = [
            for_wire(colors[logical], order, self._order)
            for logical, order in zip(self._chain, self._orders, strict=True)
        ]
        try:
            strip.show()
        except Exception as error:  # the driver failed: the board cannot show frames
            raise BoardDisconnected(f"the NeoPixel write failed: {error}") from error

    def close(self) -> None:
        """Turn every pixel off and release the pin. Safe to call twice."""
        if not self._closed:
            self._closed = True
            try:
                self._strip.deinit()
            except Exception:
                self._release()
                raise

    def _release(self) -> None:
        """Free the data pin without writing to the strip (its driver did not work)."""
        pin = getattr(self._strip, "pin", None)
        if pin is not None:
            with contextlib.suppress(Exception):
                pin.deinit()

    def __repr__(self) -> str:
        lit = sum(c != (0, 0, 0) for c in self[:])
        state = "closed" if self._closed else f"lit={lit} brightness={self.brightness:g}"
        return f"<{type(self).__name__} {len(self)} pixels {state}>"


def _import_blinka() -> tuple[Any, Any]:
    """Blinka's ``board`` and the ``neopixel`` library, or a ``BackendUnavailable``."""
    try:
        board = importlib.import_module("board")
        neopixel = importlib.import_module("neopixel")
    except ImportError as error:
        raise BackendUnavailable(
            f"the NeoPixel library cannot load ({error}): {INSTALL_HINT}"
        ) from error
    except (NotImplementedError, RuntimeError, OSError) as error:  # Blinka: unknown board
        raise BackendUnavailable(
            f"Blinka cannot drive NeoPixels here ({error}); on a Raspberry Pi {INSTALL_HINT}"
        ) from error
    return board, neopixel
