"""On the emulated Pico, the viper code of ``firmware.native`` (the rp2 port's path) and the
portable modules (the path the WebAssembly tests check) agree: the classifiers on the same seeded
scans (the same changes, classes, fields and debounce counts after every scan), the CRCs, and
COBS both ways (bad packets refused alike)."""

from __future__ import annotations

import pytest

from tests.emulated_pico import run_in_safe_mode

SCRIPT = """
import array, json
from firmware.native import NativeClassifier
from firmware.sensing import Classifier
seed = 16
def rand(n):
    global seed
    seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
    return (seed >> 8) % n
LEVELS = (-400, -230, -221, -220, -150, -110, -109, 0, 109, 110, 150, 220, 221, 230, 400)
portable, native = Classifier(), NativeClassifier()
baseline = [2048 + rand(201) - 100 for _ in range(72)]
portable.set_baseline(baseline)
native.set_baseline(baseline)
raw = array.array("i", [2048] * 72)
level = [0] * 72
steps = mismatches = changes = 0
seen = set()
for step in range(600):
    if step == 300:
        portable.set_thresholds(300, 60)
        native.set_thresholds(300, 60)
    for i in range(72):
        if rand(12) == 0:
            level[i] = LEVELS[rand(len(LEVELS))]
        raw[i] = baseline[i] - level[i] - (rand(3) - 1 if rand(4) == 0 else 0)
    if step == 0:
        portable.prime(raw)
        native.prime(raw)
        continue
    changed = portable.update(raw)
    if changed != native.update(raw) or portable.state != native.state \\
            or list(portable.field) != list(native.field) or portable._held != native._held \\
            or portable._pending != native._pending:
        mismatches += 1
    changes += changed
    steps += 1
    seen.update(portable.state)
print(json.dumps({"steps": steps, "mismatches": mismatches, "changes": changes,
                  "classes": sorted(seen)}))
"""


CRC_SCRIPT = """
import json
from firmware import cobs, crc, native
pairs = []
encoded = refused = 0
for length in (0, 1, 2, 30, 221, 240, 253, 254, 255, 600):
    data = bytes((i * 97 + length) & 255 for i in range(length))
    pairs.append([crc.crc16(data), native.crc16(data),
                  crc.crc16(data, 0x1D0F), native.crc16(data, 0x1D0F)])
    for sample in (data, bytes(length), bytes(b or 1 for b in data), data + bytes(1)):
        packet = native.cobs_encode(sample)
        assert packet == cobs.encode(sample), sample
        assert native.cobs_decode(packet) == sample, packet
        encoded += 1
for bad in (b"\\x00", b"\\x03a", b"\\x02\\x00", b"\\x05abc"):
    try:
        native.cobs_decode(bad)
    except ValueError as error:
        assert error.args == ("cobs",)
        try:
            cobs.decode(bad)
        except ValueError:
            refused += 1
view = memoryview(bytearray(b"xx123456789"))[2:]
print(json.dumps({"pairs": pairs, "check": native.crc16(b"123456789"),
                  "view": native.crc16(view), "encoded": encoded, "refused": refused}))
"""


def test_the_viper_crc_and_cobs_match_the_portable_ones() -> None:
    result = run_in_safe_mode(CRC_SCRIPT)
    assert result["encoded"] == 40
    assert result["refused"] == 4
    assert result["check"] == result["view"] == 0x29B1
    for portable, native, portable_continued, native_continued in result["pairs"]:
        assert native == portable
        assert native_continued == portable_continued


@pytest.mark.timeout(600)  # 3.5 min on a loaded machine
def test_the_viper_classifier_matches_the_portable_one() -> None:
    result = run_in_safe_mode(SCRIPT)
    assert result["steps"] == 599
    assert result["mismatches"] == 0
    assert result["changes"] > 100  # the inputs move pieces, so the comparison means something
    assert result["classes"] == [0, 1, 2]
