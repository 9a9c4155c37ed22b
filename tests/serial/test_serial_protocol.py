"""The host's codec (hal/cobs.py, hal/crc.py, hal/serial_protocol.py) against the shared known
answers in firmware/vectors.json, cobs-python itself, and fuzzing."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import cobs.cobs as cobs_python
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hal import cobs
from hal.base import Piece
from hal.crc import crc16
from hal.geometry import load_geometry
from hal.serial_errors import FrameError
from hal.serial_protocol import (
    MAX_ENCODED,
    MAX_PAYLOAD,
    Deframer,
    Info,
    Kind,
    build_state,
    decode_frame,
    encode_frame,
    led_frames,
    leds_body,
    parse_fields,
    parse_info,
    parse_state,
    parse_stats,
    thresholds_body,
)

VECTORS = json.loads((Path(__file__).parents[2] / "firmware" / "vectors.json").read_text())


def test_crc_check_values() -> None:
    for vector in VECTORS["crc16"]:
        assert crc16(bytes.fromhex(vector["data_hex"])) == vector["crc"]
    assert crc16(b"123456789") == 0x29B1


def test_cobs_published_vectors() -> None:
    for vector in VECTORS["cobs"]:
        decoded, encoded = (
            bytes.fromhex(vector["decoded_hex"]),
            bytes.fromhex(vector["encoded_hex"]),
        )
        assert cobs.encode(decoded) == encoded
        assert cobs.decode(encoded) == decoded
    for packet in VECTORS["cobs_errors"]:
        with pytest.raises(FrameError) as caught:
            cobs.decode(bytes.fromhex(packet))
        assert caught.value.counter == "cobs"


@given(st.binary(max_size=600))
def test_cobs_matches_cobs_python(data: bytes) -> None:
    assert cobs.encode(data) == cobs_python.encode(data)
    assert cobs.decode(cobs_python.encode(data)) == data


@given(st.binary(max_size=80))
def test_cobs_rejects_what_cobs_python_rejects(data: bytes) -> None:
    try:
        expected: bytes | None = cobs_python.decode(data)
    except cobs_python.DecodeError:
        expected = None
    try:
        actual: bytes | None = cobs.decode(data)
    except FrameError:
        actual = None
    assert actual == expected


def test_frames_match_the_firmware_vectors() -> None:
    for vector in VECTORS["frames"]:
        wire = bytes.fromhex(vector["wire_hex"])
        assert (
            encode_frame(vector["kind"], vector["seq"], bytes.fromhex(vector["body_hex"])) == wire
        )
        frame = decode_frame(wire[:-1])
        assert (frame.kind, frame.seq, frame.body.hex()) == (
            vector["kind"],
            vector["seq"],
            vector["body_hex"],
        )


def test_stream_with_every_kind_of_damage() -> None:
    deframer = Deframer()
    stream = bytes.fromhex(VECTORS["stream"]["wire_hex"])
    frames = [f for i in range(0, len(stream), 7) for f in deframer.feed(stream[i : i + 7])]
    assert [[f.kind, f.seq, f.body.hex()] for f in frames] == VECTORS["stream"]["frames"]
    assert deframer.errors == VECTORS["stream"]["errors"]


def test_state_and_fields_bodies_match_the_firmware() -> None:
    vector = VECTORS["states"][0]
    state = parse_state(bytes.fromhex(vector["body_hex"]))
    assert state.holes == tuple(Piece(c) for c in vector["holes"])
    assert state.grooves == ("R", "Y", None, "B")
    assert (state.held, state.presses, state.flags, state.scan_hz) == (5, (1, 2, 3, 255), 5, 612)
    raw = VECTORS["raw_fields"][0]
    clamped = [max(-32768, min(32767, v)) for v in raw["fields"]]
    assert list(parse_fields(bytes.fromhex(raw["body_hex"]) + bytes(126))[:9]) == clamped


def test_flat_states_match_the_firmware() -> None:
    """A flat board's STATE: 2 bits a cell (1 a piece, read as present), no grooves."""
    for vector in VECTORS["flat_states"]:
        geometry = load_geometry(vector["geometry"])
        body = bytes.fromhex(vector["body_hex"])
        state = parse_state(body, geometry)
        assert state.holes == tuple(Piece.PRESENT if c else Piece.EMPTY for c in vector["holes"])
        assert state.grooves == ()
        assert (state.held, list(state.presses), state.flags, state.scan_hz) == (
            vector["held"],
            vector["presses"],
            vector["flags"],
            vector["rate"],
        )
        rebuilt = bytearray(build_state(state.holes, (), state.presses))
        rebuilt[-8] = vector["held"]
        rebuilt[-3:] = bytes([vector["flags"]]) + vector["rate"].to_bytes(2, "big")
        assert bytes(rebuilt) == body
    assert [len(bytes.fromhex(v["body_hex"])) for v in VECTORS["flat_states"]] == [15, 39]


