"""The serial backend over real pyserial and a pty, against the simulated Pico."""

from __future__ import annotations

import threading

import pytest

from controller.tools import selftest
from engine.holes import Layout
from hal import serial_backend
from hal.base import Piece
from hal.errors import BackendUnavailable, BoardDisconnected
from hal.registry import open_backend
from hal.serial_backend import DEFAULT_PORT, SerialBackend
from hal.serial_errors import BoardCommandFailed, ProtocolMismatch
from hal.serial_protocol import Kind, encode_frame
from tests.pico_rig import PicoRig, pico_rig
from tests.waiting import wait_until


def test_handshake_reports_the_firmware(rig: PicoRig) -> None:
    backend = rig.backend
    assert backend.connected
    assert backend.info is not None
    assert (backend.info.version, backend.info.holes, backend.info.pixels) == (1, 64, 72)
    assert backend.read().grooves == ("R", "Y", "G", "B")
    assert "port=" in repr(backend)


def test_the_registry_opens_it_by_name(rig: PicoRig) -> None:
    rig.backend.close()  # the port is opened exclusively: one service per board
    with open_backend(f"serial:{rig.pico.port}") as second:
        assert isinstance(second, SerialBackend)
        assert second.read().grooves == ("R", "Y", "G", "B")


def test_default_port_is_the_udev_name() -> None:
    assert DEFAULT_PORT == "/dev/flixboard"


def test_no_board_is_a_clear_error() -> None:
    with pytest.raises(BackendUnavailable, match="no flixboard answered on /nonexistent/tty"):
        SerialBackend("/nonexistent/tty", open_timeout=0.5)


def test_a_silent_port_is_a_clear_error(rig: PicoRig) -> None:
    rig.pico.freeze()
    rig.backend.close()
    with pytest.raises(BackendUnavailable, match=r"within 0\.5 s"):
        SerialBackend(rig.pico.port, open_timeout=0.5)


def test_led_frames_are_acknowledged_and_shown(rig: PicoRig) -> None:
    pixels = rig.backend.pixels
    pixels.fill((0, 0, 0))
    pixels[21] = (255, 128, 0)
    pixels[70] = (0, 255, 0)
    pixels.show()
    assert rig.backend.flush(timeout=5)
    wait_until(lambda: rig.board.frames)  # the simulated Pico records it right after its ACK
    frame = rig.board.frames[-1]
    assert frame.colors[21] == (255, 128, 0) and frame.lit_holes() == {21}
    strip, chain = rig.pico.strip, rig.pico.chain
    assert strip[chain.position_of(21)] == (255, 128, 0)
    assert strip[chain.position_of(70)] == (0, 255, 0)


def test_raw_fields_and_scan_rate(rig: PicoRig) -> None:
    rig.board.place(21, Piece.BUROCRAT)
    wait_until(lambda: rig.backend.raw_fields()[21] < -800)
    fields = rig.backend.raw_fields()
    assert len(fields) == 72
    assert all(abs(f) < 110 for i, f in enumerate(fields[:64]) if i != 21)
    assert all(abs(f) > 600 for f in fields[64:])  # the panels' foot magnets
    wait_until(lambda: rig.backend.board_scan_hz > 0)


def test_calibration_over_the_wire(rig: PicoRig) -> None:
    with pytest.raises(BoardCommandFailed, match="take every piece out"):
        rig.backend.capture_baseline()  # the panels' magnets are on the groove sensors
    for groove in range(4):
        rig.board.remove_panel(groove)
    wait_until(lambda: rig.backend.read().grooves == (None,) * 4)
    rig.backend.capture_baseline()
    assert (rig.pico.storage_dir / "calibration.json").exists()
    wait_until(lambda: max(abs(f) for f in rig.backend.raw_fields()) <= 1)
    rig.backend.set_thresholds(300, 150)
    with pytest.raises(ValueError):
        rig.backend.set_thresholds(100, 150)
    rig.backend.forget_calibration()
    assert not (rig.pico.storage_dir / "calibration.json").exists()


def test_a_disconnected_sensor_is_refused_at_calibration_and_reads_as_a_piece(rig: PicoRig) -> None:
    """A sensor whose wire broke sits on its pull-down at 0 V: the Pico refuses its baseline
    (far from mid-rail) and the host says it may be disconnected; until it is mended it reads as
    a piece that never leaves its hole, which the selftest's sensor walk shows."""
    for groove in range(4):
        rig.board.remove_panel(groove)
    rig.board.fault_disconnected(21)
    wait_until(lambda: rig.backend.read().holes[21] is not Piece.EMPTY)
    assert abs(rig.backend.raw_fields()[21]) > 1400
    with pytest.raises(BoardCommandFailed, match="or is disconnected"):
        rig.backend.capture_baseline()
    assert not (rig.pico.storage_dir / "calibration.json").exists()


