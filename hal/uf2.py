"""UF2 images as the RP2040's USB bootloader takes them (``firmware/dist/flixboard-pico.uf2``):
512-byte blocks, each carrying 256 bytes of flash, its address and the block count.

The bootloader shows itself as a small FAT drive labelled ``RPI-RP2`` whose ``INFO_UF2.TXT``
names the board; it flashes the blocks written to any file on it and restarts once the last one
arrived."""

from __future__ import annotations

import struct

from engine.phrase import why

BLOCK_SIZE = 512
PAYLOAD_SIZE = 256
MAGIC_START = (0x0A324655, 0x9E5D5157)
MAGIC_END = 0x0AB16F30
RP2040_FAMILY = 0xE48BFF56
FLAG_FAMILY_ID = 0x00002000
DRIVE_LABEL = "RPI-RP2"
DRIVE_INFO = "INFO_UF2.TXT"
DRIVE_INFO_TEXT = f"UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: {DRIVE_LABEL}\n"
"""What an RP2040's bootloader drive says in ``INFO_UF2.TXT``."""


def check_image(data: bytes) -> int:
    """The number of blocks of a whole RP2040 UF2 image; ``ValueError`` naming what is wrong
    (not a multiple of 512 bytes, a bad magic, another chip family, a block missing or out of
    order)."""
    if not data or len(data) % BLOCK_SIZE:
        raise ValueError(
            why(
                "{size} bytes, not a whole number of {block}-byte UF2 blocks",
                size=len(data),
                block=BLOCK_SIZE,
            )
        )
    total = len(data) // BLOCK_SIZE
    for index in range(total):
        at = index * BLOCK_SIZE
        start0, start1, flags, _address, size, number, count, family = struct.unpack_from(
            "<8I", data, at
        )
        (end,) = struct.unpack_from("<I", data, at + BLOCK_SIZE - 4)
        if (start0, start1, end) != (*MAGIC_START, MAGIC_END):
            raise ValueError(why("block {index} has no UF2 magic", index=index))
        if not flags & FLAG_FAMILY_ID or family != RP2040_FAMILY:
            raise ValueError(why("block {index} is not for an RP2040", index=index))
        if (number, count, size) != (index, total, PAYLOAD_SIZE):
            raise ValueError(
                why(
                    "block {index} says it is block {number} of {count}",
                    index=index,
                    number=number,
                    count=count,
                )
            )
    return total
