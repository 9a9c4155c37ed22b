"""The committed UF2 on an emulated RP2040 (rp2040js), wired to a simulated board, with the real
``SerialBackend`` on the other side of its USB serial: MicroPython's rp2 port running the frozen
firmware, its ADC, GPIO, NeoPixel timing, flash and watchdog."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from firmware.leds import limited_brightness
from hal.base import Button, Piece
from hal.sensor_health import volts_of
from hal.serial_protocol import Kind, encode_frame
from tests.emulated_pico import EmulatedRig, emulated_rig
from tests.firmware.pico.full_white import assert_within_supply
from tests.waiting import wait_until

SLOW = 120.0  # seconds of real time for anything the emulated firmware must do


@pytest.fixture(scope="module")
def shared() -> Iterator[EmulatedRig]:
    """One emulated Pico for the tests that leave it as they found it."""
    with emulated_rig() as opened:
        yield opened


def test_the_uf2_boots_and_answers_the_handshake(shared: EmulatedRig) -> None:
    info = shared.backend.info
    assert info is not None
    assert (info.version, info.holes, info.groove_sensors, info.pixels) == (1, 64, 8, 72)
    assert shared.backend.connected
    assert shared.pico.events[0]["ev"] == "boot"


def test_placements_and_lifts_arrive_as_full_states(shared: EmulatedRig) -> None:
    board, backend = shared.board, shared.backend
    board.place(0)
    board.place(40, "burocrat")
    board.remove_panel(1)
    wait_until(lambda: backend.read().holes == board.read().holes, timeout=SLOW)
    assert backend.read().holes[40] is Piece.BUROCRAT
    wait_until(lambda: backend.read().grooves == ("R", None, "G", "B"), timeout=SLOW)
    board.lift(0)
    board.place(63)
    board.seat_panel(1, "B")
    wait_until(lambda: backend.read().grooves == ("R", "B", "G", None), timeout=SLOW)
    wait_until(lambda: backend.read().holes == board.read().holes, timeout=SLOW)
    assert backend.read().grooves == board.read().grooves
    assert bin(backend.read().occupied()).count("1") == 2  # the panel moved with its piece
    board.clear()
    board.seat_panel(3, "B")
    board.seat_panel(1, "Y")
    wait_until(lambda: backend.read().grooves == ("R", "Y", "G", "B"), timeout=SLOW)
    wait_until(lambda: backend.read().occupied() == 0, timeout=SLOW)


def test_led_frames_leave_the_neopixel_pin_as_the_host_sent_them(shared: EmulatedRig) -> None:
    pixels = shared.backend.pixels
    colors = [((7 * i) % 256, (50 + 3 * i) % 256, (200 - i) % 256) for i in range(72)]
    pixels[:] = colors
    pixels.brightness = 0.5
    since = len(shared.pico.events)
    pixels.show()
    level = limited_brightness(bytes(c for color in colors for c in color), 128)
    expected = [tuple(c * level // 255 for c in color) for color in colors]
    frame = shared.pico.wait_for(
        lambda e: e["ev"] == "leds" and shared.pico.leds(e) == expected, SLOW, since
    )
    assert frame["bits"] == 72 * 24
    # WS2812B: 24 bits of 1.25 us each per pixel, so 2.16 ms on the wire for the whole chain.
    assert 2.0e6 < frame["end"] - frame["start"] < 2.6e6


def test_full_white_stays_within_the_supply(shared: EmulatedRig) -> None:
    """72 pixels at full white would draw 4.39 A from the 4 A supply: the firmware scales it."""
    assert_within_supply(shared, "flix")


def test_button_presses_reach_the_host(shared: EmulatedRig) -> None:
    shared.backend.take_presses()
    shared.board.press("roll")
    shared.board.press("flix")
    seen: list[Button] = []

    def both() -> bool:
        seen.extend(press.button for press in shared.backend.take_presses())
        return len(seen) >= 2

    wait_until(both, timeout=SLOW)
    assert seen == [Button.ROLL, Button.FLIX]


def test_garbage_from_the_host_is_counted_and_the_link_recovers(shared: EmulatedRig) -> None:
    before = dict(shared.backend.board_counters)
    good = encode_frame(Kind.PING, 9)
    # Ctrl-C, Ctrl-D and Ctrl-A (which would stop MicroPython's program at its REPL), a run longer
    # than any frame, and a frame cut short.
    garbage = b"\x03\x04\x01\xff\x00" + bytes(range(1, 255)) * 2 + b"\x00" + good[:-3] + b"\x00"
    port = os.open(shared.pico.port, os.O_WRONLY | os.O_NOCTTY)
    try:
        os.write(port, garbage)
    finally:
        os.close(port)

    def counted() -> bool:
        """The over-long run and a broken frame are both in the board's counters."""
        now = shared.backend.board_counters

        def grew(*names: str) -> bool:
            return sum(now.get(n, 0) for n in names) > sum(before.get(n, 0) for n in names)

        return grew("rx_overflow") and grew("rx_cobs", "rx_short", "rx_crc")

    wait_until(counted, timeout=SLOW)
    shared.board.place(9)
    wait_until(lambda: shared.backend.read().occupied() == 1 << 9, timeout=SLOW)
    shared.board.lift(9)
    wait_until(lambda: shared.backend.read().occupied() == 0, timeout=SLOW)
    assert shared.backend.connected


