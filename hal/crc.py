"""CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, not reflected, no final XOR).

>>> hex(crc16(b"123456789"))
'0x29b1'
"""

from __future__ import annotations


def _make_table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
        table.append(crc)
    return tuple(table)


_TABLE = _make_table()


def crc16(data: bytes | bytearray | memoryview, crc: int = 0xFFFF) -> int:
    """The CRC of ``data``, continuing from ``crc``."""
    for byte in bytes(data):
        crc = ((crc << 8) & 0xFFFF) ^ _TABLE[(crc >> 8) ^ byte]
    return crc
