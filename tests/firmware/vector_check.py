"""Runs the firmware's logic modules over firmware/vectors.json and returns what they compute.

Runs unchanged on CPython and on MicroPython (the WebAssembly port under Node): the tests compare
both results with each other and with the known answers in the vectors.
"""

import json

from firmware import calibration, cobs, leds, profiles, protocol
from firmware.board import Board
from firmware.buttons import Buttons
from firmware.crc import crc16
from firmware.matrix import MatrixScanner
from firmware.sensing import Classifier

TYPE_CHECKING = False
if TYPE_CHECKING:  # MicroPython has no typing: names for the type checker only
    from collections.abc import Iterable
    from typing import Any


def _hex(data: "Iterable[int]") -> str:
    return "".join(f"{b:02x}" for b in data)


def _unhex(text: str) -> bytes:
    return bytes(int(text[i : i + 2], 16) for i in range(0, len(text), 2))


class _Pin:
    def __init__(self) -> None:
        self.level = 1

    def value(self, level: "int | None" = None) -> int:
        if level is not None:
            self.level = level
        return self.level


class _Strip:
    def __init__(self, pixels: int) -> None:
        self.pixels: list[tuple[int, int, int] | None] = [None] * pixels

    def __setitem__(self, index: int, color: "tuple[int, int, int]") -> None:
        self.pixels[index] = color

    def write(self) -> None:
        pass


class _Wire:
    def __init__(self) -> None:
        self.inbox = b""
        self.sent = b""

    def read(self) -> bytes:
        data, self.inbox = self.inbox, b""
        return data

    def write(self, data: bytes) -> None:
        self.sent += data


def _flat_board(name: str) -> "tuple[Board, _Wire]":
    """A Board of a flat profile on idle pins, greeted by a host: ``(board, wire)``."""
    profile = next(p for p in profiles.PROFILES if p.name == name)
    scanner = MatrixScanner(
        profile.rows,
        [_Pin() for _ in profile.row_pins],
        [_Pin() for _ in profile.decoder_pins],
        [_Pin() for _ in profile.col_pins],
        lambda us: None,
        0,
    )
    strip = _Strip(profile.pixels)
    output = leds.LedOutput(strip, profile.chain, profile.cells)
    buttons = Buttons([_Pin() for _ in range(4)])
    wire = _Wire()
    board = Board(scanner, output, buttons, wire, "/calibration.json", 0, None, profile, "")
    wire.inbox = protocol.encode_frame(protocol.HELLO, 0, bytes([protocol.VERSION]))
    board.poll(1)
    wire.sent = b""
    return board, wire


def _send_parts(board: Board, wire: _Wire, parts: "list[tuple[int, bytes]]") -> "list[int]":
    """ACK statuses of LED parts sent one per main-loop pass."""
    for seq, (kind, body) in enumerate(parts):
        wire.inbox = protocol.encode_frame(kind, seq + 1, body)
        board.poll(2 + seq)
    deframer = protocol.Deframer()
    return [body[1] for kind, _, body in deframer.feed(wire.sent) if kind == protocol.ACK]


def run(path: str) -> "dict[str, Any]":
    with open(path) as file:
        vectors = json.load(file)
    out: dict[str, Any] = {}
    out["crc16"] = [crc16(_unhex(v["data_hex"])) for v in vectors["crc16"]]
    out["cobs_encode"] = [_hex(cobs.encode(_unhex(v["decoded_hex"]))) for v in vectors["cobs"]]
    out["cobs_decode"] = [_hex(cobs.decode(_unhex(v["encoded_hex"]))) for v in vectors["cobs"]]
    errors = []
    for packet in vectors["cobs_errors"]:
        try:
            cobs.decode(_unhex(packet))
            errors.append("accepted")
        except ValueError as error:
            errors.append(error.args[0])
    out["cobs_errors"] = errors
    out["frames"] = [
        _hex(protocol.encode_frame(v["kind"], v["seq"], _unhex(v["body_hex"])))
        for v in vectors["frames"]
    ]
    decoded = []
    for v in vectors["frames"]:
        kind, seq, body = protocol.decode_frame(_unhex(v["wire_hex"])[:-1])
        decoded.append([kind, seq, _hex(body)])
    out["frames_decoded"] = decoded
    deframer = protocol.Deframer()
    stream = deframer.feed(_unhex(vectors["stream"]["wire_hex"]))
    out["stream"] = {
        "frames": [[kind, seq, _hex(body)] for kind, seq, body in stream],
        "errors": deframer.errors,
    }
    states = []
    for v in vectors["states"]:
        body = protocol.pack_state(
            bytes(v["holes"]),
            bytes(v["grooves"]),
            v["held"],
            bytes(v["presses"]),
            v["flags"],
            v["rate"],
        )
        states.append(_hex(body))
    out["states"] = states
    out["fields"] = [_hex(protocol.pack_fields(v["fields"])) for v in vectors["raw_fields"]]
    sensing = []
    for v in vectors["sensing"]:
        classifier = Classifier(1, v["on"], v["off"], v["debounce"], v["north_sign"])
        classifier.baseline = [v["baseline"]]
        seen = []
        for raw in v["raw"]:
            classifier.update([raw])
            seen.append(classifier.state[0])
        sensing.append(seen)
    out["sensing"] = sensing
    grooves = []
    for v in vectors["grooves"]:
        classifier = Classifier(debounce=1)
        raw = [2048] * 72
        for sensor, value in enumerate(v["groove_raw"]):
            raw[64 + sensor] = value
        classifier.update(raw)
        grooves.append(list(classifier.grooves()))
    out["grooves"] = grooves
    buttons = []
    for v in vectors["buttons"]:
        pin = _Pin()
        debounced = Buttons([pin], v["debounce_ms"])
        for at, level in v["samples"]:
            pin.level = level
            debounced.update(at)
        buttons.append(debounced.presses[0])
    out["buttons"] = buttons
    out["brightness"] = [
        leds.limited_brightness(
            bytes(v["color"]) * v["lit"] + bytes(3 * (72 - v["lit"])), v["brightness"]
        )
        for v in vectors["brightness"]
    ]
    captures = []
    for v in vectors["calibration"]:
        capture = calibration.Capture(72, len(v["scans"]))
        for scan in v["scans"]:
            capture.add(scan)
        try:
            captures.append(capture.result(220, 110)["baseline"])
        except ValueError as error:
            captures.append(error.args[0])
    out["calibration"] = captures
    out["flat_states"] = [
        _hex(
            protocol.pack_state(
                bytes(v["holes"]), b"", v["held"], bytes(v["presses"]), v["flags"], v["rate"]
            )
        )
        for v in vectors["flat_states"]
    ]
    v = vectors["led_parts"]
    parts = [(p["kind"], _unhex(p["body_hex"])) for p in v["parts"]]
    board, wire = _flat_board(v["geometry"])
    acks = _send_parts(board, wire, parts)
    shown = board.leds
    board, wire = _flat_board(v["geometry"])  # the next frame's first part is lost
    other = bytes([(v["frame"] + 1) & 0xFF]) + parts[1][1][1:]
    missing = _send_parts(board, wire, [parts[0], (parts[1][0], other)])
    out["led_parts"] = {
        "acks": acks,
        "shown_hex": _hex(shown.rgb),
        "shown_level": shown.brightness,
        "missing_acks": missing,
        "missing_shown": board.leds.shown,
    }
    return out