def test_a_flat_state_of_a_wrong_length_or_class_is_refused() -> None:
    flip4 = load_geometry("flip4")
    body = bytearray(build_state((Piece.EMPTY,) * 25, ()))
    body[6] = 0b10  # cell 24 in class 2: a flat board tells no kinds
    with pytest.raises(FrameError, match="cell 24 has the unused class 2"):
        parse_state(bytes(body), flip4)
    with pytest.raises(FrameError, match="STATE body of 28 bytes, expected 15"):
        parse_state(build_state((Piece.EMPTY,) * 64, ("R", "Y", "G", "B")), flip4)


def test_an_olix_led_frame_travels_in_parts_as_the_vectors_say() -> None:
    vector = VECTORS["led_parts"]
    body = bytes([vector["brightness"]]) + bytes.fromhex(vector["rgb_hex"])
    parts = led_frames(body, vector["frame"])
    assert [[int(kind), part.hex()] for kind, part in parts] == [
        [p["kind"], p["body_hex"]] for p in vector["parts"]
    ]
    assert all(len(part) + 4 <= MAX_PAYLOAD for _, part in parts)
    assert b"".join(part[3:] for _, part in parts) == body[1:]
    flip4 = leds_body(((1, 2, 3),) * 33, 1.0, 33)
    assert led_frames(flip4, 9) == [(Kind.LEDS, flip4)]  # Flip 4's frame fits in one


def test_info_names_the_board_and_its_counts_must_fit_it() -> None:
    info = parse_info(bytes([1, 1, 1, 121, 0, 129, 2]))
    assert info.geometry == load_geometry("olix")
    assert parse_info(bytes([1, 1, 0, 64, 8, 72])).geometry.key == "flix"  # before profiles
    with pytest.raises(FrameError, match="unknown board profile 5"):
        _ = Info(1, (1, 1), 25, 0, 33, 5).geometry
    with pytest.raises(FrameError, match="not the flip4 board's"):
        _ = Info(1, (1, 1), 64, 8, 72, 1).geometry


def test_impossible_states_are_refused() -> None:
    body = bytearray(build_state((Piece.EMPTY,) * 64, ("R", "Y", "G", "B")))
    assert parse_state(bytes(body)).grooves == ("R", "Y", "G", "B")
    body[3] = 0b11 << 2  # hole 13 in the unused class 3
    with pytest.raises(FrameError, match="hole 13"):
        parse_state(bytes(body))
    with pytest.raises(FrameError, match="STATE body of 27"):
        parse_state(bytes(27))


def test_encode_refuses_an_oversized_frame() -> None:
    with pytest.raises(FrameError):
        encode_frame(Kind.LEDS, 0, bytes(300))


@settings(max_examples=300)
@given(st.lists(st.binary(max_size=700), max_size=12))
def test_decoder_fuzz_no_exception_bounded_buffer(chunks: list[bytes]) -> None:
    deframer = Deframer()
    for chunk in chunks:
        for frame in deframer.feed(chunk):
            assert frame.kind <= 0xFF and len(frame.body) <= MAX_ENCODED
        assert deframer.buffered <= MAX_ENCODED