def test_calibration_survives_a_watchdog_reset_of_a_hung_loop() -> None:
    with emulated_rig() as rig:
        for groove in range(4):
            rig.board.remove_panel(groove)
        wait_until(lambda: rig.backend.read().grooves == (None,) * 4, timeout=SLOW)
        offsets = rig.backend.raw_fields()
        assert any(offsets), "an uncalibrated sensor reads its offset from mid-rail"
        rig.backend.capture_baseline(timeout=SLOW)
        assert not any(rig.backend.raw_fields())
        rig.pico.stall_adc()  # the main loop hangs in an ADC read and stops feeding the watchdog
        reset = rig.pico.wait_for(lambda e: e["ev"] == "reset", SLOW)
        assert reset["reason"] == "watchdog"
        rig.pico.wait_for(lambda e: e["ev"] == "boot" and e["n"] == 2, SLOW)
        # USB enumerated again
        wait_until(lambda: rig.backend.counters["connects"] >= 2, timeout=SLOW)
        wait_until(lambda: rig.backend.connected, timeout=SLOW)
        assert not any(rig.backend.raw_fields()), "the baselines came back from the flash"
        rig.board.seat_panel(0, "R")
        rig.board.place(5)
        wait_until(lambda: rig.backend.read().occupied() == 1 << 5, timeout=SLOW)


def test_a_broken_sensor_wire_is_named_and_a_saturating_magnet_is_not(shared: EmulatedRig) -> None:
    """The UF2's RAW frames feed the host's health check: a sensor on its pull-down (0 V at the
    ADC) is named, and reads as a piece; a magnet that drives its sensor to 0.2 V (the end of
    the DRV5055's range) reads as a Man and never as a fault."""
    board, backend = shared.board, shared.backend
    board.place(5, strong=True)
    board.fault_disconnected(21)
    wait_until(
        lambda: backend.read().holes[5] is backend.read().holes[21] is Piece.MAN, timeout=SLOW
    )

    def judged() -> bool:  # a health check's RAW frame saw both
        fields = backend.last_raw_fields
        return (
            fields is not None and volts_of(fields[5], -1) < 0.25 and volts_of(fields[21], -1) < 0.1
        )

    wait_until(judged, timeout=SLOW)
    fields = backend.last_raw_fields
    assert fields is not None and volts_of(fields[5], -1) > 0.15
    assert [f.sensor for f in backend.sensor_faults] == [21]
    board.clear_fault(21)
    board.lift(5)
    wait_until(lambda: backend.read().occupied() == 0, timeout=SLOW)
