"""The firmware's logic gives the known answers on CPython and, identically, on real MicroPython
(the WebAssembly port run by Node)."""

from __future__ import annotations

import json
import runpy
from typing import Any

import pytest

from tests.firmware.firmware_paths import VECTOR_CHECK, VECTORS, run_micropython

VECTOR_DATA = json.loads(VECTORS.read_text())


@pytest.fixture(scope="module")
def cpython_results() -> dict[str, Any]:
    run = runpy.run_path(str(VECTOR_CHECK))["run"]
    results: dict[str, Any] = json.loads(json.dumps(run(str(VECTORS))))
    return results


@pytest.fixture(scope="module")
def micropython_results() -> dict[str, Any]:
    out = run_micropython(
        "import json, sys, vector_check\n"
        "print(sys.implementation.name)\n"
        "print(json.dumps(vector_check.run('/vectors.json')))\n",
        VECTOR_CHECK,
        VECTORS,
    )
    implementation, results = out.splitlines()[:2]
    assert implementation == "micropython"
    parsed: dict[str, Any] = json.loads(results)
    return parsed


def test_micropython_and_cpython_agree(
    cpython_results: dict[str, Any], micropython_results: dict[str, Any]
) -> None:
    assert micropython_results == cpython_results


def test_known_answers(cpython_results: dict[str, Any]) -> None:
    results = cpython_results
    assert results["crc16"] == [v["crc"] for v in VECTOR_DATA["crc16"]]
    assert results["crc16"][0] == 0x29B1
    assert results["cobs_encode"] == [v["encoded_hex"] for v in VECTOR_DATA["cobs"]]
    assert results["cobs_decode"] == [v["decoded_hex"] for v in VECTOR_DATA["cobs"]]
    assert results["cobs_errors"] == ["cobs"] * len(VECTOR_DATA["cobs_errors"])
    assert results["frames"] == [v["wire_hex"] for v in VECTOR_DATA["frames"]]
    assert results["frames_decoded"] == [
        [v["kind"], v["seq"], v["body_hex"]] for v in VECTOR_DATA["frames"]
    ]
    assert results["stream"]["frames"] == VECTOR_DATA["stream"]["frames"]
    assert results["stream"]["errors"] == VECTOR_DATA["stream"]["errors"]
    assert results["states"] == [v["body_hex"] for v in VECTOR_DATA["states"]]
    assert results["fields"] == [v["body_hex"] for v in VECTOR_DATA["raw_fields"]]
    for key in ("sensing", "grooves", "buttons", "brightness", "calibration", "led_parts"):
        assert results[key] == VECTOR_DATA["expected"][key], key
    assert results["flat_states"] == [v["body_hex"] for v in VECTOR_DATA["flat_states"]]


def test_debounce_and_hysteresis_answers_read_as_intended() -> None:
    man_comes_and_goes = VECTOR_DATA["expected"]["sensing"][0]
    assert man_comes_and_goes == [0] * 5 + [1] * 8 + [0] * 2
    assert VECTOR_DATA["expected"]["sensing"][1] == [0] * 12  # glitches never count
    assert VECTOR_DATA["expected"]["grooves"] == [[1, 2, 3, 4], [0, 0, 4, 1]]
    assert VECTOR_DATA["expected"]["calibration"][1] == "magnet:5"
    parts = VECTOR_DATA["expected"]["led_parts"]  # a frame in parts shows whole, or not at all
    assert parts["shown_hex"] == VECTOR_DATA["led_parts"]["rgb_hex"] and parts["acks"] == [0, 0]
    assert (parts["missing_acks"], parts["missing_shown"]) == ([0, 7], 0)


