"""The firmware's logic on CPython with simulated hardware wired as wiring/pico.toml says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware import protocol
from firmware.board import HOST_TIMEOUT_MS, RESTART_DELAY_MS, Board
from firmware.buttons import Buttons
from firmware.leds import LedOutput, current_ma
from firmware.scan import Scanner
from hal.base import Piece
from hal.pinmap import load_leds
from sim.board import SimBoard
from sim.clock import SimClock
from sim.mcu import ADC_MID, SimHardware, sensor_offset


class Wire:
    """The USB serial as the firmware sees it: bytes from the host, frames to the host."""

    def __init__(self) -> None:
        self.inbox = b""
        self.deframer = protocol.Deframer()
        self.frames: list[tuple[int, int, bytes]] = []

    def read(self) -> bytes | None:
        data, self.inbox = self.inbox, b""
        return data or None

    def write(self, data: bytes) -> None:
        self.frames += self.deframer.feed(data)

    def kinds(self) -> list[int]:
        return [kind for kind, _, _ in self.frames]


class Rig:
    def __init__(self, tmp_path: Path) -> None:
        self.clock = SimClock()
        self.board = SimBoard(clock=self.clock)
        self.hardware = SimHardware(self.board, __import__("hal.pinmap").pinmap.load_pico())
        self.wire = Wire()
        self.path = str(tmp_path / "calibration.json")
        self.now = 0
        self.firmware = self._boot()
        self.seq = 0

    def _boot(self) -> Board:
        hw = self.hardware
        return Board(
            Scanner(hw.adc, hw.select, hw.enable, lambda us: None),
            LedOutput(hw.strip),
            Buttons(hw.buttons),
            self.wire,
            self.path,
            self.now,
        )

    def send(self, kind: int, body: bytes = b"") -> int:
        seq = self.seq
        self.wire.inbox += protocol.encode_frame(kind, seq, body)
        self.seq = (seq + 1) & 0xFF
        return seq

    def run(self, ms: int, step: int = 2) -> None:
        for _ in range(0, ms, step):
            self.now += step
            self.clock.advance(step / 1000)
            self.hardware.refresh(self.firmware.buttons.held)
            self.firmware.poll(self.now)

    def last(self, kind: int) -> bytes:
        return [body for k, _, body in self.wire.frames if k == kind][-1]

    def acks(self) -> dict[int, int]:
        return {body[0]: body[1] for k, _, body in self.wire.frames if k == protocol.ACK}


@pytest.fixture
def rig(tmp_path: Path) -> Rig:
    rig = Rig(tmp_path)
    rig.send(protocol.HELLO, bytes([protocol.VERSION]))
    rig.run(10)
    return rig


def holes(rig: Rig) -> bytes:
    return protocol.unpack_state(rig.last(protocol.STATE))[0]


def test_handshake_answers_info_then_full_state(rig: Rig) -> None:
    assert rig.wire.kinds()[:2] == [protocol.INFO, protocol.STATE]
    assert rig.last(protocol.INFO) == bytes([protocol.VERSION, 1, 2, 64, 8, 72, 0])
    assert protocol.unpack_state(rig.last(protocol.STATE))[1] == bytes([1, 2, 3, 4])


def test_every_sensor_is_read_through_its_multiplexer_channel(rig: Rig) -> None:
    """The firmware's scan order and the simulated wiring (read from the TOML) agree: each
    sensor's raw count is its own field."""
    for hole in range(64):
        rig.board.place(hole, Piece.MAN if hole % 3 else Piece.BUROCRAT)
    rig.hardware.refresh(0)
    rig.firmware.scanner.scan(rig.firmware.raw)
    fields = rig.board.raw_fields()
    for sensor, raw in enumerate(rig.firmware.raw):
        assert raw == ADC_MID + sensor_offset(sensor) - fields[sensor], sensor


def test_pieces_are_debounced_then_reported(rig: Rig) -> None:
    rig.board.place("Y-II-H", Piece.MAN)
    rig.board.place("B-IV-C", Piece.BUROCRAT)
    rig.run(4)  # two scans: not yet
    assert holes(rig)[21] == 0
    rig.run(20)
    assert (holes(rig)[21], holes(rig)[63]) == (1, 2)
    rig.board.hover("R-I-S", 1.0, crossing_s=0.004)  # two scans above the threshold
    rig.run(100)
    assert holes(rig)[0] == 0


