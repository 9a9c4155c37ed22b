"""NeoPixel output: logical frames from the host, written in chain order within the power budget.

``np`` is a ``neopixel.NeoPixel`` (or anything with ``np[i] = (r, g, b)``, ``write()``).
"""

from firmware import pins

TYPE_CHECKING = False
if TYPE_CHECKING:
    from firmware.interfaces import Strip


def byte_order(order: str) -> tuple[int, int, int, int]:
    """``neopixel.NeoPixel.ORDER`` for pixels expecting ``order`` (e.g. "GRB" -> (1, 0, 2, 3))."""
    return (order.index("R"), order.index("G"), order.index("B"), 3)


def current_ma(rgb: bytes, brightness: int) -> int:
    """The strip's estimated current for a frame of logical ``rgb`` at ``brightness`` 0..255."""
    channel_ma = sum(rgb) * pins.PIXEL_MA_PER_CHANNEL * brightness // (255 * 255)
    return channel_ma + pins.PIXEL_IDLE_MA * (len(rgb) // 3)


def limited_brightness(rgb: bytes, brightness: int) -> int:
    """The highest brightness up to ``brightness`` whose current stays within the LED budget."""
    total = sum(rgb) * pins.PIXEL_MA_PER_CHANNEL
    if total == 0:
        return brightness
    room = pins.LED_BUDGET_MA - pins.PIXEL_IDLE_MA * (len(rgb) // 3)
    return min(brightness, room * 255 * 255 // total)


class LedOutput:
    """Writes frames to the strip; ``valid`` is False until the host's first frame is shown.

    ``chain`` is the board's wire order, ``cells`` its cell pixels (the status pixels follow).
    ``rgb`` and ``brightness`` keep the last host frame as shown; ``shown`` counts them."""

    def __init__(
        self, np: "Strip", chain: tuple[int, ...] = pins.CHAIN, cells: int = pins.HOLE_COUNT
    ) -> None:
        self.np = np
        self.chain = chain
        self.cells = cells
        self.valid = False
        self.brightness = 0
        self.rgb = bytes(3 * len(chain))
        self.shown = 0

    def show(self, brightness: int, rgb: bytes) -> int:
        """Show ``rgb`` (3 bytes per logical pixel); returns the brightness actually applied."""
        level = limited_brightness(rgb, brightness)
        np = self.np
        for position, pixel in enumerate(self.chain):
            at = 3 * pixel
            np[position] = (
                rgb[at] * level // 255,
                rgb[at + 1] * level // 255,
                rgb[at + 2] * level // 255,
            )
        np.write()
        self.rgb = bytes(rgb)
        self.brightness = level
        self.valid = True
        self.shown += 1
        return level

    def waiting(self, phase: int) -> None:
        """No host: cells dark, the status pixels a dim blue that breathes with ``phase`` 0..15."""
        level = 4 + (phase if phase < 8 else 15 - phase) * 3
        np = self.np
        cells = self.cells
        for position, pixel in enumerate(self.chain):
            np[position] = (0, 0, level) if pixel >= cells else (0, 0, 0)
        np.write()
        self.valid = False
