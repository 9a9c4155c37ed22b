"""NeoPixels on a Raspberry Pi pin through Blinka and the Adafruit ``neopixel`` library.

The strip keeps colours in logical order (holes 0..63, status 64..71); each ``show()`` writes them
in wire order (``chain`` from ``wiring/leds.toml``) into one ``neopixel.NeoPixel`` with
``auto_write=False`` and calls its ``show()`` once: one frame, one write on the wire. On a Pi 1-4
the write goes through ``rpi_ws281x`` (SPI on GPIO10, or PWM on GPIO18 as root); on a Pi 5
through Blinka's Pi 5 driver (``adafruit-blinka-raspberry-pi5-neopixel``).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from hal.base import Color, PixelStrip
from hal.errors import BackendClosed, BackendUnavailable

INSTALL_HINT = (
    "install the Pi extras with pip install '.[pi]' (adafruit-blinka, "
    "adafruit-circuitpython-neopixel and rpi_ws281x; on a Raspberry Pi 5 "
    "adafruit-blinka-raspberry-pi5-neopixel instead of rpi_ws281x)"
)


class NeoPixelStrip(PixelStrip):
    """``len(chain)`` NeoPixels on the Blinka ``board`` pin named ``pin`` (e.g. ``"D10"``)."""

    def __init__(
        self,
        pin: str,
        chain: Sequence[int],
        *,
        pixel_order: str = "GRB",
        max_brightness: float = 1.0,
    ) -> None:
        super().__init__(len(chain), max_brightness=max_brightness)
        self._chain = tuple(chain)
        self._closed = False
        board, neopixel = _import_blinka()
        try:
            board_pin = getattr(board, pin)
        except AttributeError:
            raise BackendUnavailable(
                f"this board has no pin {pin!r} for the NeoPixels (Blinka board "
                f"{getattr(board, 'board_id', 'unknown')})"
            ) from None
        self._strip: Any = neopixel.NeoPixel(
            board_pin,
            len(self._chain),
            auto_write=False,
            pixel_order=pixel_order,
            brightness=self.brightness,
        )

    def _transmit(self, colors: tuple[Color, ...], brightness: float) -> None:
        if self._closed:
            raise BackendClosed("the NeoPixel strip is closed")
        strip = self._strip
        if strip.brightness != brightness:
            strip.brightness = brightness
        strip[:] = [colors[logical] for logical in self._chain]
        strip.show()

    def close(self) -> None:
        """Turn every pixel off and release the pin. Safe to call twice."""
        if not self._closed:
            self._closed = True
            self._strip.deinit()

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
    except (NotImplementedError, RuntimeError) as error:  # Blinka: board unknown or library missing
        raise BackendUnavailable(
            f"Blinka cannot drive NeoPixels here ({error}); on a Raspberry Pi {INSTALL_HINT}"
        ) from error
    return board, neopixel
