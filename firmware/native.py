"""The scan, the classification, the CRC and COBS as viper code for the RP2040
(``firmware.parts`` picks them).

The multiplexer lines go through the SIO's GPIO set and clear registers, the ADC through its CS
and RESULT registers, the settle time is a busy wait on the microsecond timer, and the
classification runs over integer arrays: a pass allocates nothing. They do what ``scan.Scanner``
and ``sensing.Classifier`` do, which stay the portable path (ports without a native emitter).
The pins must be set up first (``machine.Pin`` outputs, ``machine.ADC`` inputs), as main.py does.
"""

import array

import micropython
from micropython import const

from firmware import pins
from firmware.scan import register_steps, scan_plan
from firmware.sensing import Classifier

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from firmware.interfaces import BytesLike, ptr8, ptr32, uint

# sensing's classes, as constants viper compiles in (an imported name would be an object)
_NONE = const(0)
_NORTH = const(1)
_SOUTH = const(2)


class NativeScanner:
    """``scan.Scanner`` on the registers: ``scan(out)`` fills an ``array("i")`` by sensor."""

    def __init__(self, settle_us: int = pins.MUX_SETTLE_US) -> None:
        plan = scan_plan(pins.MUX_ADC, pins.MUX_GROUP, pins.MUX_SENSORS)
        inputs = [pin - pins.ADC_GPIO_BASE for pin in pins.ADC_PINS]
        words = register_steps(
            plan, pins.MUX_SELECT_PINS, pins.MUX_ENABLE_PINS, pins.MUX_GROUP, inputs
        )
        self.steps = array.array("I", words)
        self.length = len(words)
        self.settle_us = settle_us

    @micropython.viper
    def scan(self, out: object) -> object:
        """Fill ``out[sensor]`` with each sensor's count (0..4095)."""
        steps = ptr32(self.steps)
        length = int(self.length)
        settle = int(self.settle_us)
        raw = ptr32(out)
        # Every constant fits a Thumb immediate (0..255): a larger one is a literal the code
        # loads relative to its own address, which a frozen module (aligned to 2, not 4) misreads
        # (the one in the prelude happens to be read right).
        sio = ptr32(uint(0xD0) << 24)  # GPIO_OUT_SET at word 5, GPIO_OUT_CLR at word 6
        adc = ptr32(uint(0x40) << 24 | uint(0x04) << 16 | uint(0xC0) << 8)  # CS 0, RESULT 1
        timer = ptr32(uint(0x40) << 24 | uint(0x05) << 16 | uint(0x40) << 8)  # TIMERAWL 10
        shift = 8
        ready = 1 << shift  # CS.READY, computed: the compiler would fold 1 << 8 into a literal
        i = 0
        while i < length:
            sio[5] = steps[i]
            sio[6] = steps[i + 1]
            end = i + 3 + 2 * steps[i + 2]
            i += 3
            start = timer[10]
            while timer[10] - start <= settle:
                pass
            while i < end:
                adc[0] = (steps[i] << 12) | 5  # AINSEL, START_ONCE, EN
                while not (adc[0] & ready):
                    pass
                raw[steps[i + 1]] = adc[1]
                i += 2
        return None  # viper's return type names no None


class NativeClassifier(Classifier):
    """``sensing.Classifier`` with ``update`` in viper over ``array("i")`` baselines and fields."""

    def __init__(self) -> None:
        super().__init__()
        self.baseline = array.array("i", self.baseline)
        self.field = array.array("i", self.field)

    def set_baseline(self, values: "Sequence[int]") -> None:
        self.baseline = array.array("i", values)

    @micropython.viper
    def update(self, raw: object) -> bool:
        """Classify one scan of raw counts (an ``array("i")``); True if a class changed."""
        count = int(self.count)
        on = int(self.on)
        off = int(self.off)
        sign = int(self.north_sign)
        debounce = int(self.debounce)
        counts = ptr32(raw)
        baseline = ptr32(self.baseline)
        field = ptr32(self.field)
        state = ptr8(self.state)
        pending = ptr8(self._pending)
        held = ptr8(self._held)
        changed = 0
        i = 0
        while i < count:
            f = (counts[i] - baseline[i]) * sign
            field[i] = f
            current = state[i]
            if f >= on or (current == _NORTH and f >= off):
                seen = _NORTH
            elif f <= 0 - on or (current == _SOUTH and f <= 0 - off):
                seen = _SOUTH
            else:
                seen = _NONE
            if seen == current:
                held[i] = 0
            elif seen == pending[i] and held[i] > 0:
                held[i] += 1
                if held[i] >= debounce:
                    state[i] = seen
                    held[i] = 0
                    changed = 1
            else:
                pending[i] = seen
                held[i] = 1
                if debounce <= 1:
                    state[i] = seen
                    held[i] = 0
                    changed = 1
            i += 1
        return changed != 0


def crc16(data: "BytesLike", crc: int = 0xFFFF) -> int:
    """``crc.crc16`` bit by bit in viper: the same CRC-16/CCITT-FALSE, about 50 times faster."""
    return _crc16(data, len(data), crc)


@micropython.viper
def _crc16(data: object, length: int, crc: int) -> int:
    buf = ptr8(data)
    one = 1  # masks and polynomial built at run time: constants above 255 are literals (above)
    high = one << 15
    mask = (one << 16) - 1
    poly = (one << 12) | 0x21
    i = 0
    while i < length:
        crc ^= buf[i] << 8
        bit = 0
        while bit < 8:
            crc = ((crc << 1) ^ poly) if crc & high else crc << 1
            bit += 1
        crc &= mask
        i += 1
    return crc


def cobs_encode(data: "BytesLike") -> bytes:
    """``cobs.encode`` in viper: the same bytes."""
    out = bytearray(len(data) + len(data) // 254 + 2)
    return bytes(memoryview(out)[: _cobs_encode(data, len(data), out)])


@micropython.viper
def _cobs_encode(data: object, length: int, out: object) -> int:
    src = ptr8(data)
    dst = ptr8(out)
    code_at = 0
    code = 1
    n = 1
    final_zero = 1
    i = 0
    while i < length:
        byte = src[i]
        if byte == 0:
            dst[code_at] = code
            code_at = n
            n += 1
            code = 1
            final_zero = 1
        else:
            dst[n] = byte
            n += 1
            code += 1
            if code == 0xFF:
                dst[code_at] = code
                code_at = n
                n += 1
                code = 1
                final_zero = 0
        i += 1
    if code > 1 or final_zero:
        dst[code_at] = code
        return n
    return code_at


def cobs_decode(data: "BytesLike") -> bytes:
    """``cobs.decode`` in viper: the same bytes, or ``ValueError("cobs")``."""
    out = bytearray(len(data))
    length = _cobs_decode(data, len(data), out)
    if length > len(data):
        raise ValueError("cobs")
    return bytes(memoryview(out)[:length])


@micropython.viper
def _cobs_decode(data: object, length: int, out: object) -> int:
    """The decoded length, or ``length + 1`` if ``data`` is not valid COBS."""
    src = ptr8(data)
    dst = ptr8(out)
    n = 0
    i = 0
    while i < length:
        code = src[i]
        end = i + code
        if code == 0 or end > length:
            return length + 1
        j = i + 1
        while j < end:
            byte = src[j]
            if byte == 0:
                return length + 1
            dst[n] = byte
            n += 1
            j += 1
        i = end
        if i < length and code < 0xFF:
            dst[n] = 0
            n += 1
    return n
