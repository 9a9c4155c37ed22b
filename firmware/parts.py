"""What the firmware runs on this port: ``firmware.native``'s viper code where MicroPython
compiles native code (the rp2 port), else the portable ``scan``, ``sensing``, ``crc`` and
``cobs``. Both give the same results (tests/firmware/pico/test_pico_native.py)."""

import sys

from firmware import cobs, crc
from firmware.scan import Scanner
from firmware.sensing import Classifier

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from types import ModuleType

    from firmware.interfaces import Adc, OutputPin


def _native() -> "ModuleType | None":
    if sys.implementation.name != "micropython":
        return None
    try:
        from firmware import native
    except (SyntaxError, ValueError):  # no native emitter (WebAssembly), or a .mpy of another
        return None  # MicroPython (firmware-deploy) that refuses its native code
    return native


NATIVE = _native()
crc16 = crc.crc16 if NATIVE is None else NATIVE.crc16
cobs_encode = cobs.encode if NATIVE is None else NATIVE.cobs_encode
cobs_decode = cobs.decode if NATIVE is None else NATIVE.cobs_decode


def sensing_parts(
    adc: "Sequence[Adc]",
    mux_select: "Sequence[OutputPin]",
    mux_enable: "Sequence[OutputPin | None]",
    sleep_us: "Callable[[int], object]",
) -> "tuple[Scanner, Classifier]":
    """``(scanner, classifier)`` on pins already set up (the native scanner drives their
    registers, the portable one these objects)."""
    if NATIVE is None:
        return Scanner(adc, mux_select, mux_enable, sleep_us), Classifier()
    return NATIVE.NativeScanner(), NATIVE.NativeClassifier()
