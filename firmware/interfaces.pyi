"""What the firmware's logic is given, for the type checker only: there is no ``interfaces.py``,
so nothing of this reaches the Pico. Modules import it under ``if TYPE_CHECKING:`` (a local
``TYPE_CHECKING = False``, since MicroPython has no ``typing``) and name it in quoted annotations.
"""

from typing import Protocol, TypedDict

BytesLike = bytes | bytearray | memoryview

# A scan plan: per enable group, the steps; a step is a select channel and its (adc, sensor) reads.
ScanStep = tuple[int, tuple[tuple[int, int], ...]]
ScanPlan = list[tuple[int, list[ScanStep]]]

class InputPin(Protocol):
    """A pin read with ``value()``: 0 or 1."""

    def value(self) -> int: ...

class OutputPin(Protocol):
    """A pin driven with ``value(level)``."""

    def value(self, level: int, /) -> object: ...

class Adc(Protocol):
    """An ADC input: ``read_u16()`` is the conversion scaled to 16 bits."""

    def read_u16(self) -> int: ...

class Strip(Protocol):
    """A NeoPixel strip in wire order: ``strip[i] = (r, g, b)``, then ``write()``."""

    def __setitem__(self, index: int, color: tuple[int, int, int], /) -> None: ...
    def write(self) -> None: ...

class Transport(Protocol):
    """The byte link to the host: ``read()`` what waits (None when nothing), ``write(data)``."""

    def read(self) -> BytesLike | None: ...
    def write(self, data: bytes, /) -> None: ...

class Calibration(TypedDict):
    """A stored calibration (``firmware.calibration``)."""

    version: int
    baseline: list[int]
    on: int
    off: int

class ViperPointer(Protocol):
    """What viper's ``ptr8(x)`` / ``ptr32(x)`` give: words (or bytes) at an address."""

    def __getitem__(self, index: int, /) -> int: ...
    def __setitem__(self, index: int, value: int, /) -> None: ...

def ptr8(target: object, /) -> ViperPointer: ...
def ptr32(target: object, /) -> ViperPointer: ...
def uint(value: object, /) -> int: ...