def test_panels_are_read_from_the_groove_sensors(rig: Rig) -> None:
    rig.board.remove_panel(1)
    rig.board.seat_panel(2, "Y")
    rig.run(20)
    assert protocol.unpack_state(rig.last(protocol.STATE))[1] == bytes([1, 0, 2, 4])


def test_led_frames_are_acknowledged_and_written_in_chain_order(rig: Rig) -> None:
    rgb = bytearray(216)
    rgb[3 * 21 : 3 * 21 + 3] = bytes([255, 128, 0])
    rgb[3 * 64 : 3 * 64 + 3] = bytes([0, 0, 255])
    seq = rig.send(protocol.LEDS, bytes([255]) + rgb)
    rig.run(2)
    assert rig.acks()[seq] == protocol.OK
    chain = load_leds()
    strip = rig.hardware.strip
    assert strip[chain.position_of(21)] == (255, 128, 0)
    assert strip[chain.position_of(64)] == (0, 0, 255) == strip[71]
    assert sum(1 for i in range(72) if strip[i] != (0, 0, 0)) == 2


def test_full_white_is_held_within_the_power_budget(rig: Rig) -> None:
    rig.send(protocol.LEDS, bytes([255]) + bytes([255]) * 216)
    rig.run(2)
    leds = rig.firmware.leds
    assert leds.brightness == 155  # 0.608 of full
    assert current_ma(bytes([255]) * 216, leds.brightness) <= 2700
    assert rig.hardware.strip[0] == (155, 155, 155)


def test_a_bad_led_frame_is_refused_and_not_shown(rig: Rig) -> None:
    seq = rig.send(protocol.LEDS, bytes([255, 1, 2, 3]))
    rig.run(2)
    assert rig.acks()[seq] == protocol.BAD_LENGTH
    assert not rig.firmware.leds.valid


def test_bad_frames_are_counted_and_dropped(rig: Rig) -> None:
    good = protocol.encode_frame(protocol.PING, 0)
    corrupted = bytearray(protocol.encode_frame(protocol.LEDS, 1, bytes(217)))
    corrupted[10] ^= 0x40  # never a zero: one packet, one CRC error
    rig.wire.inbox = b"\x05ab\x00" + bytes(corrupted) + b"\xff" * 400 + b"\x00" + good
    rig.run(2)
    counters = rig.firmware.counters
    assert (counters["rx_cobs"], counters["rx_crc"], counters["rx_overflow"]) == (1, 1, 1)
    assert not rig.firmware.leds.valid
    rig.send(0x42)
    rig.run(2)
    assert counters["rx_unknown"] == 1


def test_sequence_gaps_are_counted(rig: Rig) -> None:
    rig.seq += 3
    rig.send(protocol.PING)
    rig.run(2)
    assert rig.firmware.counters["rx_seq_gaps"] == 3
    rig.send(protocol.STATS_REQUEST)
    rig.run(2)
    stats = rig.last(protocol.STATS)
    assert len(stats) == 4 * len(protocol.STATS_FIELDS)
    assert int.from_bytes(stats[24:28], "big") == 3  # rx_seq_gaps


def test_heartbeat_then_silence_when_the_host_is_gone(rig: Rig) -> None:
    rig.wire.frames.clear()
    rig.run(HOST_TIMEOUT_MS - 20)
    beats = rig.wire.kinds().count(protocol.STATE)
    assert 8 <= beats <= 11  # every 100 ms
    rig.run(200)
    rig.wire.frames.clear()
    rig.run(500)
    assert rig.wire.frames == []
    assert rig.firmware.counters["host_timeouts"] == 1
    strip = rig.hardware.strip
    assert all(strip[i] == (0, 0, 0) for i in range(64)) and strip[64][2] > 0  # waiting
    rig.send(protocol.PING)
    rig.run(2)
    flags = protocol.unpack_state(rig.last(protocol.STATE))[4]
    assert not flags & protocol.FLAG_LEDS_VALID  # so the host sends its frame again


