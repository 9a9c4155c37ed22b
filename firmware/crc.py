"""CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR); check 0x29B1."""

from firmware.compat import const

TYPE_CHECKING = False
if TYPE_CHECKING:
    from firmware.interfaces import BytesLike

_POLY = const(0x1021)


def _make_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ _POLY) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
        table.append(crc)
    return table


_TABLE = _make_table()


def crc16(data: "BytesLike", crc: int = 0xFFFF) -> int:
    """The CRC of ``data``; pass a previous result as ``crc`` to continue over more data."""
    table = _TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[(crc >> 8) ^ byte]
    return crc