def test_the_board_state_machine_runs_under_micropython() -> None:
    out = run_micropython(
        "from firmware.board import Board\n"
        "from firmware.buttons import Buttons\n"
        "from firmware.leds import LedOutput\n"
        "from firmware.scan import Scanner\n"
        "from firmware import protocol\n"
        "class Pin:\n"
        "    def __init__(self): self.v = 1\n"
        "    def value(self, v=None):\n"
        "        if v is not None: self.v = v\n"
        "        return self.v\n"
        "class Adc:\n"
        "    def read_u16(self): return 2048 << 4\n"
        "class Strip(list):\n"
        "    def write(self): pass\n"
        "class Wire:\n"
        "    def __init__(self): self.inbox = b''; self.sent = b''\n"
        "    def read(self):\n"
        "        data, self.inbox = self.inbox, b''\n"
        "        return data\n"
        "    def write(self, data): self.sent += data\n"
        "wire = Wire()\n"
        "board = Board(Scanner([Adc()] * 3, [Pin() for _ in range(4)], [Pin() for _ in range(4)]"
        " + [None], lambda us: None), LedOutput(Strip([None] * 72)), Buttons([Pin() for _ in"
        " range(4)]), wire, '/calibration.json', 0)\n"
        "wire.inbox = protocol.encode_frame(protocol.HELLO, 0, bytes([1]))"
        " + protocol.encode_frame(protocol.LEDS, 1, bytes([255]) + bytes([9]) * 216)\n"
        "board.poll(5)\n"
        "frames = protocol.Deframer().feed(wire.sent)\n"
        "print([f[0] for f in frames], frames[2][2][0], board.leds.np[0])\n"
        "wire.sent = b''\n"
        "wire.inbox = protocol.encode_frame(protocol.CALIBRATE, 2, bytes([protocol.CAL_CAPTURE]))\n"
        "for t in range(40): board.poll(10 + t)\n"
        "acks = [f[2] for f in protocol.Deframer().feed(wire.sent) if f[0] == protocol.ACK]\n"
        "import json\n"
        "print(list(acks[0]), json.load(open('/calibration.json'))['baseline'][:2])\n",
    )
    first, second = out.strip().splitlines()
    assert first == "[129, 131, 130, 131] 1 (9, 9, 9)"  # INFO, STATE, ACK, STATE (boot)
    assert second == "[2, 0] [2048, 2048]"  # calibrated and stored on the Pico's filesystem


IDLE_PARTS = """
import gc
from firmware import profiles, protocol
from firmware.board import Board
from firmware.buttons import Buttons
from firmware.leds import LedOutput
from firmware.matrix import MatrixScanner
from firmware.scan import Scanner
class Pin:
    def __init__(self): self.v = 1
    def value(self, v=None):
        if v is not None: self.v = v
        return self.v
class Adc:
    def read_u16(self): return 2048 << 4
class Strip(list):
    def write(self): pass
class Wire:
    def __init__(self): self.inbox = b''; self.sent = b''
    def read(self):
        data, self.inbox = self.inbox, b''
        return data
    def write(self, data): self.sent += data
def settle(us): pass
wire = Wire()
"""
"""Stand-ins for the Pico's pins, ADCs, strip and USB link; a script then makes ``board``."""

IDLE_PASSES = """
def allocated(now, passes=50):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(passes):
        board.poll(now)
    used = gc.mem_alloc() - before
    gc.enable()
    return used
board.poll(3)
waiting = allocated(3)  # no host: the waiting pattern is already shown for this phase
wire.inbox = protocol.encode_frame(protocol.HELLO, 0, bytes([1]))
board.poll(5)
print(waiting, allocated(6))  # a host, nothing changed, no heartbeat due
"""
"""What 50 idle passes of ``board`` allocate, without a host and with one."""

IDLE_BOARD = """
board = Board(Scanner([Adc()] * 3, [Pin() for _ in range(4)], [Pin() for _ in range(4)] + [None],
    settle), LedOutput(Strip([None] * 72)), Buttons([Pin() for _ in range(4)]), wire,
    '/calibration.json', 0)
"""


def test_an_idle_main_loop_pass_allocates_nothing_under_micropython() -> None:
    """Scan, debounce, buttons and the link allocate nothing on a pass with nothing to send,
    so the garbage collector does not interrupt the scan every few seconds."""
    assert run_micropython(IDLE_PARTS + IDLE_BOARD + IDLE_PASSES).split() == ["0", "0"]


IDLE_FLAT_BOARD = """
profile = profiles.PROFILES[profiles.OLIX]
scanner = MatrixScanner(profile.rows, [], [Pin() for _ in profile.decoder_pins],
    [Pin() for _ in profile.col_pins], settle, profile.settle_us)
board = Board(scanner, LedOutput(Strip([None] * profile.pixels), profile.chain, profile.cells),
    Buttons([Pin() for _ in range(4)]), wire, '/calibration.json', 0, None, profile, '')
"""


def test_an_idle_pass_on_the_olix_matrix_allocates_nothing_under_micropython() -> None:
    """The 121-cell matrix scan (rows through the decoder) and its presence debounce allocate
    nothing either."""
    assert run_micropython(IDLE_PARTS + IDLE_FLAT_BOARD + IDLE_PASSES).split() == ["0", "0"]
