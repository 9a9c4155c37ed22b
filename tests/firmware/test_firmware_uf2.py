"""The committed UF2 (firmware/dist) was built from the firmware as it is now."""

from __future__ import annotations

import hashlib
import importlib.util
import struct
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
FLASH_BASE = 0x10000000


def _build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_uf2", ROOT / "scripts" / "build_uf2.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_uf2_was_built_from_the_current_firmware() -> None:
    build = _build_script()
    assert build.recorded_hash() == build.source_hash(), (
        "firmware/ changed since firmware/dist/flixboard-pico.uf2 was built: run"
        " `make firmware-uf2` (needs gcc-arm-none-eabi and cmake) and commit firmware/dist/"
    )


def test_the_source_hash_covers_every_frozen_file(tmp_path: Path) -> None:
    build = _build_script()
    (tmp_path / "firmware").mkdir()
    (tmp_path / "scripts").mkdir()
    (tmp_path / "firmware" / "board.py").write_text("A = 1\n")
    (tmp_path / "scripts" / "uf2_manifest.py").write_text("module('main.py')\n")
    first = build.source_hash(tmp_path)
    (tmp_path / "firmware" / "board.py").write_text("A = 2\n")
    assert build.source_hash(tmp_path) != first
    (tmp_path / "firmware" / "board.py").write_text("A = 1\n")
    assert build.source_hash(tmp_path) == first
    (tmp_path / "firmware" / "new.py").write_text("")
    assert build.source_hash(tmp_path) != first


def test_the_uf2_is_a_whole_rp2040_image_that_names_its_sources() -> None:
    data = (ROOT / "firmware" / "dist" / "flixboard-pico.uf2").read_bytes()
    assert data and len(data) % 512 == 0
    blocks = [data[at : at + 512] for at in range(0, len(data), 512)]
    addresses = []
    for index, block in enumerate(blocks):
        magic0, magic1, _flags, address, size, number, total, family = struct.unpack_from(
            "<8I", block
        )
        assert (magic0, magic1, struct.unpack_from("<I", block, 508)[0]) == UF2_MAGIC
        assert (number, total, size, family) == (index, len(blocks), 256, 0xE48BFF56)  # RP2040
        addresses.append(address)
    assert addresses[0] == FLASH_BASE and addresses == sorted(addresses)
    sources = (ROOT / "firmware" / "dist" / "SOURCES.txt").read_text()
    assert f"uf2-sha256: {hashlib.sha256(data).hexdigest()}" in sources
    for name in ("micropython: v1.28.0", "lib/pico-sdk: 2.2.0", "lib/tinyusb:", "board: RPI_PICO"):
        assert name in sources


def test_the_uf2_leaves_the_flash_filesystem_alone() -> None:
    """Copying the UF2 keeps /calibration.json and /profile.txt: MicroPython's filesystem on a
    Pico (RPI_PICO: 1408 KB at the end of the 2 MB flash) starts after the image's last block."""
    data = (ROOT / "firmware" / "dist" / "flixboard-pico.uf2").read_bytes()
    last = max(struct.unpack_from("<I", data, at + 12)[0] for at in range(0, len(data), 512))
    assert last + 256 <= FLASH_BASE + (2048 - 1408) * 1024