def test_raw_mode_streams_signed_fields(rig: Rig) -> None:
    rig.board.place(21, Piece.MAN)
    seq = rig.send(protocol.MODE, bytes([protocol.MODE_RAW]))
    rig.run(60)
    assert rig.acks()[seq] == protocol.OK
    fields = protocol.unpack_fields(rig.last(protocol.RAW))
    assert len(fields) == 72
    assert fields[21] > 800 and abs(fields[20]) < 110


def test_calibration_capture_store_and_forget(rig: Rig, tmp_path: Path) -> None:
    for groove in range(4):
        rig.board.remove_panel(groove)
    rig.run(20)
    seq = rig.send(protocol.CALIBRATE, bytes([protocol.CAL_CAPTURE]))
    rig.run(100)
    assert rig.acks()[seq] == protocol.OK
    stored = json.loads((tmp_path / "calibration.json").read_text())
    empty = rig.board.raw_fields()  # each simulated sensor's own small offset
    assert stored["baseline"] == [ADC_MID + sensor_offset(s) - empty[s] for s in range(72)]
    assert rig.firmware.calibrated
    seq = rig.send(protocol.CALIBRATE, bytes([protocol.CAL_THRESHOLDS, 1, 44, 0, 150]))
    rig.run(2)
    assert rig.acks()[seq] == protocol.OK
    assert json.loads((tmp_path / "calibration.json").read_text())["on"] == 300
    rig.firmware = rig._boot()  # a reset keeps the calibration
    assert rig.firmware.classifier.on == 300
    assert rig.firmware.classifier.baseline == stored["baseline"]
    rig.send(protocol.CALIBRATE, bytes([protocol.CAL_FORGET]))
    rig.run(2)
    assert not (tmp_path / "calibration.json").exists()


def test_a_bootloader_frame_with_its_key_asks_for_a_reset_into_the_bootloader(rig: Rig) -> None:
    short = rig.send(protocol.BOOTLOADER, b"BOO")
    wrong = rig.send(protocol.BOOTLOADER, b"BOOX")
    rig.run(2)
    assert (rig.acks()[short], rig.acks()[wrong]) == (protocol.BAD_LENGTH, protocol.BAD_VALUE)
    assert not rig.firmware.into_bootloader
    assert not rig.firmware.restart_due(rig.now + 10 * RESTART_DELAY_MS)
    seq = rig.send(protocol.BOOTLOADER, protocol.BOOTLOADER_KEY)
    rig.run(2)
    assert rig.acks()[seq] == protocol.OK
    assert rig.firmware.into_bootloader
    assert not rig.firmware.restart_due(rig.now)  # the ACK goes out first
    assert rig.firmware.restart_due(rig.now + RESTART_DELAY_MS)


def test_calibration_refused_with_a_magnet_near(rig: Rig, tmp_path: Path) -> None:
    seq = rig.send(protocol.CALIBRATE, bytes([protocol.CAL_CAPTURE]))  # panels still seated
    rig.run(100)
    assert rig.acks()[seq] == protocol.MAGNET_NEAR
    assert not (tmp_path / "calibration.json").exists()


def test_buttons_count_presses(rig: Rig) -> None:
    rig.board.press("roll")
    rig.board.press("menu")
    rig.run(300)
    presses = protocol.unpack_state(rig.last(protocol.STATE))[3]
    assert presses == bytes([1, 0, 0, 1])


def test_forgetting_the_calibration_keeps_every_piece_and_panel(rig: Rig) -> None:
    """CALIBRATE 3 returns to the defaults without restarting the debounce: the STATE that
    follows still carries every piece and panel."""
    rig.board.place("Y-II-H", Piece.MAN)
    rig.board.place("B-IV-C", Piece.BUROCRAT)
    rig.run(20)
    assert (holes(rig)[21], holes(rig)[63]) == (1, 2)
    rig.send(protocol.CALIBRATE, bytes([protocol.CAL_FORGET]))
    rig.send(protocol.PING)
    rig.run(2)
    state = protocol.unpack_state(rig.last(protocol.STATE))
    assert (state[0][21], state[0][63]) == (1, 2)
    assert state[1] == bytes([1, 2, 3, 4])
    classifier = rig.firmware.classifier
    assert (classifier.on, classifier.off) == (220, 110)
    assert classifier.baseline == [ADC_MID] * 72
    assert not state[4] & protocol.FLAG_CALIBRATED
