"""The firmware's logic for the flat boards on CPython, on simulated pins wired as
wiring/flip4.toml and wiring/olix.toml say: the matrix scan (rows by pin or decoder), presence
debounce, the flat STATE, LED frames in parts (never shown torn), the PROFILE frame, and the
analog commands a switch matrix refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware import profiles, protocol
from firmware.board import RESTART_DELAY_MS, Board
from firmware.matrix import MatrixScanner
from hal.geometry import load_geometry, load_grid_wiring
from hal.pinmap import load_pico
from hal.serial_protocol import led_frames, leds_body
from sim.board import SimBoard
from sim.clock import SimClock
from sim.mcu import SimHardware, boot_firmware
from tests.firmware.test_firmware_logic import Wire


class FlatRig:
    """A Pico set up for the flat board ``name``, in that board; a host has said HELLO."""

    def __init__(self, tmp_path: Path, name: str) -> None:
        geometry = load_geometry(name)
        self.clock = SimClock()
        self.board = SimBoard(clock=self.clock, geometry=geometry, sensing="presence")
        self.hardware = SimHardware(self.board, load_pico(), load_grid_wiring(name))
        self.flash = tmp_path
        code = profiles.FLIP4 if name == "flip4" else profiles.OLIX
        profiles.save(str(tmp_path / "profile.txt"), code)
        self.wire = Wire()
        self.now = 0
        self.seq = 0
        self.firmware = boot_firmware(self.hardware, self.wire, tmp_path, self.now)
        self.send(protocol.HELLO, bytes([protocol.VERSION]))
        self.run(10)

    def send(self, kind: int, body: bytes = b"", garble: bool = False) -> int:
        seq = self.seq
        wire = protocol.encode_frame(kind, seq, body)
        if garble:  # one data byte (a pixel's) flipped on the way: the CRC no longer matches
            wire = wire[:10] + bytes([wire[10] ^ 0x40]) + wire[11:]
        self.wire.inbox += wire
        self.seq = (seq + 1) & 0xFF
        return seq

    def run(self, ms: int, step: int = 2) -> None:
        for _ in range(0, ms, step):
            self.now += step
            self.clock.advance(step / 1000)
            self.hardware.refresh(self.firmware.buttons.held)
            self.firmware.poll(self.now)

    def state(self) -> tuple[bytes, bytes, int, bytes, int, int]:
        body = [b for k, _, b in self.wire.frames if k == protocol.STATE][-1]
        geometry = self.board.geometry
        return protocol.unpack_state(body, geometry.cells, 0)

    def acks(self) -> dict[int, int]:
        return {body[0]: body[1] for k, _, body in self.wire.frames if k == protocol.ACK}


@pytest.fixture(params=["flip4", "olix"])
def rig(tmp_path: Path, request: pytest.FixtureRequest) -> FlatRig:
    return FlatRig(tmp_path, request.param)


def test_info_reports_the_profile_and_its_counts(rig: FlatRig) -> None:
    info = [b for k, _, b in rig.wire.frames if k == protocol.INFO][-1]
    geometry = rig.board.geometry
    code = profiles.FLIP4 if geometry.key == "flip4" else profiles.OLIX
    assert info == bytes([protocol.VERSION, 1, 2, geometry.cells, 0, geometry.pixel_count, code])
    assert len([b for k, _, b in rig.wire.frames if k == protocol.STATE][-1]) == (
        protocol.state_length(geometry.cells, 0)
    )


def test_every_cell_is_read_at_its_row_and_column(rig: FlatRig) -> None:
    """The firmware's scan and the simulated matrix (wired from the TOML) agree cell by cell,
    with several pieces in one row and one column (the diodes allow no ghosts)."""
    cells = rig.board.geometry.cells
    cols = rig.board.geometry.cols
    chosen = {0, 1, cols - 1, cols, 2 * cols + 2, cells - 1}
    for cell in chosen:
        rig.board.place(cell)
    rig.hardware.refresh(0)
    raw = [0] * cells
    rig.firmware.scanner.scan(raw)
    assert {cell for cell in range(cells) if raw[cell]} == chosen


def test_a_piece_is_debounced_then_reported_as_present(rig: FlatRig) -> None:
    rig.board.place(3)
    rig.run(4)  # two scans: not yet
    assert rig.state()[0][3] == 0
    rig.run(20)
    holes = rig.state()[0]
    assert holes[3] == 1 and sum(holes) == 1
    rig.board.lift(3)
    rig.run(20)
    assert rig.state()[0][3] == 0


def test_the_rows_are_driven_low_one_at_a_time(tmp_path: Path) -> None:
    """Flip 4's rows have pins of their own: the scan leaves every row high between scans and
    drives exactly one low while it reads the columns."""
    rig = FlatRig(tmp_path, "flip4")
    matrix = rig.hardware.matrix
    assert matrix is not None
    driven_rows = matrix.driven_rows
    seen: list[list[int]] = []

    class Column:
        def value(self) -> int:
            seen.append(driven_rows())
            return 1

    scanner = rig.firmware.scanner
    assert isinstance(scanner, MatrixScanner)
    probe = MatrixScanner(5, scanner.row_pins, (), [Column()], lambda us: None, 0)
    probe.scan([0] * 5)
    assert seen == [[0], [1], [2], [3], [4]] and matrix.driven_rows() == []


def test_an_led_frame_in_parts_is_shown_whole(rig: FlatRig) -> None:
    pixels = rig.board.geometry.pixel_count
    body = leds_body(tuple((i % 50, 7, 9) for i in range(pixels)), 0.5, pixels)
    frames = led_frames(body, 1)
    assert len(frames) == (2 if pixels > 79 else 1)
    seqs = [rig.send(kind, part) for kind, part in frames]
    rig.run(2)
    assert [rig.acks()[seq] for seq in seqs] == [protocol.OK] * len(frames)
    assert rig.firmware.leds.rgb == body[1:] and rig.firmware.leds.shown == 1


def test_a_lost_or_garbled_part_never_shows_a_torn_frame(tmp_path: Path) -> None:
    rig = FlatRig(tmp_path, "olix")
    dark = leds_body(((0, 0, 0),) * 129, 1.0, 129)
    lit = leds_body(((20, 30, 40),) * 129, 1.0, 129)
    for kind, part in led_frames(dark, 1):
        rig.send(kind, part)
    rig.run(2)
    assert rig.firmware.leds.shown == 1
    first, second = led_frames(lit, 2)
    rig.send(*first, garble=True)  # the first part garbled: dropped on its CRC
    last = rig.send(*second)
    rig.run(2)
    assert rig.acks()[last] == protocol.PART_MISSING
    assert rig.firmware.leds.shown == 1 and rig.firmware.leds.rgb == dark[1:]
    rig.send(*first)  # the first part arrives, the second is lost
    rig.run(2)
    fourth = led_frames(dark, 3)[1]
    rig.send(*fourth)  # the next frame's second part alone: its first was lost
    rig.run(2)
    assert rig.firmware.leds.shown == 1 and rig.firmware.leds.rgb == dark[1:]
    assert all(pixel == (0, 0, 0) for pixel in rig.hardware.strip.written)
    for kind, part in led_frames(lit, 4):  # the host sends its frame again: it shows
        rig.send(kind, part)
    rig.run(2)
    assert rig.firmware.leds.shown == 2 and rig.firmware.leds.rgb == lit[1:]
    assert rig.firmware.counters["rx_crc"] == 1


def test_a_part_beyond_the_last_pixel_or_of_a_bad_length_is_refused(rig: FlatRig) -> None:
    pixels = rig.board.geometry.pixel_count
    beyond = rig.send(protocol.LEDS_PART, bytes([1, 255, pixels - 1]) + bytes(6))
    short = rig.send(protocol.LEDS_PART, bytes([1, 255, 0, 1]))
    whole = rig.send(protocol.LEDS, bytes(1 + 3 * 72))  # the spaceboard's frame
    rig.run(2)
    acks = rig.acks()
    assert (acks[beyond], acks[short], acks[whole]) == (
        protocol.BAD_VALUE,
        protocol.BAD_LENGTH,
        protocol.BAD_LENGTH,
    )
    assert rig.firmware.leds.shown == 0


def test_raw_mode_and_calibration_are_refused_on_a_switch_matrix(rig: FlatRig) -> None:
    raw = rig.send(protocol.MODE, bytes([protocol.MODE_RAW]))
    capture = rig.send(protocol.CALIBRATE, bytes([protocol.CAL_CAPTURE]))
    normal = rig.send(protocol.MODE, bytes([protocol.MODE_NORMAL]))
    rig.run(2)
    acks = rig.acks()
    assert (acks[raw], acks[capture], acks[normal]) == (
        protocol.NOT_ANALOG,
        protocol.NOT_ANALOG,
        protocol.OK,
    )
    assert not (rig.flash / "calibration.json").exists()


def test_a_profile_frame_stores_the_board_and_asks_for_a_restart(tmp_path: Path) -> None:
    rig = FlatRig(tmp_path, "flip4")
    same = rig.send(protocol.PROFILE, bytes([profiles.FLIP4]))
    unknown = rig.send(protocol.PROFILE, bytes([3]))
    rig.run(2)
    assert (rig.acks()[same], rig.acks()[unknown]) == (protocol.OK, protocol.BAD_VALUE)
    assert not rig.firmware.restart_due(rig.now + 10 * RESTART_DELAY_MS)
    olix = rig.send(protocol.PROFILE, bytes([profiles.OLIX]))
    rig.run(2)
    assert rig.acks()[olix] == protocol.OK
    assert (tmp_path / "profile.txt").read_text() == "olix"
    assert not rig.firmware.restart_due(rig.now)  # the ACK goes out first
    assert rig.firmware.restart_due(rig.now + RESTART_DELAY_MS)
    rebooted: Board = boot_firmware(rig.hardware, rig.wire, tmp_path, rig.now)
    assert rebooted.profile.name == "olix" and rebooted.classifier.count == 121


def test_a_profile_that_cannot_be_stored_is_reported(tmp_path: Path) -> None:
    rig = FlatRig(tmp_path, "flip4")
    rig.firmware.profile_path = str(tmp_path / "missing" / "profile.txt")
    seq = rig.send(protocol.PROFILE, bytes([profiles.SPACEBOARD]))
    rig.run(2)
    assert rig.acks()[seq] == protocol.STORAGE_FAILED
    assert rig.firmware.restart_at == -1