def test_a_chain_mixing_pixel_orders_gives_each_its_own(
    rig: PicoRig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The firmware writes every pixel GRB; for an RGB pixel (a wiring file's segment) the host
    hands it the colour so permuted that the bytes on the wire read red in RGB."""
    rgb_holes = ("RGB",) * 64 + ("GRB",) * 8
    monkeypatch.setattr(serial_backend, "pixel_orders", lambda geometry: rgb_holes)
    rig.backend.pixels[21] = (255, 0, 0)
    rig.backend.pixels[70] = (255, 0, 0)
    rig.backend.pixels.show()
    strip, chain = rig.pico.strip, rig.pico.chain
    wait_until(lambda: strip[chain.position_of(70)] == (255, 0, 0))
    assert strip[chain.position_of(21)] == (0, 255, 0)  # G byte first: 255, then R: 0, B: 0


def test_presses_arrive_once_and_in_order(rig: PicoRig) -> None:
    for button in ("roll", "flix", "flix", "menu"):
        rig.board.press(button)
    presses: list[str] = []

    def all_four() -> bool:
        presses.extend(p.button.value for p in rig.backend.take_presses())
        return len(presses) >= 4

    wait_until(all_four)
    assert presses == ["roll", "flix", "flix", "menu"]
    assert rig.backend.take_presses() == []


def test_menu_held_down_arrives_as_one_long_press(rig: PicoRig) -> None:
    """A long press of MENU asks for a hint: the Pico reports MENU held, the host tells it long."""
    rig.board.press("menu", long=True)
    rig.board.press("menu")
    presses: list[tuple[str, bool]] = []

    def both() -> bool:
        presses.extend((p.button.value, p.long) for p in rig.backend.take_presses())
        return len(presses) >= 2

    wait_until(both)
    assert presses == [("menu", True), ("menu", False)]


def test_when_changed_fires_from_the_reader(rig: PicoRig) -> None:
    fired = threading.Event()
    rig.backend.when_changed = fired.set
    rig.board.place("G-III-D")
    wait_until(fired.is_set)
    assert rig.backend.read().holes[16 * 2 + 4 * 2 + 2] is Piece.MAN


def test_a_firmware_of_another_version_is_refused(rig: PicoRig) -> None:
    rig.pico.freeze()  # the real firmware stays silent; an impostor answers
    rig.backend.close()

    done = threading.Event()

    def impostor() -> None:
        while not done.wait(0.05):
            rig.pico.inject(encode_frame(Kind.INFO, 0, bytes([9, 9, 0, 64, 8, 72])))

    thread = threading.Thread(target=impostor, daemon=True)
    thread.start()
    try:
        with pytest.raises(ProtocolMismatch, match="protocol version 9"):
            SerialBackend(rig.pico.port, open_timeout=10)
    finally:
        done.set()
        thread.join()


def test_commands_need_a_connected_board(rig: PicoRig) -> None:
    rig.pico.unplug()
    wait_until(lambda: not rig.backend.connected)
    with pytest.raises(BoardDisconnected):
        rig.backend.raw_fields()
    with pytest.raises(BoardDisconnected):
        rig.backend.capture_baseline()


def test_a_broken_sensor_wire_is_found_by_the_health_check_and_a_strong_magnet_is_not() -> None:
    """The backend asks for a RAW frame at each connection and every ``health_s``: a sensor on
    its pull-down (0 V) is named by its hole; a magnet that drives its sensor to the end of its
    range (0.2 V) reads as a piece, not as a fault; a mended wire clears the fault."""
    with pico_rig(health_s=0.2) as rig:
        assert not rig.backend.sensor_faults
        rig.board.place("R-I-H", strong=True)
        wait_until(lambda: rig.backend.read().holes[1] is Piece.MAN)
        rig.board.fault_disconnected("Y-II-H")
        wait_until(lambda: [f.sensor for f in rig.backend.sensor_faults] == [21])
        (fault,) = rig.backend.sensor_faults
        assert fault.low and fault.volts < 0.1
        said = fault.words(Layout())
        assert (
            said
            == "The sensor under Y-II-H reads 0.0 V: its wire is broken or the sensor is missing"
        )
        checked = selftest.wires(rig.backend, Layout())  # flixboard selftest's item
        assert checked is not None and (checked.passed, checked.detail) == (False, said)
        rig.board.clear_fault("Y-II-H")
        wait_until(lambda: rig.backend.sensor_faults == ())
        assert rig.backend.read().holes[1] is Piece.MAN  # the strong magnet never was a fault
