"""The one LED writer: layers composed into a frame, sent only when it changed, at most 60/s.

A layer maps pixel indices (holes ``0..63``, status ``64..71``; on a flat board its cells, then
its status pixels) to colours; later layers cover earlier ones. ``LedRenderer.submit`` sends
through the backend's ``PixelStrip``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.bitboard import scan_forward
from hal.base import PIXEL_COUNT, Color, PixelStrip

OFF: Color = (0, 0, 0)
MAX_FPS = 60.0

Layer = Mapping[int, Color]
Frame = tuple[Color, ...]


def compose(layers: Iterable[Layer], count: int = PIXEL_COUNT) -> Frame:
    """The frame of ``count`` pixels that results from painting ``layers`` in order over black."""
    pixels = [OFF] * count
    for layer in layers:
        for index, color in layer.items():
            pixels[index] = color
    return tuple(pixels)


def scale(color: Color, factor: float) -> Color:
    """``color`` dimmed (or brightened, clipped) by ``factor``."""
    r, g, b = color
    return (
        min(255, round(r * factor)),
        min(255, round(g * factor)),
        min(255, round(b * factor)),
    )


def holes_layer(holes: int, color: Color) -> dict[int, Color]:
    """``color`` on every hole of the bitboard ``holes``."""
    return dict.fromkeys(scan_forward(holes), color)


class LedRenderer:
    """Sends frames to a strip: only changed ones, and no two within ``1 / max_fps`` seconds.

    A frame that arrives too soon after the last one is held and sent at ``next_deadline()``
    (the newest held frame wins).
    """

    def __init__(
        self, strip: PixelStrip, *, brightness_cap: float, max_fps: float = MAX_FPS
    ) -> None:
        self.strip = strip
        strip.max_brightness = min(strip.max_brightness, brightness_cap)
        strip.brightness = brightness_cap
        self.min_interval = 1.0 / max_fps
        self.sent: Frame | None = None
        self.sent_at: float | None = None
        self.frames_sent = 0
        self._held: Frame | None = None

    def set_cap(self, brightness_cap: float) -> None:
        """A new brightness cap (the settings page): the next frame is sent at it."""
        self.strip.max_brightness = brightness_cap
        self.strip.brightness = brightness_cap
        self.sent = None

    def submit(self, frame: Frame, now: float) -> bool:
        """Offer the frame wanted now; whether it was sent."""
        if frame == self.sent:
            self._held = None
            return False
        if self.sent_at is not None and now < self.sent_at + self.min_interval:
            self._held = frame
            return False
        self._send(frame, now)
        return True

    def flush(self, now: float) -> bool:
        """Send a held frame if its time has come; whether one was sent."""
        if self._held is None or self.sent_at is None or now < self.sent_at + self.min_interval:
            return False
        self._send(self._held, now)
        return True

    def next_deadline(self) -> float | None:
        """When a held frame may be sent, or ``None``."""
        if self._held is None or self.sent_at is None:
            return None
        return self.sent_at + self.min_interval

    def _send(self, frame: Frame, now: float) -> None:
        self.strip[:] = frame
        self.strip.show()
        self.sent = frame
        self.sent_at = now
        self.frames_sent += 1
        self._held = None
