"""Consistent Overhead Byte Stuffing, byte-for-byte compatible with cobs-python.

The encoded form has no zero byte, so ``0x00`` delimits frames on the wire.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from firmware.interfaces import BytesLike


def encode(data: "BytesLike") -> bytes:
    """COBS-encode ``data`` (without the trailing delimiter)."""
    out = bytearray(b"\x00")
    code_at = 0
    code = 1
    final_zero = True
    for byte in data:
        if byte == 0:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
            final_zero = True
        else:
            out.append(byte)
            code += 1
            if code == 0xFF:
                out[code_at] = code
                code_at = len(out)
                out.append(0)
                code = 1
                final_zero = False
    if code > 1 or final_zero:
        out[code_at] = code
    else:
        out = out[:code_at]
    return bytes(out)


def decode(data: "BytesLike") -> bytes:
    """Decode one COBS block sequence; ``ValueError("cobs")`` if it is not valid COBS."""
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        end = i + code
        if code == 0 or end > n:
            raise ValueError("cobs")
        for j in range(i + 1, end):
            byte = data[j]
            if byte == 0:
                raise ValueError("cobs")
            out.append(byte)
        i = end
        if i < n and code < 0xFF:
            out.append(0)
    return bytes(out)