@settings(max_examples=100)
@given(st.lists(st.tuples(st.integers(0, 255), st.binary(max_size=200)), max_size=8), st.data())
def test_valid_frames_survive_any_garbage_between_them(
    frames: list[tuple[int, bytes]], data: st.DataObject
) -> None:
    deframer = Deframer()
    received = []
    for seq, (kind, body) in enumerate(frames):
        garbage = data.draw(st.binary(max_size=50))
        received += deframer.feed(garbage + b"\x00")
        received += deframer.feed(encode_frame(kind, seq, body))
    valid = [(f.kind, f.seq, f.body) for f in received]
    for seq, (kind, body) in enumerate(frames):
        assert (kind, seq, body) in valid


def test_decoder_memory_stays_bounded() -> None:
    deframer = Deframer()
    noise = bytes(range(1, 256)) * 40  # 10 kB without a delimiter
    tracemalloc.start()
    try:
        deframer.feed(noise)
        start, _ = tracemalloc.get_traced_memory()
        for _ in range(200):
            deframer.feed(noise)
        end, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert deframer.buffered == 0 and deframer.errors["overflow"] == 1
    assert end - start < 64 * 1024


def test_the_crc_table_is_the_bitwise_crc_of_each_byte() -> None:
    """hal/crc.py: CRC-16/CCITT-FALSE, "poly 0x1021, init 0xFFFF, not reflected, no final XOR":
    each table entry is the CRC register after shifting its byte through the polynomial bit by
    bit (the table is built at import, so it is checked here by building it again)."""
    from hal.crc import _make_table

    def bitwise(byte: int) -> int:
        register = byte << 8
        for _ in range(8):
            carry = register & 0x8000
            register = (register << 1) & 0xFFFF
            if carry:
                register ^= 0x1021
        return register

    assert _make_table() == tuple(bitwise(byte) for byte in range(256))


def test_cobs_errors_say_where_the_packet_breaks() -> None:
    """hal/cobs.py: ``FrameError`` if it is not valid COBS — the message names the offset (the
    counter and the log tell a noisy line from a firmware fault by it)."""
    cases = {
        b"\x01\x00": "zero byte at offset 1 of a COBS packet",
        b"\x05\x11": "COBS block at offset 0 runs 3 bytes past the end",
        b"\x03\x11\x00": "zero byte inside the COBS block at offset 0",
    }
    for packet, message in cases.items():
        with pytest.raises(FrameError) as caught:
            cobs.decode(packet)
        assert str(caught.value) == message


