"""The scanner and classifier for the port the firmware runs on: the viper ones of
``firmware.native`` where MicroPython compiles native code (the rp2 port), else the portable
``scan.Scanner`` and ``sensing.Classifier``. Both classify alike (tests/firmware/pico)."""

import sys

from firmware.scan import Scanner
from firmware.sensing import Classifier

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from firmware.interfaces import Adc, OutputPin


def sensing_parts(
    adc: "Sequence[Adc]",
    mux_select: "Sequence[OutputPin]",
    mux_enable: "Sequence[OutputPin | None]",
    sleep_us: "Callable[[int], object]",
) -> "tuple[Scanner, Classifier]":
    """``(scanner, classifier)`` on pins already set up (the native scanner drives their
    registers, the portable one these objects)."""
    if sys.implementation.name == "micropython":
        try:
            from firmware.native import NativeClassifier, NativeScanner
        except (SyntaxError, ValueError):  # no native emitter (WebAssembly), or a .mpy of
            # another MicroPython (firmware-deploy) that refuses its native code
            pass
        else:
            return NativeScanner(), NativeClassifier()  # type: ignore[return-value]
    return Scanner(adc, mux_select, mux_enable, sleep_us), Classifier()
