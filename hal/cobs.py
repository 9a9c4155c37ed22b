"""Consistent Overhead Byte Stuffing, compatible with cobs-python (same encodings, same errors).

>>> encode(b"12345\\x006789")
b'\\x0612345\\x056789'
>>> decode(b"\\x0612345\\x056789")
b'12345\\x006789'
"""

from __future__ import annotations

from hal.serial_errors import FrameError


def encode(data: bytes | bytearray) -> bytes:
    """COBS-encode ``data``; the result has no zero byte (the delimiter is not added)."""
    out = bytearray()
    block = bytearray()
    final_zero = True
    for byte in data:
        if byte == 0:
            out.append(len(block) + 1)
            out += block
            block.clear()
            final_zero = True
        else:
            block.append(byte)
            if len(block) == 0xFE:
                out.append(0xFF)
                out += block
                block.clear()
                final_zero = False
    if block or final_zero:
        out.append(len(block) + 1)
        out += block
    return bytes(out)


def decode(data: bytes | bytearray) -> bytes:
    """Decode COBS ``data``; ``FrameError`` (counter ``cobs``) if it is not valid COBS."""
    out = bytearray()
    i, n = 0, len(data)
    while i < n:
        code = data[i]
        end = i + code
        if code == 0:
            raise FrameError("cobs", f"zero byte at offset {i} of a COBS packet")
        if end > n:
            raise FrameError("cobs", f"COBS block at offset {i} runs {end - n} bytes past the end")
        block = data[i + 1 : end]
        if 0 in block:
            raise FrameError("cobs", f"zero byte inside the COBS block at offset {i}")
        out += block
        i = end
        if i < n and code < 0xFF:
            out.append(0)
    return bytes(out)
