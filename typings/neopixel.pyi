"""MicroPython's ``neopixel`` module (micropython-lib, frozen into the rp2 firmware): the members
the firmware uses. Typed here for ``firmware/``; the Pi side loads Adafruit's library of the same
name only through ``importlib`` (``hal.neopixel_strip``)."""

from machine import Pin

class NeoPixel:
    ORDER: tuple[int, int, int, int]  # a class default; the firmware sets its own per strip
    def __init__(self, pin: Pin, n: int, bpp: int = 3, timing: int = 1) -> None: ...
    def __setitem__(self, index: int, val: tuple[int, ...], /) -> None: ...
    def write(self) -> None: ...