def test_a_state_body_packs_each_hole_in_two_bits_and_each_groove_in_a_byte() -> None:
    """PROTOCOL.md STATE: "the 64 holes, 2 bits each: hole `h` in byte `h // 4`, bits
    `2·(h % 4)`; 0 empty, 1 Man (north), 2 Burocrat (south)"; "the 4 grooves front to back: 0 no
    panel ..., 1..4 = R, Y, G, B"."""
    empty = (Piece.EMPTY,) * 64
    for hole in range(64):
        for piece in (Piece.MAN, Piece.BUROCRAT):
            holes = (*empty[:hole], piece, *empty[hole + 1 :])
            body = build_state(holes, (None,) * 4)
            expected = bytearray(28)
            expected[hole // 4] = int(piece) << 2 * (hole % 4)
            assert body == bytes(expected)
    mixed = tuple((Piece.EMPTY, Piece.MAN, Piece.BUROCRAT)[h % 3] for h in range(64))
    body = build_state(mixed, (None, "B", "R", "G"), presses=(1, 2, 3, 4))
    assert body[0] == 0b00_10_01_00 and body[16:20] == bytes([0, 4, 1, 3])
    assert body[21:25] == bytes([1, 2, 3, 4])
    state = parse_state(body)
    assert state.holes == mixed and state.grooves == (None, "B", "R", "G")


def test_an_led_frame_is_a_brightness_byte_then_rgb_of_72_pixels() -> None:
    """PROTOCOL.md LEDS: "`brightness` (u8, 0..255), then `r g b` x 72 in logical order (holes
    0..63, status 64..71)"."""
    colors = tuple((p, 255 - p, p // 2) for p in range(72))
    body = leds_body(colors, 0.7)
    assert len(body) == 1 + 3 * 72 and body[0] == 178
    assert body[1:4] == bytes([0, 255, 0]) and body[-3:] == bytes([71, 184, 35])
    assert leds_body(colors, 0.0)[0] == 0 and leds_body(colors, -1.0)[0] == 0
    assert leds_body(colors, 1.0)[0] == 255 and leds_body(colors, 2.0)[0] == 255
    with pytest.raises(FrameError) as error:
        leds_body(colors[:71], 1.0)
    assert error.value.counter == "malformed"
    assert str(error.value) == "an LED frame needs 72 colours, not 71"


def test_a_thresholds_body_is_the_op_then_two_big_endian_words() -> None:
    """PROTOCOL.md CALIBRATE: "`op` (u8): ... 2 thresholds, then `on` (u16) `off` (u16)"."""
    assert thresholds_body(0x0102, 0x0304) == bytes([2, 1, 2, 3, 4])


def test_raw_info_and_stats_bodies_are_read_field_by_field() -> None:
    """PROTOCOL.md: RAW "72 x signed i16 big-endian"; INFO "`version`, firmware `major`,
    `minor`, `holes` (64), `groove sensors` (8), `pixels` (72)"; STATS "11 x u32 big-endian:
    `rx_frames rx_cobs ... loop_errors`"; a body of the wrong length is counted `malformed`."""
    fields = [-2, 258, -32768, 32767] + [0] * 68
    raw = b"".join(v.to_bytes(2, "big", signed=True) for v in fields)
    assert parse_fields(raw) == tuple(fields)
    info = parse_info(bytes([1, 2, 3, 64, 8, 72]))
    assert (info.version, info.firmware, info.holes, info.groove_sensors, info.pixels) == (
        1,
        (2, 3),
        64,
        8,
        72,
    )
    counts = [0x01020304 * (i + 1) % 2**32 for i in range(11)]
    stats = parse_stats(b"".join(c.to_bytes(4, "big") for c in counts))
    assert list(stats) == [
        "rx_frames",
        "rx_cobs",
        "rx_short",
        "rx_crc",
        "rx_overflow",
        "rx_unknown",
        "rx_seq_gaps",
        "tx_frames",
        "scans",
        "host_timeouts",
        "loop_errors",
    ]
    assert list(stats.values()) == counts
    for parse, body, message in (
        (parse_fields, raw[:-1], "RAW body of 143 bytes, expected 144"),
        (parse_info, bytes(5), "INFO body of 5 bytes, expected 6 or 7"),
        (parse_stats, bytes(43), "STATS body of 43 bytes"),
        (parse_stats, bytes(45), "STATS body of 45 bytes"),
    ):
        with pytest.raises(FrameError) as error:
            parse(body)
        assert error.value.counter == "malformed" and str(error.value) == message


def test_a_reset_drops_an_overlong_packet_and_the_next_frame_counts() -> None:
    """PROTOCOL.md: "a longer packet is discarded up to the next delimiter and counted as
    `overflow`" — a new connection starts mid-stream, so a reset forgets the packet being
    dropped and the next frame is read (the counts stay)."""
    deframer = Deframer()
    deframer.feed(b"\x01" * (MAX_ENCODED + 5))
    assert deframer.errors["overflow"] == 1
    deframer.reset()
    frame = encode_frame(Kind.PING, 7)
    assert [f.seq for f in deframer.feed(frame)] == [7]
    assert deframer.errors["overflow"] == 1 and deframer.buffered == 0


def test_a_payload_is_at_most_240_bytes() -> None:
    """PROTOCOL.md: "payload: kind (u8) | seq (u8) | body (0..236 bytes) | crc (u16)"; "A
    payload is at most 240 bytes"."""
    frame = decode_frame(encode_frame(Kind.PING, 3)[:-1])
    assert (frame.kind, frame.seq, frame.body) == (Kind.PING, 3, b"")
    longest = encode_frame(Kind.LEDS, 4, bytes(range(236)))
    assert decode_frame(longest[:-1]).body == bytes(range(236))
    with pytest.raises(FrameError) as error:
        encode_frame(Kind.LEDS, 5, bytes(237))
    assert error.value.counter == "overflow"
    assert str(error.value) == "a 241-byte frame exceeds 240"


def test_impossible_states_are_counted_malformed_and_say_why() -> None:
    """PROTOCOL.md: "`malformed` (a body of the wrong length or an impossible value, host
    side)"; STATE "3 never occurs"; grooves "1..4 = R, Y, G, B"."""
    body = bytearray(build_state((Piece.EMPTY,) * 64, ("R", "Y", "G", "B")))
    body[26:28] = (612).to_bytes(2, "big")
    assert parse_state(bytes(body)).scan_hz == 612
    unused = bytearray(body)
    unused[3] = 0b11 << 2
    wrong_panel = bytearray(body)
    wrong_panel[18] = 5
    for bad, message in (
        (bytes(27), "STATE body of 27 bytes, expected 28"),
        (bytes(body) + b"\x00", "STATE body of 29 bytes, expected 28"),
        (bytes(unused), "hole 13 has the unused class 3"),
        (bytes(wrong_panel), "groove 2 has the unknown panel code 5"),
    ):
        with pytest.raises(FrameError) as error:
            parse_state(bad)
        assert error.value.counter == "malformed" and str(error.value) == message


def test_short_and_corrupt_frames_are_counted_and_say_why() -> None:
    """PROTOCOL.md counters: "`short` (payload under 4 bytes), `crc` (mismatch)"."""
    with pytest.raises(FrameError) as error:
        decode_frame(cobs.encode(b"\x03\x00\x01"))
    assert error.value.counter == "short"
    assert str(error.value) == "a 3-byte frame is shorter than 4 bytes"
    payload = b"\x03\x07"
    good = crc16(payload)
    with pytest.raises(FrameError) as error:
        decode_frame(cobs.encode(payload + (good ^ 1).to_bytes(2, "big")))
    assert error.value.counter == "crc"
    assert str(error.value) == f"CRC {good:04x} does not match {good ^ 1:04x}"


def test_the_deframer_buffers_at_most_its_limit_and_counts_each_overflow_and_frame() -> None:
    """PROTOCOL.md: "A receiver buffers at most 243 bytes: a longer packet is discarded up to the
    next delimiter and counted as `overflow`"; "`0x00` delimits frames" (nothing between two
    delimiters is no frame and no error)."""
    frame = encode_frame(Kind.PING, 1)
    exact = Deframer(limit=len(frame) - 1)
    assert [f.seq for f in exact.feed(frame)] == [1] and exact.errors["overflow"] == 0
    tight = Deframer(limit=len(frame) - 2)
    assert tight.feed(frame) == [] and tight.errors["overflow"] == 1
    deframer = Deframer()
    for _ in range(2):
        for _ in range(30):
            deframer.feed(b"\x01" * 10)
            assert deframer.buffered <= MAX_ENCODED
        deframer.feed(b"\x00")
    assert deframer.errors["overflow"] == 2
    frames = deframer.feed(b"\x00\x00" + frame + frame + b"\x00" + encode_frame(Kind.PING, 2))
    assert [f.seq for f in frames] == [1, 1, 2] and deframer.frames == 3
    assert deframer.errors == {"cobs": 0, "short": 0, "crc": 0, "overflow": 2}
