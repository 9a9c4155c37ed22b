"""What differs between MicroPython and CPython: ``const`` and the wrapping millisecond ticks."""

try:
    from micropython import const as const
except ImportError:

    def const(expr: int) -> int:
        """CPython stand-in for MicroPython's compile-time constant marker."""
        return expr


TICKS_PERIOD = const(1 << 30)  # time.ticks_ms() wraps here on 32-bit ports such as the rp2
_TICKS_HALF = const(1 << 29)


def ticks_diff(later: int, earlier: int) -> int:
    """``later - earlier`` in milliseconds across the wrap, as ``time.ticks_diff``."""
    return ((later - earlier + _TICKS_HALF) & (TICKS_PERIOD - 1)) - _TICKS_HALF
